import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { system } from '../../theme/system';
import { Logo, LOGO_BARS } from './logo';

const renderInChakra = (ui: React.ReactElement) => render(<ChakraProvider value={system}>{ui}</ChakraProvider>);
const asset = readFileSync(join(__dirname, '../../assets/voxscreen-logo.svg'), 'utf8');

test('the inline mark draws what the favicon file draws', () => {
  expect([...asset.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1])).toEqual(LOGO_BARS);
  renderInChakra(<Logo productName="Voxscreen" />);
  const mark = screen.getByRole('img', { name: 'Voxscreen' });
  expect(mark.tagName.toLowerCase()).toBe('svg');
  expect(mark.getAttribute('viewBox')).toBe(asset.match(/viewBox="([^"]+)"/)![1]);
  expect(mark.querySelector('rect')!.getAttribute('fill')).toBe(asset.match(/<rect[^>]*fill="([^"]+)"/)![1]);
  expect([...mark.querySelectorAll('path')].map((path) => path.getAttribute('d'))).toEqual(LOGO_BARS);
});

test('it is named by the product name it is given', () => {
  renderInChakra(<Logo productName="Acme Screening" size="12" />);
  expect(screen.getByRole('img', { name: 'Acme Screening' })).toBeInTheDocument();
});
