import { screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import type { ClientApplication, ClientApplicationCredentials } from '../../api/generated/user-service';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { ACME, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PERMISSION } from '../../../shared/permissions';

const ALL = [
  PERMISSION.TENANT_PROJECT_DETAIL_READ,
  PERMISSION.TENANT_CLIENT_APPLICATION_READ,
  PERMISSION.TENANT_CLIENT_APPLICATION_CREATE,
  PERMISSION.TENANT_CLIENT_APPLICATION_UPDATE,
  PERMISSION.TENANT_CLIENT_APPLICATION_DELETE,
];
const SAMPLE = (secret: string) =>
  `curl -sS -X POST 'http://localhost:8080/api/authz-service/v1/oauth/token' -u 'vxc_0123456789abcdef01234567:${secret}' -d grant_type=client_credentials --data-urlencode 'scope=results:write'`;
const APP: ClientApplication = {
  id: 7,
  clientName: 'Telephony Platform',
  clientId: 'vxc_0123456789abcdef01234567',
  description: 'Posts results',
  scopes: ['results:write'],
  createdAt: '2026-11-20T10:00:00.000Z',
  sampleCURLForAccessToken: SAMPLE('<client-secret>'),
};
const CREATED: ClientApplicationCredentials = {
  ...APP,
  id: 8,
  clientName: 'Dialer',
  clientSecret: 'vxs_the-secret-shown-once',
  sampleCURLForAccessToken: SAMPLE('vxs_the-secret-shown-once'),
};
const LIST = 'GET /api/user-service/v1/thirdparty/consumers';
const CREATE = 'POST /api/user-service/v1/thirdparty/consumer';
const GET = 'GET /api/user-service/v1/thirdparty/consumer/7';
const REGENERATE = 'POST /api/user-service/v1/thirdparty/consumer/7/secret';

const server = (permissions: string[] = ALL, extra: Record<string, StubHandler> = {}) =>
  installFetchStub({
    ...serverFor({ user: userInfo({ permissions }) }),
    [LIST]: { body: [APP] },
    [GET]: { body: APP },
    ...extra,
  });
const open = (route: string) => renderWithProviders({ route, preloadedState: signedInState(ACME) });

describe('Client Applications', () => {
  it('lists client name and client ID; a row opens the read-only view; no add button without create', async () => {
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_CLIENT_APPLICATION_READ]);
    const app = await open('/main/admin/clientapp');
    const list = await screen.findByTestId(sel.admin.clientApps.list);
    expect(await within(list).findByText('Telephony Platform')).toBeInTheDocument();
    expect(within(list).getByText(APP.clientId)).toBeInTheDocument();
    expect(screen.getByTestId(sel.admin.tab('clientapp'))).toBeInTheDocument();
    expect(screen.queryByTestId(sel.admin.clientApps.add)).not.toBeInTheDocument();
    await app.user.click(within(list).getByText('Telephony Platform'));
    expect(await screen.findByTestId(sel.admin.clientApps.view)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/main/admin/clientapp/editClientApp/7');
    expect(screen.getByTestId(sel.admin.clientApps.name)).toHaveAttribute('readonly');
    expect(screen.queryByTestId(sel.admin.clientApps.regenerate)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.admin.clientApps.delete)).not.toBeInTheDocument();
  });

  it('shows the empty text and a failed list with its message', async () => {
    const stub = server(ALL, { [LIST]: { body: [] } });
    const app = await open('/main/admin/clientapp');
    expect(await screen.findByText('There are no records to show.')).toBeInTheDocument();
    stub.answer({ [LIST]: { status: 403, body: { message: 'Not for you' } } });
    app.unmount();
    await open('/main/admin/clientapp');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not for you');
  });

  it("add: 'Client App Name is required', then the card reveals the secret once and copies the sample", async () => {
    const stub = server(ALL, { [CREATE]: { body: CREATED } });
    const app = await open('/main/admin/clientapp');
    await app.user.click(await screen.findByTestId(sel.admin.clientApps.add));
    const name = await screen.findByTestId(sel.admin.clientApps.name);
    await app.user.type(name, ' ');
    await app.user.clear(name);
    await app.user.tab();
    expect(await screen.findByText('Client App Name is required')).toBeInTheDocument();
    await app.user.type(name, ' Dialer ');
    await app.user.type(screen.getByTestId(sel.admin.clientApps.description), 'Posts results');
    await app.user.click(screen.getByTestId(sel.admin.clientApps.save));
    expect(await screen.findByTestId(sel.admin.clientApps.success)).toHaveTextContent(
      'Application Created Successfully',
    );
    expect(stub.callsTo(CREATE)[0]!.body).toEqual({ clientName: 'Dialer', description: 'Posts results' });
    expect(screen.getByTestId(sel.admin.clientApps.credentialsSecret)).toHaveTextContent('vxs_the-secret-shown-once');
    expect(screen.getByTestId(sel.admin.clientApps.sample)).toHaveTextContent(CREATED.sampleCURLForAccessToken);
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await app.user.click(screen.getByTestId(sel.admin.clientApps.copySample));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(CREATED.sampleCURLForAccessToken));
    expect(screen.getByTestId(sel.admin.clientApps.copySample)).toHaveTextContent('Copied');
    // Back to the list: the secret is nowhere any more.
    await app.user.click(screen.getByTestId(sel.admin.clientApps.back));
    await screen.findByTestId(sel.admin.clientApps.list);
    expect(document.body.textContent).not.toContain('vxs_the-secret-shown-once');
  });

  it('view: the sample holds a placeholder; regenerate after confirmation reveals the new secret', async () => {
    const stub = server(ALL, { [REGENERATE]: { body: { ...CREATED, id: 7, clientSecret: 'vxs_renewed' } } });
    const app = await open('/main/admin/clientapp/editClientApp/7');
    expect(await screen.findByTestId(sel.admin.clientApps.sample)).toHaveTextContent('<client-secret>');
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await app.user.click(screen.getByTestId(sel.admin.clientApps.copyId));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(APP.clientId));
    await app.user.click(screen.getByTestId(sel.admin.clientApps.regenerate));
    await app.user.click(await screen.findByTestId(sel.admin.clientApps.confirm));
    expect(await screen.findByTestId(sel.admin.clientApps.credentialsSecret)).toHaveTextContent('vxs_renewed');
    expect(stub.callsTo(REGENERATE)).toHaveLength(1);
  });

  it('view: delete after confirmation goes back to the list', async () => {
    const stub = server(ALL, {
      'DELETE /api/user-service/v1/thirdparty/consumer/7': { body: { message: 'Application Deleted Successfully' } },
    });
    const app = await open('/main/admin/clientapp/editClientApp/7');
    await app.user.click(await screen.findByTestId(sel.admin.clientApps.delete));
    await app.user.click(await screen.findByTestId(sel.admin.clientApps.confirm));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/clientapp'));
    expect(stub.callsTo('DELETE /api/user-service/v1/thirdparty/consumer/7')).toHaveLength(1);
  });
});
