import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { system } from '../../theme/system';
import { PasswordInputField } from './password-input-field';
import { TextInputField } from './text-input-field';
import { usePlainForm } from './use-plain-form';
import { composeValidators, email, required } from './validators';

type Values = { email: string; password: string };

function SignInLikeForm({ onSubmit }: { onSubmit: (values: Values) => Promise<void> }) {
  const form = usePlainForm(
    {
      email: composeValidators(required('Email is required'), email('Email should be valid')),
      password: required('Password is required'),
    },
    onSubmit,
  );
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <TextInputField {...form.field('email')} type="email" label="E-mail" testId="email" />
      <PasswordInputField {...form.field('password')} label="Password" testId="password" />
      <button type="submit" disabled={form.submitting}>
        Send
      </button>
    </form>
  );
}

const renderForm = (onSubmit: (values: Values) => Promise<void>) =>
  render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <SignInLikeForm onSubmit={onSubmit} />
      </ChakraProvider>
    </I18nProvider>,
  );

it('shows no message until a field is left, then that field’s message', async () => {
  renderForm(jest.fn());
  const user = userEvent.setup();
  expect(screen.queryByText('Email is required')).not.toBeInTheDocument();

  await user.click(screen.getByTestId('email'));
  await user.type(screen.getByTestId('email'), 'not-an-address');
  expect(screen.queryByText('Email should be valid')).not.toBeInTheDocument();
  await user.tab();

  expect(await screen.findByText('Email should be valid')).toBeInTheDocument();
  expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
});

it('does not submit an invalid form and shows every message', async () => {
  const onSubmit = jest.fn(async () => undefined);
  renderForm(onSubmit);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));

  expect(await screen.findByText('Email is required')).toBeInTheDocument();
  expect(screen.getByText('Password is required')).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
});

it('submits the values once valid and is submitting until the promise settles', async () => {
  let settle: () => void = () => undefined;
  const onSubmit = jest.fn(() => new Promise<void>((resolve) => (settle = resolve)));
  renderForm(onSubmit);
  const user = userEvent.setup();
  await user.type(screen.getByTestId('email'), 'admin@acme.test');
  await user.type(screen.getByTestId('password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Send' }));

  expect(onSubmit).toHaveBeenCalledWith({ email: 'admin@acme.test', password: 'secret' });
  expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  await act(async () => settle());
  expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
});

// Text held by prerendered inputs before the console ran is taken over: app/first-paint.test.tsx, on the sign-in page.
