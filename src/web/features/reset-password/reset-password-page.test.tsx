import { act, screen } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import { installFetchStub } from '../../testing/fetch-stub';
import { PATHS, serverFor } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';

const FALLBACK = 'Something went wrong. Please contact the provider.';

describe('reset password: request a link', () => {
  it('validates the address, lower-cased as typed', async () => {
    const server = installFetchStub(serverFor());
    const { user } = await renderWithProviders({ route: '/resetPassword' });
    const field = await screen.findByTestId(sel.resetPassword.email);
    expect(screen.getByText('E-MAIL ADDRESS')).toBeInTheDocument();

    await user.click(screen.getByTestId(sel.resetPassword.submit));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();

    await user.type(field, 'Ada.Lovelace@ACME');
    expect(field).toHaveValue('ada.lovelace@acme');
    await user.click(screen.getByTestId(sel.resetPassword.submit));
    expect(await screen.findByText('Email should be valid')).toBeInTheDocument();
    expect(server.callsTo(PATHS.requestPasswordReset)).toHaveLength(0);
  });

  it('shows the server message in a dismissible alert when the request fails', async () => {
    installFetchStub({
      ...serverFor(),
      [PATHS.requestPasswordReset]: { status: 422, body: { message: 'Too many reset requests' } },
    });
    const { user } = await renderWithProviders({ route: '/resetPassword' });
    await user.type(await screen.findByTestId(sel.resetPassword.email), 'ada@acme.test');
    await user.click(screen.getByTestId(sel.resetPassword.submit));

    const alert = await screen.findByTestId(sel.resetPassword.error);
    expect(alert).toHaveTextContent('Too many reset requests');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId(sel.resetPassword.error)).not.toBeInTheDocument();
  });

  it('falls back to the specified text when the answer has no message', async () => {
    installFetchStub({ ...serverFor(), [PATHS.requestPasswordReset]: { status: 400, body: {} } });
    const { user } = await renderWithProviders({ route: '/resetPassword' });
    await user.type(await screen.findByTestId(sel.resetPassword.email), 'ada@acme.test');
    await user.click(screen.getByTestId(sel.resetPassword.submit));

    expect(await screen.findByTestId(sel.resetPassword.error)).toHaveTextContent(FALLBACK);
  });

  it('links back to Login', async () => {
    installFetchStub(serverFor());
    const { user, router } = await renderWithProviders({ route: '/resetPassword' });
    await user.click(await screen.findByRole('link', { name: 'Back To Login' }));
    expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('sends the lower-cased address, shows success, then clears and goes home after 5 s', async () => {
      const server = installFetchStub({
        ...serverFor(),
        [PATHS.requestPasswordReset]: { body: { message: 'If the address is known, a link was sent.' } },
      });
      const { user, router } = await renderWithProviders({ route: '/resetPassword', fakeTimers: true });
      await user.type(await screen.findByTestId(sel.resetPassword.email), 'Ada@Acme.TEST');
      await user.click(screen.getByTestId(sel.resetPassword.submit));

      expect(await screen.findByTestId(sel.resetPassword.success)).toBeInTheDocument();
      expect(server.callsTo(PATHS.requestPasswordReset)[0]?.body).toEqual({ email: 'ada@acme.test' });

      act(() => jest.advanceTimersByTime(4999));
      expect(router.state.location.pathname).toBe('/resetPassword');
      act(() => jest.advanceTimersByTime(1));
      expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(screen.queryByTestId(sel.resetPassword.success)).not.toBeInTheDocument();
    });
  });
});

describe('reset password: set the new password from the e-mailed link', () => {
  const route = '/resetPassword?token=one-time-token';

  it('checks that both entries are given and match', async () => {
    const server = installFetchStub(serverFor());
    const { user } = await renderWithProviders({ route });
    await user.click(await screen.findByTestId(sel.resetPassword.setPassword));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm the new password')).toBeInTheDocument();

    await user.type(screen.getByTestId(sel.resetPassword.newPassword), 'Correct horse 1!');
    await user.type(screen.getByTestId(sel.resetPassword.confirmPassword), 'Correct horse 2!');
    await user.click(screen.getByTestId(sel.resetPassword.setPassword));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(server.callsTo(PATHS.confirmPasswordReset)).toHaveLength(0);
  });

  it('shows a 422 message about the password on the field, and other messages in the alert', async () => {
    const server = installFetchStub({
      ...serverFor(),
      [PATHS.confirmPasswordReset]: {
        status: 422,
        body: {
          message: 'The request breaks a rule',
          errors: [{ field: 'password', message: 'Password must be at least 12 characters' }],
        },
      },
    });
    const { user } = await renderWithProviders({ route });
    await user.type(await screen.findByTestId(sel.resetPassword.newPassword), 'short1!');
    await user.type(screen.getByTestId(sel.resetPassword.confirmPassword), 'short1!');
    await user.click(screen.getByTestId(sel.resetPassword.setPassword));

    expect(await screen.findByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(server.callsTo(PATHS.confirmPasswordReset)[0]?.body).toEqual({
      token: 'one-time-token',
      password: 'short1!',
    });

    server.answer({
      [PATHS.confirmPasswordReset]: { status: 422, body: { message: 'This reset link has expired.' } },
    });
    await user.type(screen.getByTestId(sel.resetPassword.newPassword), 'long enough now');
    await user.clear(screen.getByTestId(sel.resetPassword.confirmPassword));
    await user.type(screen.getByTestId(sel.resetPassword.confirmPassword), 'short1!long enough now');
    await user.click(screen.getByTestId(sel.resetPassword.setPassword));
    expect(await screen.findByTestId(sel.resetPassword.error)).toHaveTextContent('This reset link has expired.');
  });

  it('asks before leaving with a half-typed password', async () => {
    installFetchStub(serverFor());
    const { user, router } = await renderWithProviders({ route });
    await user.type(await screen.findByTestId(sel.resetPassword.newPassword), 'half');
    await user.click(screen.getByRole('link', { name: 'Back To Login' }));

    expect(
      await screen.findByText('Are you sure you want to leave? You have some unsaved changes.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/resetPassword');
  });

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('changes the password, shows success and goes home after 5 s', async () => {
      installFetchStub({ ...serverFor(), [PATHS.confirmPasswordReset]: { body: { message: 'Password changed' } } });
      const { user, router } = await renderWithProviders({ route, fakeTimers: true });
      await user.type(await screen.findByTestId(sel.resetPassword.newPassword), 'Correct horse 1!');
      await user.type(screen.getByTestId(sel.resetPassword.confirmPassword), 'Correct horse 1!');
      await user.click(screen.getByTestId(sel.resetPassword.setPassword));

      expect(await screen.findByTestId(sel.resetPassword.success)).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(4999));
      expect(router.state.location.pathname).toBe('/resetPassword');
      act(() => jest.advanceTimersByTime(1));
      expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
      expect(
        screen.queryByText('Are you sure you want to leave? You have some unsaved changes.'),
      ).not.toBeInTheDocument();
    });
  });
});
