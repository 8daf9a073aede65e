import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-final-form';
// Rendered outside the shell, which registers the signed-in screens' recipes (ADR 0084).
import '../../theme/signed-in-recipes';
import { system } from '../../theme/system';
import { CheckboxGroupField } from './checkbox-group-field';

const OPTIONS = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
  { value: 'c', label: 'Gamma' },
];

const renderGroup = (onSubmit: (values: { picked: string[] }) => void, picked: string[] = []) =>
  render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <Form<{ picked: string[] }>
          onSubmit={onSubmit}
          initialValues={{ picked }}
          render={({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate>
              <CheckboxGroupField
                name="picked"
                label="Pick"
                options={OPTIONS}
                validate={(value) => (Array.isArray(value) && value.length > 0 ? undefined : 'Pick one')}
                testId="pick"
              />
              <button type="submit">Save</button>
            </form>
          )}
        />
      </ChakraProvider>
    </I18nProvider>,
  );

const box = (value: string) => within(screen.getByTestId(`pick-${value}`)).getByRole('checkbox');

describe('CheckboxGroupField', () => {
  it('shows the group message on submit with nothing chosen and submits nothing', async () => {
    const onSubmit = jest.fn();
    const user = userEvent.setup();
    renderGroup(onSubmit);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pick one')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('each checkbox toggles its own value; the list keeps the order of the options', async () => {
    const onSubmit = jest.fn();
    const user = userEvent.setup();
    renderGroup(onSubmit, ['b']);
    await waitFor(() => expect(box('b')).toBeChecked());
    await user.click(box('c'));
    await user.click(box('a'));
    await user.click(box('b'));
    expect([box('a'), box('b'), box('c')].map((input) => (input as HTMLInputElement).checked)).toEqual([
      true,
      false,
      true,
    ]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ picked: ['a', 'c'] }, expect.anything(), expect.anything());
    expect(screen.getByRole('group', { name: 'Pick' })).toBeInTheDocument();
  });
});
