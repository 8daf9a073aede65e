import { screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import type { TenantSecret } from '../../api/generated/user-service';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { ACME, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PERMISSION } from '../../../shared/permissions';

const ALL = [
  PERMISSION.TENANT_PROJECT_DETAIL_READ,
  PERMISSION.SECRETS_READ,
  PERMISSION.SECRETS_CREATE,
  PERMISSION.SECRETS_UPDATE,
  PERMISSION.SECRETS_DELETE,
];
const SECRET: TenantSecret = {
  id: 3,
  name: 'Result webhook signing key',
  kind: 'WEBHOOK_SIGNING_KEY',
  description: null,
  maskedValue: '••••••••Ab3d',
  version: 1,
  gracePeriodSeconds: 86400,
  createdAt: '2026-11-20T10:00:00.000Z',
  rotatedAt: null,
  previousValidUntil: null,
};
const LIST = 'GET /api/user-service/v1/secrets';
const CREATE = 'POST /api/user-service/v1/secrets';
const ROTATE = 'POST /api/user-service/v1/secrets/3/rotate';
const DELETE = 'DELETE /api/user-service/v1/secrets/3';

const server = (permissions: string[] = ALL, extra: Record<string, StubHandler> = {}) =>
  installFetchStub({ ...serverFor({ user: userInfo({ permissions }) }), [LIST]: { body: [SECRET] }, ...extra });
const open = (route: string) => renderWithProviders({ route, preloadedState: signedInState(ACME) });

describe('Secrets tab', () => {
  it('lists secrets masked; read-only without the write permissions', async () => {
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.SECRETS_READ]);
    await open('/main/admin/Secrets');
    expect(await screen.findByTestId(sel.admin.secrets.masked(3))).toHaveTextContent('••••••••Ab3d');
    expect(within(screen.getByTestId(sel.admin.secrets.list)).getByText('Webhook signing key')).toBeInTheDocument();
    expect(screen.getByTestId(sel.admin.tab('Secrets'))).toBeInTheDocument();
    expect(screen.queryByTestId(sel.admin.secrets.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.admin.secrets.rotate(3))).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.admin.secrets.delete(3))).not.toBeInTheDocument();
  });

  it('shows the empty text and a failed list with its message', async () => {
    const stub = server(ALL, { [LIST]: { body: [] } });
    const app = await open('/main/admin/Secrets');
    expect(await screen.findByText('There are no records to show.')).toBeInTheDocument();
    stub.answer({ [LIST]: { status: 500, body: { message: 'Broken' } } });
    app.unmount();
    await open('/main/admin/Secrets');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('add: the value is revealed once with a copy button, and gone after Back', async () => {
    const stub = server(ALL, {
      [CREATE]: { body: { secret: { ...SECRET, id: 4, name: 'CRM key' }, value: 'vxk_revealed-once-value' } },
    });
    const app = await open('/main/admin/Secrets');
    await app.user.click(await screen.findByTestId(sel.admin.secrets.add));
    await app.user.type(await screen.findByTestId(sel.admin.secrets.name), 'CRM key');
    await app.user.selectOptions(screen.getByTestId(sel.admin.secrets.kind), 'CALLBACK_API_KEY');
    await app.user.selectOptions(screen.getByTestId(sel.admin.secrets.grace), '3600');
    await app.user.click(screen.getByTestId(sel.admin.secrets.save));
    expect(await screen.findByTestId(sel.admin.secrets.revealedValue)).toHaveTextContent('vxk_revealed-once-value');
    expect(stub.callsTo(CREATE)[0]!.body).toEqual({
      name: 'CRM key',
      kind: 'CALLBACK_API_KEY',
      description: null,
      gracePeriodSeconds: 3600,
      value: null,
    });
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await app.user.click(screen.getByTestId(sel.admin.secrets.copy));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('vxk_revealed-once-value'));
    await app.user.click(screen.getByTestId(sel.admin.secrets.back));
    await screen.findByTestId(sel.admin.secrets.list);
    expect(document.body.textContent).not.toContain('vxk_revealed-once-value');
  });

  it('rotate after confirmation reveals the new value; delete after confirmation says so', async () => {
    const stub = server(ALL, {
      [ROTATE]: {
        body: { secret: { ...SECRET, version: 2, maskedValue: '••••••••Zz99' }, value: 'whsec_rotatedZz99' },
      },
      [DELETE]: { body: { message: 'Secret deleted successfully' } },
    });
    const app = await open('/main/admin/Secrets');
    await app.user.click(await screen.findByTestId(sel.admin.secrets.rotate(3)));
    await app.user.click(await screen.findByTestId(sel.admin.secrets.confirm));
    expect(await screen.findByTestId(sel.admin.secrets.revealedValue)).toHaveTextContent('whsec_rotatedZz99');
    expect(stub.callsTo(ROTATE)[0]!.body).toEqual({});
    await app.user.click(screen.getByTestId(sel.admin.secrets.delete(3)));
    await app.user.click(await screen.findByTestId(sel.admin.secrets.confirm));
    expect(await screen.findByTestId(sel.admin.secrets.listSuccess)).toHaveTextContent('Secret deleted successfully');
    await waitFor(() => expect(screen.queryByTestId(sel.admin.secrets.revealed)).not.toBeInTheDocument());
  });
});
