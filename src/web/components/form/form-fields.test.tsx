import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-final-form';
// Rendered outside the shell, which registers the signed-in screens' recipes (ADR 0084).
import '../../theme/signed-in-recipes';
import { system } from '../../theme/system';
import { PasswordField } from './password-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { composeValidators, email, required } from './validators';

interface Values {
  email: string;
  password: string;
  role: string;
}

const renderForm = (onSubmit: (values: Values) => void) =>
  render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <Form<Values>
          onSubmit={onSubmit}
          initialValues={{ email: '', password: '', role: '' }}
          render={({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate>
              <TextField
                name="email"
                label="E-mail"
                transform={(value) => value.toLowerCase()}
                validate={composeValidators(required('Email is required'), email('Email should be valid'))}
                helperText="We never share it"
              />
              <PasswordField name="password" label="Password" validate={required('Password is required')} />
              <SelectField
                name="role"
                label="Role"
                placeholder="Choose…"
                options={[
                  { value: 'analyst', label: 'Analyst' },
                  { value: 'admin', label: 'Customer Admin' },
                ]}
                validate={required('Please select role')}
              />
              <button type="submit">Save</button>
            </form>
          )}
        />
      </ChakraProvider>
    </I18nProvider>,
  );

describe('form-field kit', () => {
  it('shows each field’s validation message after a submit attempt and nothing is submitted', async () => {
    const onSubmit = jest.fn();
    const user = userEvent.setup();
    renderForm(onSubmit);
    expect(screen.getByText('We never share it')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please select role')).toBeInTheDocument();
    expect(screen.queryByText('We never share it')).not.toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits transformed values; the password can be shown and hidden', async () => {
    const onSubmit = jest.fn();
    const user = userEvent.setup();
    renderForm(onSubmit);

    await user.type(screen.getByLabelText('E-mail'), 'Ada@ACME.test');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'secret');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    await user.selectOptions(screen.getByLabelText('Role'), 'Customer Admin');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledWith(
      { email: 'ada@acme.test', password: 'secret', role: 'admin' },
      expect.anything(),
      expect.anything(),
    );
  });
});
