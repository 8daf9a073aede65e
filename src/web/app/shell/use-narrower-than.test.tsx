import { act, render, screen } from '@testing-library/react';
import { useNarrowerThan } from './use-narrower-than';

function Width({ px }: { px: number }) {
  return <span data-testid={`below-${px}`}>{useNarrowerThan(px) ? 'narrow' : 'wide'}</span>;
}

const resizeTo = (width: number) =>
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });

test('follows the width across a resize, and asks the browser for one list per query however often it renders', () => {
  const matchMedia = jest.spyOn(window, 'matchMedia');
  resizeTo(1366);
  const { rerender } = render(
    <>
      <Width px={768} />
      <Width px={768} />
      <Width px={1024} />
    </>,
  );
  expect(screen.getAllByText('wide')).toHaveLength(3);
  resizeTo(900);
  expect(screen.getByTestId('below-1024')).toHaveTextContent('narrow');
  expect(screen.getAllByTestId('below-768').map((e) => e.textContent)).toEqual(['wide', 'wide']);
  resizeTo(390);
  rerender(
    <>
      <Width px={768} />
      <Width px={768} />
      <Width px={1024} />
    </>,
  );
  expect(screen.getAllByText('narrow')).toHaveLength(3);
  expect(new Set(matchMedia.mock.calls.map(([query]) => query))).toEqual(
    new Set(['not all and (min-width: 768px)', 'not all and (min-width: 1024px)']),
  );
  expect(matchMedia).toHaveBeenCalledTimes(2);
});
