import { screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import type { UserInfo } from '../../api/generated/user-service';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { PATHS, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';

const UPDATE = 'PUT /api/user-service/v1/user/profile';

const withAlerts = (user: UserInfo): UserInfo => ({
  ...user,
  phoneNumber: '555-123-4567',
  notificationPreference: {
    resultAlert: 'PERIODIC',
    time: ['12:00'],
    displayTimezone: '16',
    usedTimezone: 'America/New_York',
    pendingResultsNotification: 'ON',
  },
});

/** A multipart text field as the stub recorded it. */
const formField = (body: unknown, name: string) =>
  new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(String(body))?.[1];

const open = async (user: UserInfo = userInfo(), extra: Record<string, StubHandler> = {}) => {
  const stub = installFetchStub({ ...serverFor({ user }), ...extra });
  const app = await renderWithProviders({ route: '/main/userprofile', preloadedState: signedInState() });
  await screen.findByTestId(sel.profile.form);
  return { app, stub };
};

describe('User Profile', () => {
  it("shows the user's fields: e-mail read-only, alerts off with the pending-results notification off and disabled", async () => {
    await open();
    expect(screen.getByTestId(sel.profile.firstName)).toHaveValue('Ada');
    expect(screen.getByTestId(sel.profile.lastName)).toHaveValue('Lovelace');
    expect(screen.getByTestId(sel.profile.email)).toHaveValue('ada@acme.test');
    expect(screen.getByTestId(sel.profile.email)).toHaveAttribute('readonly');
    expect(screen.getByText('Photo (max 1 MB, about 200 px x 200 px)')).toBeInTheDocument();
    expect(within(screen.getByTestId(sel.profile.alerts)).getByRole('checkbox')).not.toBeChecked();
    expect(screen.queryByTestId(sel.profile.timezone)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.profile.time('08:00'))).not.toBeInTheDocument();
    const pending = within(screen.getByTestId(sel.profile.pending)).getByRole('checkbox');
    expect(pending).not.toBeChecked();
    expect(pending).toBeDisabled();
    expect(screen.getByTestId(sel.profile.save)).toBeDisabled();
  });

  it('turning alerts on offers the times and the 124 time zones with Pacific Time chosen', async () => {
    const { app } = await open();
    await app.user.click(within(screen.getByTestId(sel.profile.alerts)).getByRole('checkbox'));
    const zone = await screen.findByTestId(sel.profile.timezone);
    expect(zone).toHaveValue('6');
    expect(within(zone).getByRole('option', { name: '(UTC-08:00) Pacific Time (US & Canada)' })).toHaveProperty(
      'selected',
      true,
    );
    // 124 options and the empty "Select" one.
    expect(within(zone).getAllByRole('option')).toHaveLength(125);
    for (const time of ['08:00', '12:00', '16:00'])
      expect(screen.getByTestId(sel.profile.time(time))).toBeInTheDocument();
    expect(screen.getByText('8 am')).toBeInTheDocument();
    expect(screen.getByText('12 pm')).toBeInTheDocument();
    expect(screen.getByText('4 pm')).toBeInTheDocument();
    expect(within(screen.getByTestId(sel.profile.pending)).getByRole('checkbox')).toBeEnabled();
  });

  it("shows docs/product/profile.md#rules's messages and sends nothing while a rule is broken", async () => {
    const { app, stub } = await open();
    await app.user.clear(screen.getByTestId(sel.profile.firstName));
    await app.user.clear(screen.getByTestId(sel.profile.lastName));
    await app.user.type(screen.getByTestId(sel.profile.phone), '12345');
    await app.user.click(within(screen.getByTestId(sel.profile.alerts)).getByRole('checkbox'));
    await app.user.selectOptions(await screen.findByTestId(sel.profile.timezone), '');
    await app.user.click(screen.getByTestId(sel.profile.save));
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Invalid phone number',
      'Please checked at least one checked box',
      'Please select time zone',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(stub.callsTo(UPDATE)).toHaveLength(0);
  });

  it('alerts off force the pending-results notification off and hide the times and time zone', async () => {
    const { app, stub } = await open(withAlerts(userInfo()), {
      [UPDATE]: (request) => ({
        body: { ...userInfo(), phoneNumber: '555-123-4567', _sent: request.body } as UserInfo,
      }),
    });
    expect(screen.getByTestId(sel.profile.timezone)).toHaveValue('16');
    await waitFor(() =>
      expect(within(screen.getByTestId(sel.profile.time('12:00'))).getByRole('checkbox')).toBeChecked(),
    );
    const pending = within(screen.getByTestId(sel.profile.pending)).getByRole('checkbox');
    await waitFor(() => expect(pending).toBeChecked());

    await app.user.click(within(screen.getByTestId(sel.profile.alerts)).getByRole('checkbox'));
    await waitFor(() => expect(pending).not.toBeChecked());
    expect(pending).toBeDisabled();
    expect(screen.queryByTestId(sel.profile.timezone)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.profile.time('12:00'))).not.toBeInTheDocument();

    await app.user.click(screen.getByTestId(sel.profile.save));
    await screen.findByTestId(sel.profile.success);
    const sent = stub.callsTo(UPDATE)[0]!.body;
    expect(JSON.parse(formField(sent, 'notificationPreference')!)).toEqual({
      resultAlert: 'OFF',
      time: [],
      displayTimezone: '16',
      usedTimezone: 'America/New_York',
      pendingResultsNotification: 'OFF',
    });
  });

  it('saves: sends the form, shows "Profile Updated Successfully" and the header shows the new name', async () => {
    const saved = { ...userInfo({ firstName: 'Grace', lastName: 'Hopper' }), phoneNumber: '+1 (555) 123-4567' };
    let current = userInfo();
    const { app, stub } = await open(current, {
      [UPDATE]: () => {
        current = saved;
        return { body: saved };
      },
      [PATHS.getUserInfo]: () => ({ body: current }),
    });
    expect(await screen.findByTestId(sel.shell.userMenu)).toHaveTextContent('Ada Lovelace');
    const first = screen.getByTestId(sel.profile.firstName);
    await app.user.clear(first);
    await app.user.type(first, 'Grace');
    await app.user.clear(screen.getByTestId(sel.profile.lastName));
    await app.user.type(screen.getByTestId(sel.profile.lastName), 'Hopper');
    await app.user.type(screen.getByTestId(sel.profile.phone), '+1 (555) 123-4567');
    await app.user.click(within(screen.getByTestId(sel.profile.alerts)).getByRole('checkbox'));
    await app.user.click(within(await screen.findByTestId(sel.profile.time('16:00'))).getByRole('checkbox'));
    await app.user.click(within(screen.getByTestId(sel.profile.time('08:00'))).getByRole('checkbox'));
    await app.user.upload(
      screen.getByTestId(sel.profile.photo),
      new File(['png-bytes'], 'me.png', { type: 'image/png' }),
    );
    await app.user.click(screen.getByTestId(sel.profile.save));

    expect(await screen.findByTestId(sel.profile.success)).toHaveTextContent('Profile Updated Successfully');
    const sent = stub.callsTo(UPDATE)[0]!.body;
    expect(formField(sent, 'firstName')).toBe('Grace');
    expect(formField(sent, 'lastName')).toBe('Hopper');
    expect(formField(sent, 'phoneNumber')).toBe('+1 (555) 123-4567');
    expect(String(sent)).toContain('filename="me.png"');
    expect(String(sent)).not.toContain('name="email"');
    expect(JSON.parse(formField(sent, 'notificationPreference')!)).toEqual({
      resultAlert: 'PERIODIC',
      time: ['08:00', '16:00'],
      displayTimezone: '6',
      usedTimezone: 'America/Los_Angeles',
      pendingResultsNotification: 'OFF',
    });
    await waitFor(() => expect(screen.getByTestId(sel.shell.userMenu)).toHaveTextContent('Grace Hopper'));
    expect(screen.getByTestId(sel.profile.firstName)).toHaveValue('Grace');
    expect(screen.getByTestId(sel.profile.save)).toBeDisabled();
  });

  it("shows the server's message in a dismissible danger alert and its field errors", async () => {
    const { app } = await open(userInfo(), {
      [UPDATE]: {
        status: 422,
        body: {
          message: 'Please correct the highlighted fields.',
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'phoneNumber', message: 'Phone number is not valid' }],
        },
      },
    });
    await app.user.type(screen.getByTestId(sel.profile.phone), '555-123-4567');
    await app.user.click(screen.getByTestId(sel.profile.save));
    const alert = await screen.findByTestId(sel.profile.error);
    expect(alert).toHaveTextContent('Please correct the highlighted fields.');
    expect(screen.getByText('Phone number is not valid')).toBeInTheDocument();
    expect(screen.queryByTestId(sel.profile.success)).not.toBeInTheDocument();
    await app.user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId(sel.profile.error)).not.toBeInTheDocument();
  });

  it('a server failure shows the generic message of docs/product/platform.md#generic-messages', async () => {
    const { app } = await open(userInfo(), { [UPDATE]: { status: 500, body: { message: 'boom' } } });
    await app.user.type(screen.getByTestId(sel.profile.phone), '555-123-4567');
    await app.user.click(screen.getByTestId(sel.profile.save));
    expect(await screen.findByTestId(sel.profile.error)).toHaveTextContent(
      "Something went wrong! We are unable to process your request at this time. Please contact the provider's support for assistance.",
    );
  });

  it('Cancel goes back to the dashboard', async () => {
    const { app } = await open();
    await app.user.click(screen.getByTestId(sel.profile.cancel));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/dashboard'));
  });

  it('asks before leaving with unsaved changes', async () => {
    const { app } = await open();
    await app.user.type(screen.getByTestId(sel.profile.lastName), 'x');
    await app.user.click(screen.getByTestId(sel.profile.cancel));
    expect(await screen.findByTestId(sel.unsavedChangesModal)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/main/userprofile');
  });

  it("shows the stored photo on the form and in the header's user menu", async () => {
    const photo = btoa('stored-photo');
    await open({ ...userInfo(), image: photo });
    expect(screen.getByAltText('Photo (max 1 MB, about 200 px x 200 px)')).toHaveAttribute(
      'src',
      `data:image/png;base64,${photo}`,
    );
    expect(await screen.findByTestId(sel.shell.userMenuPhoto)).toHaveAttribute('src', `data:image/png;base64,${photo}`);
  });
});
