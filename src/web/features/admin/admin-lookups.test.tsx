import { screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import type { LookupAttribute } from '../../api/generated/project-service';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { ACME, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PERMISSION } from '../../../shared/permissions';

const READ = [PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_PROJECT_LOOKUPVALUES_READ];
const ALL = [...READ, PERMISSION.TENANT_PROJECT_LOOKUPVALUES_CREATE, PERMISSION.TENANT_PROJECT_LOOKUPVALUES_UPDATE];
const LIST = 'GET /api/project-service/v1/project/attributes/language';
const CREATE = 'POST /api/project-service/v1/project/attributes';
const UPDATE = 'PUT /api/project-service/v1/project/attributes';

const row = (
  id: number,
  attributeType: LookupAttribute['attributeType'],
  attributeId: number,
  languageId: number,
  description: string,
  active = true,
): LookupAttribute => ({
  id,
  attributeId,
  attributeType,
  description,
  languageId,
  active,
  default: false,
  sequence: attributeId,
  tenantId: ACME.tenantId,
  object: 'PROJECT',
});

const ROWS: LookupAttribute[] = [
  row(1, 'DEPARTMENT', 1, 1, 'Human Resources'),
  row(2, 'DEPARTMENT', 1, 2, 'Recursos humanos'),
  row(3, 'LOCATION', 1, 1, 'Head office', false),
  row(4, 'LOCATION', 1, 2, 'Oficina central', false),
  row(5, 'CATEGORY', 1, 1, 'Claims'),
  // The server never sends these to the tab, but the pairing hides them all the same.
  row(6, 'STATUS', 1, 1, 'Active'),
];

const server = (permissions: string[] = ALL, extra: Record<string, StubHandler> = {}) =>
  installFetchStub({
    ...serverFor({ user: userInfo({ permissions }) }),
    [LIST]: { body: { tenantAttributes: ROWS } },
    ...extra,
  });

const open = (route: string) => renderWithProviders({ route, preloadedState: signedInState(ACME) });

const gridRows = async () => {
  const grid = await screen.findByTestId(sel.admin.lookups.list);
  await within(grid).findAllByText(/Human Resources|There are no records/);
  return grid;
};

describe('Manage Lookups', () => {
  it('pairs English and Spanish by attributeId, hides STATUS and STAGE, and searches the exact field name', async () => {
    const stub = server();
    const app = await open('/main/admin/lookups');
    const grid = await gridRows();
    expect(within(grid).getByText('Recursos humanos')).toBeInTheDocument();
    expect(within(grid).getByText('Oficina central')).toBeInTheDocument();
    expect(within(grid).getByText('Inactive')).toBeInTheDocument();
    expect(within(grid).queryByText('STATUS')).not.toBeInTheDocument();
    // The list names no account: it reads the operating tenant's (x-account-scope); the header carries it.
    expect(stub.callsTo(LIST)[0]!.query.get('tenant_id')).toBeNull();
    expect(screen.getByTestId(sel.admin.tab('lookups'))).toBeInTheDocument();

    await app.user.type(screen.getByTestId(sel.admin.lookups.search), 'location');
    await waitFor(() => expect(within(grid).queryByText('Human Resources')).not.toBeInTheDocument());
    expect(within(grid).getByText('Head office')).toBeInTheDocument();
    // A part of a field name is no match.
    await app.user.clear(screen.getByTestId(sel.admin.lookups.search));
    await app.user.type(screen.getByTestId(sel.admin.lookups.search), 'LOCA');
    await waitFor(() => expect(within(grid).queryByText('Head office')).not.toBeInTheDocument());
  });

  it('adds a value in English and Spanish, shows the success text and returns to the list', async () => {
    const stub = server(ALL, {
      [CREATE]: { status: 201, body: { message: 'lookup created successfully', attributes: [] } },
    });
    const app = await open('/main/admin/lookups');
    await gridRows();
    await app.user.click(screen.getByTestId(sel.admin.lookups.add));
    await screen.findByTestId(sel.admin.lookups.form);
    expect(app.router.state.location.pathname).toBe('/main/admin/lookups/addLookup');
    await app.user.selectOptions(screen.getByTestId(sel.admin.lookups.fieldName), 'DEPARTMENT');
    await app.user.type(screen.getByTestId(sel.admin.lookups.english), 'Claims Fraud');
    await app.user.type(screen.getByTestId(sel.admin.lookups.spanish), 'Fraude');
    await app.user.click(screen.getByTestId(sel.admin.lookups.save));
    expect(await screen.findByTestId(sel.admin.lookups.success)).toHaveTextContent('lookup created successfully');
    const [call] = stub.callsTo(CREATE);
    expect(call!.query.get('tenant_id')).toBe(String(ACME.tenantId));
    expect(call!.body).toEqual([
      {
        attributeType: 'DEPARTMENT',
        tenantId: ACME.tenantId,
        active: true,
        default: false,
        object: 'PROJECT',
        languageId: 1,
        description: 'Claims Fraud',
        id: null,
      },
      {
        attributeType: 'DEPARTMENT',
        tenantId: ACME.tenantId,
        active: true,
        default: false,
        object: 'PROJECT',
        languageId: 2,
        description: 'Fraude',
        id: null,
      },
    ]);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/lookups'));
  });

  it('edits a value from its row: object and field name locked, ids of both rows sent', async () => {
    const stub = server(ALL, {
      [UPDATE]: { body: { message: 'lookup updated successfully', attributes: [] } },
    });
    const app = await open('/main/admin/lookups');
    const grid = await gridRows();
    await app.user.click(within(grid).getByText('Head office'));
    await screen.findByTestId(sel.admin.lookups.form);
    expect(app.router.state.location.search).toBe('?field=LOCATION&attributeId=1');
    expect(screen.getByTestId(sel.admin.lookups.fieldName)).toBeDisabled();
    expect(screen.getByTestId(sel.admin.lookups.object)).toBeDisabled();
    expect(screen.getByTestId(sel.admin.lookups.english)).toHaveValue('Head office');
    await app.user.selectOptions(screen.getByTestId(sel.admin.lookups.status), 'Active');
    await app.user.click(screen.getByTestId(sel.admin.lookups.save));
    expect(await screen.findByTestId(sel.admin.lookups.success)).toHaveTextContent('lookup updated successfully');
    const body = stub.callsTo(UPDATE)[0]!.body as Array<{ id: number; active: boolean }>;
    expect(body.map((item) => [item.id, item.active])).toEqual([
      [3, true],
      [4, true],
    ]);
  });

  it('is read-only without the edit permission, and offers no Add without the create permission', async () => {
    server(READ);
    const app = await open('/main/admin/lookups');
    const grid = await gridRows();
    expect(screen.queryByTestId(sel.admin.lookups.add)).not.toBeInTheDocument();
    await app.user.click(within(grid).getByText('Claims'));
    await screen.findByTestId(sel.admin.lookups.form);
    expect(screen.getByTestId(sel.admin.lookups.english)).toBeDisabled();
    expect(screen.getByTestId(sel.admin.lookups.spanish)).toBeDisabled();
    expect(screen.getByTestId(sel.admin.lookups.status)).toBeDisabled();
    expect(screen.getByTestId(sel.admin.lookups.save)).toBeDisabled();
  });

  it('shows the server message of a refused save and keeps the form', async () => {
    server(ALL, {
      [CREATE]: {
        status: 422,
        body: {
          message: 'Please correct the highlighted fields.',
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'description', message: 'Enter an English or a Spanish value.' }],
        },
      },
    });
    const app = await open('/main/admin/lookups/addLookup');
    await screen.findByTestId(sel.admin.lookups.form);
    await app.user.selectOptions(screen.getByTestId(sel.admin.lookups.fieldName), 'CATEGORY');
    await app.user.click(screen.getByTestId(sel.admin.lookups.save));
    expect(await screen.findByText('Enter an English or a Spanish value.')).toBeInTheDocument();
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/main/admin/lookups/addLookup');
  });

  it('shows a failed list with a retry', async () => {
    server(ALL, { [LIST]: { status: 403, body: { message: 'You do not have access to this tenant.' } } });
    await open('/main/admin/lookups');
    expect(await screen.findByText('You do not have access to this tenant.')).toBeInTheDocument();
  });
});
