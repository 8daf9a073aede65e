import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// Rendered outside the shell, which registers the signed-in screens' recipes (ADR 0084).
import '../../theme/signed-in-recipes';
import { system } from '../../theme/system';
import { MultiSelectFilter } from './multi-select-filter';

const OPTIONS = [
  { id: 1, label: 'Setup' },
  { id: 2, label: 'Live' },
  { id: 3, label: 'Closed' },
];

const renderFilter = (value: number[], mountOnFirstUse: boolean, onChange = jest.fn()) =>
  render(
    <ChakraProvider value={system}>
      <MultiSelectFilter
        label="Stage"
        placeholder="All stages"
        options={OPTIONS}
        value={value}
        onChange={onChange}
        testId="stage"
        mountOnFirstUse={mountOnFirstUse}
      />
    </ChakraProvider>,
  );

/** Each part's tag, classes, roles and data attributes (not its ids), in document order. */
const partsOf = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-part], .chakra-select__indicatorGroup, svg')]
    .filter((element) => element.tagName !== 'SELECT')
    .map((element) =>
      [
        element.tagName,
        ...[...element.attributes]
          .filter((attribute) => !['id', 'for', 'aria-labelledby', 'aria-controls'].includes(attribute.name))
          .filter(
            (attribute) => !attribute.name.startsWith('aria-invalid') && !attribute.name.startsWith('aria-required'),
          )
          .map((attribute) => `${attribute.name}=${attribute.value}`)
          .sort(),
        element.children.length === 0 ? element.textContent : '',
      ].join(' '),
    );

describe.each([
  ['with options chosen', [2, 3]],
  ['with none chosen', []],
])('the closed filter before first use, %s (ADR 0124)', (_, value) => {
  it('renders the parts, classes and text of Chakra’s closed select', () => {
    const live = renderFilter(value, false);
    const liveParts = partsOf(live.container);
    live.unmount();
    const closed = renderFilter(value, true);
    expect(partsOf(closed.container)).toEqual(liveParts);
  });
});

it('mounts the select open on first use, and the choice reaches onChange', async () => {
  const onChange = jest.fn();
  renderFilter([2], true, onChange);
  expect(screen.queryByTestId('stage-option-1')).not.toBeInTheDocument();
  const user = userEvent.setup();

  await user.click(screen.getByTestId('stage-trigger'));

  const options = await screen.findByTestId('stage-options');
  expect(screen.getByTestId('stage-trigger')).toHaveAttribute('aria-expanded', 'true');
  await user.click(within(options).getByTestId('stage-option-1'));
  expect(onChange).toHaveBeenCalledWith([2, 1]);
});

it('opens from the keyboard too, with focus in the open select', async () => {
  renderFilter([], true);
  const user = userEvent.setup();
  await user.tab();
  expect(screen.getByTestId('stage-trigger')).toHaveFocus();

  await user.keyboard('{ArrowDown}');

  const options = await screen.findByTestId('stage-options');
  expect(screen.getByTestId('stage-trigger')).toHaveAttribute('aria-expanded', 'true');
  expect(
    options.contains(document.activeElement) || screen.getByTestId('stage-trigger') === document.activeElement,
  ).toBe(true);
  await user.keyboard('{Enter}');
});

it('names the closed trigger by its label', () => {
  renderFilter([], true);
  expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveTextContent('All stages');
});
