import { waitFor } from '@testing-library/react';
import { applyColorMode } from './color-mode-provider';

const root = document.documentElement;
const pauses = () => [...document.head.querySelectorAll('style')].filter((s) => s.textContent?.includes('transition'));

afterEach(() => {
  root.className = '';
  root.style.colorScheme = '';
  for (const pause of pauses()) pause.remove();
});

test('sets the class and color-scheme, removing the other theme, with transitions off only while it changes', async () => {
  root.classList.add('light');
  applyColorMode(root, 'dark');
  expect(root.classList.contains('dark')).toBe(true);
  expect(root.classList.contains('light')).toBe(false);
  expect(root.style.colorScheme).toBe('dark');
  expect(pauses()).toHaveLength(1);
  await waitFor(() => expect(pauses()).toHaveLength(0));
  applyColorMode(root, 'light');
  expect([...root.classList]).toEqual(['light']);
  expect(root.style.colorScheme).toBe('light');
});

test('changes nothing when <html> already shows the theme (the first-paint script set it: hydration is quiet)', () => {
  root.classList.add('dark');
  root.style.colorScheme = 'dark';
  applyColorMode(root, 'dark');
  expect([...root.classList]).toEqual(['dark']);
  expect(pauses()).toHaveLength(0);
});
