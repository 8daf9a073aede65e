import { screen, waitFor, within } from '@testing-library/react';
import type { ResultConfigRow, ResultConfigTemplate } from '../../api/generated/project-service';
import { sel } from '../../../../test/e2e/selectors';
import { installFetchStub, type RecordedRequest, type StubHandler } from '../../testing/fetch-stub';
import { ACME, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { RESULT_ICONS } from '../../../shared/result-config-rules';
import { PERMISSION } from '../../../shared/permissions';

const T = sel.admin.resultTemplates;
const READ = [PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_RESULT_CONFIG_READ];
const ALL = [
  ...READ,
  PERMISSION.TENANT_RESULT_CONFIG_CREATE,
  PERMISSION.TENANT_RESULT_CONFIG_UPDATE,
  PERMISSION.TENANT_RESULT_CONFIG_DELETE,
];
const BASE = '/api/project-service/v1/result-config';
const LIST = `POST ${BASE}/list`;
const BLANK = `GET ${BASE}/view-template`;
const CREATE = `POST ${BASE}/create-template`;

const row = (result_type: ResultConfigRow['result_type'], result: string, result_es: string, icon_id = 1) => ({
  result,
  result_es,
  result_type,
  result_type_es: result_type,
  icon_id,
  icons: [...RESULT_ICONS],
});

const template = (id: number, name: string): ResultConfigTemplate => ({
  id,
  template_name: name,
  create_date: '2026-11-20T10:00:00.000Z',
  template_type: {
    PRECISION_RESULTS: [row('HR', 'High Risk', 'Riesgo alto'), row('LR', 'Low Risk', 'Riesgo bajo', 5)],
    RED_GREEN_RESULTS: [row('R', 'Red', 'Rojo'), row('G', 'Green', 'Verde', 5)],
  },
});

/** A server holding `count` templates, newest (highest id) first, paged as the call asks. */
function templateServer(count: number) {
  let ids = Array.from({ length: count }, (_, index) => count - index);
  const list: StubHandler = (request: RecordedRequest) => {
    const { page, pageSize } = request.body as { page: number; pageSize: number };
    return {
      body: {
        total_template: ids.length,
        template: ids.slice(page * pageSize, (page + 1) * pageSize).map((id) => template(id, `Template ${id}`)),
      },
    };
  };
  const remove: StubHandler = (request: RecordedRequest) => {
    const id = Number(request.path.split('/').at(-1));
    ids = ids.filter((other) => other !== id);
    return { body: { message: 'Template Deleted Successfully' } };
  };
  return { list, remove };
}

const server = (permissions: string[], extra: Record<string, StubHandler> = {}) =>
  installFetchStub({
    ...serverFor({ user: userInfo({ permissions }) }),
    [LIST]: templateServer(3).list,
    [BLANK]: {
      body: {
        template_name: '',
        template_type: {
          PRECISION_RESULTS: [row('HR', '', ''), row('D', '', '', 7)],
          RED_GREEN_RESULTS: [row('R', '', '')],
        },
      },
    },
    [`GET ${BASE}/3`]: { body: template(3, 'Template 3') },
    ...extra,
  });

const open = () =>
  renderWithProviders({ route: '/main/admin/resultconfiguration', preloadedState: signedInState(ACME) });
const pagesAsked = (stub: ReturnType<typeof installFetchStub>) =>
  stub.callsTo(LIST).map((request) => (request.body as { page: number }).page);

describe('Result Configuration tab', () => {
  it('is a tab of the admin shell, lists name and date created, pages by 25 and goes back a page after deleting its last row', async () => {
    const paged = templateServer(26);
    const stub = server(ALL, { [LIST]: paged.list, [`DELETE ${BASE}/1`]: paged.remove });
    const app = await open();
    expect(await screen.findByTestId(sel.admin.tab('resultconfiguration'))).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByTestId(T.list);
    expect(await within(list).findByText('Template 26')).toBeInTheDocument();
    expect(stub.callsTo(LIST)[0]!.body).toEqual({ page: 0, pageSize: 25 });
    expect(screen.getByTestId(T.page)).toHaveTextContent('Page 1 of 2 (26 templates)');

    await app.user.click(screen.getByTestId(T.next));
    expect(await within(list).findByText('Template 1')).toBeInTheDocument();
    await app.user.click(screen.getByTestId(T.delete(1)));
    const confirm = await screen.findByTestId(T.deleteConfirm);
    expect(confirm).toHaveTextContent('Are you sure you want to delete this template ?');
    await app.user.click(within(confirm).getByTestId(T.deleteConfirmButton));

    expect(await screen.findByTestId(T.success)).toHaveTextContent('Template Deleted Successfully');
    await waitFor(() => expect(screen.getByTestId(T.page)).toHaveTextContent('Page 1 of 1 (25 templates)'));
    expect(pagesAsked(stub).at(-1)).toBe(0);
    expect(await within(list).findByText('Template 26')).toBeInTheDocument();
  });

  it('shows a failed delete with the server message and keeps the page', async () => {
    const stub = server(ALL, {
      [`DELETE ${BASE}/3`]: {
        status: 409,
        body: { message: 'This template is used by a project and cannot be deleted.' },
      },
    });
    const app = await open();
    await app.user.click(await screen.findByTestId(T.delete(3)));
    await app.user.click(await screen.findByTestId(T.deleteConfirmButton));
    expect(await screen.findByTestId(T.error)).toHaveTextContent(
      'This template is used by a project and cannot be deleted.',
    );
    expect(stub.callsTo(`DELETE ${BASE}/3`)).toHaveLength(1);
  });

  it("shows a failed list with the server's message and a retry", async () => {
    const stub = server(ALL, { [LIST]: { status: 403, body: { message: 'Not for you' } } });
    const app = await open();
    const failure = await screen.findByTestId(T.failure);
    expect(failure).toHaveTextContent('Not for you');
    stub.answer({ [LIST]: { body: { total_template: 0, template: [] } } });
    await app.user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There are no records to show.')).toBeInTheDocument();
  });

  it('is read-only without the edit permissions: no add, edit or delete icons; a row opens the template to view', async () => {
    const stub = server(READ);
    const app = await open();
    const list = await screen.findByTestId(T.list);
    await app.user.click(await within(list).findByText('Template 3'));
    const modal = await screen.findByTestId(T.modal);
    expect(await within(modal).findByTestId(T.name)).toBeDisabled();
    expect(within(modal).queryByTestId(T.save)).not.toBeInTheDocument();
    expect(within(modal).getByTestId(`${T.row('PRECISION_RESULTS', 'HR')}-result`)).toBeDisabled();
    expect(within(modal).getByTestId(`${T.row('PRECISION_RESULTS', 'HR')}-icon-2`)).toBeDisabled();
    expect(screen.queryByTestId(T.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(T.edit(3))).not.toBeInTheDocument();
    expect(screen.queryByTestId(T.delete(3))).not.toBeInTheDocument();
    expect(stub.unexpected).toEqual([]);
  });
});

describe('the template modal', () => {
  it('starts from the blank template with one tab per type, checks the name and creates with texts and icons', async () => {
    const stub = server(ALL, {
      [CREATE]: { status: 201, body: { message: 'Template Created Successfully', template: template(9, 'Claims') } },
    });
    const app = await open();
    await app.user.click(await screen.findByTestId(T.add));
    const modal = await screen.findByTestId(T.modal);
    expect(await within(modal).findByTestId(T.tab('PRECISION_RESULTS'))).toHaveTextContent('Precision Results');
    expect(within(modal).getByTestId(T.tab('RED_GREEN_RESULTS'))).toHaveTextContent('Red Green Results');

    const hr = T.row('PRECISION_RESULTS', 'HR');
    await app.user.type(within(modal).getByTestId(`${hr}-result`), 'Elevated');
    await app.user.type(within(modal).getByTestId(`${hr}-result-es`), 'Elevado');
    await app.user.click(within(modal).getByTestId(`${hr}-icon-2`));
    expect(within(modal).getByTestId(`${hr}-icon-2`)).toHaveAttribute('aria-pressed', 'true');
    expect(within(modal).getByTestId(`${hr}-badge`)).toHaveTextContent('Elevated');
    await app.user.type(within(modal).getByTestId(`${T.row('PRECISION_RESULTS', 'D')}-result`), 'Other');
    await app.user.click(within(modal).getByTestId(T.tab('RED_GREEN_RESULTS')));
    await app.user.type(within(modal).getByTestId(`${T.row('RED_GREEN_RESULTS', 'R')}-result`), 'Flagged');

    // The name is required.
    await app.user.click(within(modal).getByTestId(T.save));
    expect(await within(modal).findByText('Template name is required')).toBeInTheDocument();
    expect(stub.callsTo(CREATE)).toHaveLength(0);

    await app.user.type(within(modal).getByTestId(T.name), 'Claims');
    await app.user.click(within(modal).getByTestId(T.save));
    expect(await screen.findByTestId(T.success)).toHaveTextContent('Template Created Successfully');
    expect(screen.queryByTestId(T.modal)).not.toBeInTheDocument();
    expect(stub.callsTo(CREATE)[0]!.body).toEqual({
      template_name: 'Claims',
      template_type: {
        PRECISION_RESULTS: [
          { result: 'Elevated', result_es: 'Elevado', result_type: 'HR', result_type_es: 'HR', icon_id: 2 },
          { result: 'Other', result_es: '', result_type: 'D', result_type_es: 'D', icon_id: 7 },
        ],
        RED_GREEN_RESULTS: [{ result: 'Flagged', result_es: '', result_type: 'R', result_type_es: 'R', icon_id: 1 }],
      },
    });
    // The list is asked again (the mutation invalidates it).
    await waitFor(() => expect(stub.callsTo(LIST).length).toBeGreaterThan(1));
  });

  it("shows the server's field errors and message when a save is refused", async () => {
    server(ALL, {
      [`PUT ${BASE}/3`]: {
        status: 409,
        body: {
          message: 'A template with this name already exists.',
          errors: [{ field: 'template_name', message: 'A template with this name already exists.' }],
        },
      },
    });
    const app = await open();
    await app.user.click(await screen.findByTestId(T.edit(3)));
    const modal = await screen.findByTestId(T.modal);
    const name = await within(modal).findByTestId(T.name);
    expect(name).toHaveValue('Template 3');
    await app.user.clear(name);
    await app.user.type(name, 'Standard Results');
    await app.user.click(within(modal).getByTestId(T.save));
    expect(await within(modal).findByTestId(T.formError)).toHaveTextContent(
      'A template with this name already exists.',
    );
    expect(within(modal).getAllByText('A template with this name already exists.')).toHaveLength(2);
  });

  it('edits a template and answers the update message', async () => {
    const stub = server(ALL, {
      [`PUT ${BASE}/3`]: { body: { message: 'Template Update Successfully', template: template(3, 'Renamed') } },
    });
    const app = await open();
    await app.user.click(await screen.findByTestId(T.edit(3)));
    const modal = await screen.findByTestId(T.modal);
    const lr = `${T.row('PRECISION_RESULTS', 'LR')}-result`;
    await app.user.clear(await within(modal).findByTestId(lr));
    await app.user.type(within(modal).getByTestId(lr), 'Minimal');
    await app.user.click(within(modal).getByTestId(T.save));
    expect(await screen.findByTestId(T.success)).toHaveTextContent('Template Update Successfully');
    const body = stub.callsTo(`PUT ${BASE}/3`)[0]!.body as { template_type: Record<string, { result: string }[]> };
    expect(body.template_type.PRECISION_RESULTS![1]!.result).toBe('Minimal');
  });

  it('shows the badges in Spanish for Spanish and in English for Tagalog', async () => {
    server(ALL);
    const app = await open();
    await screen.findByRole('option', { name: 'Tagalog' });
    await app.user.selectOptions(screen.getByTestId(sel.shell.languageSelect), 'es');
    await app.user.click(await screen.findByTestId(T.edit(3)));
    let modal = await screen.findByTestId(T.modal);
    const hrBadge = `${T.row('PRECISION_RESULTS', 'HR')}-badge`;
    expect(await within(modal).findByTestId(hrBadge)).toHaveTextContent('Riesgo alto');
    await app.user.click(within(modal).getByTestId(T.cancel));
    await waitFor(() => expect(screen.queryByTestId(T.modal)).not.toBeInTheDocument());

    await app.user.selectOptions(screen.getByTestId(sel.shell.languageSelect), 'tl');
    await app.user.click(await screen.findByTestId(T.edit(3)));
    modal = await screen.findByTestId(T.modal);
    expect(await within(modal).findByTestId(hrBadge)).toHaveTextContent('High Risk');
  });
});
