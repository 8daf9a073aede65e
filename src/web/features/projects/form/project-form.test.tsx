import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDetail } from '../../../api/generated/project-service';
import { installFetchStub, type StubHandler } from '../../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../../testing/factories';
import { languageRow, projectDetail } from '../../../testing/fixtures/project-detail-fixture';
import { PROJECT_FORM_PATHS, projectFormLookupsServer } from '../../../testing/fixtures/project-form-fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { sel } from '../../../../../test/e2e/selectors';
import { latestDayFrom } from './project-form-values';
import { PERMISSION } from '../../../../shared/permissions';

const f = sel.projectForm;
const API = {
  ...PROJECT_FORM_PATHS,
  project: 'GET /api/project-service/v1/project/21',
  update: 'PUT /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
};

const EDITOR = [
  PERMISSION.TENANT_PROJECT_DETAIL_UPDATE,
  PERMISSION.TENANT_PROJECT_DETAIL_INTERNAL_READ,
  PERMISSION.TENANT_PROJECT_DETAIL_INTERNAL_UPDATE,
  PERMISSION.TENANT_PROJECT_DETAILS_FILE_PASSWORD_READ,
];
const INTERNAL: Partial<ProjectDetail> = { irnLength: 6, sender_name: null, defaultCustomerInterviewMethodId: 2 };

function server(options: { permissions?: string[]; project?: ProjectDetail; more?: Record<string, StubHandler> } = {}) {
  return installFetchStub({
    ...serverFor({
      user: userInfo({ permissions: [...CUSTOMER_ADMIN_PERMISSIONS, ...(options.permissions ?? EDITOR)] }),
    }),
    ...projectFormLookupsServer(),
    [API.project]: { body: options.project ?? projectDetail(INTERNAL) },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.update]: { body: options.project ?? projectDetail(INTERNAL) },
    [API.create]: { status: 201, body: projectDetail({ projectId: 30, name: 'New one' }) },
    ...options.more,
  });
}

const openDetails = () => renderWithProviders({ route: '/main/project/21', preloadedState: signedInState() });
const openCreate = (search = '') =>
  renderWithProviders({ route: `/main/project/createProject${search}`, preloadedState: signedInState() });

describe('project form: Details tab (docs/product/project-form.md#console)', () => {
  it('shows the project in its sections, with Save disabled until a change', async () => {
    server();
    const { user } = await openDetails();
    const name = await screen.findByTestId(f.name);
    expect(name).toHaveValue('Harbour Screening');
    expect(screen.getByTestId(sel.project.tab('details'))).toBeInTheDocument();
    for (const key of ['general', 'internal', 'isw', 'client-api', 'additional-fields', 'languages', 'files'])
      expect(screen.getByTestId(f.section(key))).toBeInTheDocument();
    expect(screen.getByTestId(f.rowProjectCode(0))).toHaveValue('2011');
    expect(screen.getByTestId(f.rowDialIn(1))).toHaveValue('+18005550212');
    expect(screen.getByTestId(f.irnLength)).toHaveValue('6');
    expect(screen.getByTestId(f.save)).toBeDisabled();

    await user.click(name);
    await user.paste(' Two');
    expect(screen.getByTestId(f.save)).toBeEnabled();
  });

  it('shows the messages of docs/product/project-form.md#rules for the general and internal fields', async () => {
    server();
    const { user } = await openDetails();
    const name = await screen.findByTestId(f.name);
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('Project Name is required')).toBeInTheDocument();
    await user.click(name);
    await user.paste('x'.repeat(100));
    await user.tab();
    expect(await screen.findByText('Project name should be less than 100 character')).toBeInTheDocument();

    const irn = screen.getByTestId(f.irnLength);
    await user.clear(irn);
    await user.tab();
    expect(await screen.findByText('IRN Length is required')).toBeInTheDocument();
    await user.click(irn);
    await user.paste('16');
    await user.tab();
    expect(await screen.findByText('Max value 15')).toBeInTheDocument();
  });

  it('shows the messages of docs/product/project-form.md#rules for the language rows', async () => {
    server();
    const { user } = await openDetails();
    const code = await screen.findByTestId(f.rowProjectCode(1));
    await user.clear(code);
    await user.paste('2011');
    await user.tab();
    expect(await screen.findByText('Duplicate project code configured')).toBeInTheDocument();
    await user.clear(code);
    await user.paste('a b');
    await user.tab();
    expect(await screen.findByText('White Space is not allowed')).toBeInTheDocument();

    const dialIn = screen.getByTestId(f.rowDialIn(1));
    await user.clear(dialIn);
    await user.paste('+18005550211');
    await user.tab();
    expect(await screen.findByText('Duplicate dial-in number configured')).toBeInTheDocument();

    const delay = screen.getByTestId(f.rowCallDelay(0));
    await user.clear(delay);
    await user.paste('x');
    await user.tab();
    expect(await screen.findByText('you must specify a number')).toBeInTheDocument();
  });

  it('checks a new project code against every tenant 1 s after typing', async () => {
    const stub = server({
      more: {
        [API.check]: ({ body }) => ({
          body: {
            projectCode:
              (body as { projectCode?: string }).projectCode === 'TAKEN'
                ? { TAKEN: { project_name: 'Depot Checks', tenant_name: 'Globex Logistics' } }
                : {},
            phoneNumber: {},
          },
        }),
      },
    });
    const { user } = await openDetails();
    const code = await screen.findByTestId(f.rowProjectCode(0));
    await user.clear(code);
    await user.paste('TAKEN');
    expect(await screen.findByTestId(f.projectCodeInUse(0))).toHaveTextContent(
      'Project code TAKEN is already used by project Depot Checks of Globex Logistics.',
    );
    expect(stub.callsTo(API.check).map((call) => call.body)).toContainEqual({ projectCode: 'TAKEN', projectId: 21 });
  });

  it('blocks taking away a project language a saved row uses with the info modal; OK keeps it', async () => {
    server();
    const { user } = await openDetails();
    await screen.findByTestId(f.languageRow(1));
    await user.click(screen.getByTestId(`${f.projectLanguages}-2`));
    const dialog = await screen.findByTestId(f.languageInUseDialog);
    expect(dialog).toHaveTextContent(
      'Configuration exist with this language.First remove the configuraiton from multilanguage then remove it ?',
    );
    expect(within(dialog).getAllByRole('button')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId(f.languageInUseDialog)).not.toBeInTheDocument());
    expect(screen.getByTestId(f.languageRow(1))).toBeInTheDocument();
    expect(within(screen.getByTestId(`${f.projectLanguages}-2`)).getByRole('checkbox', { hidden: true })).toBeChecked();
    expect(screen.queryByTestId(f.languageRemoveDialog)).not.toBeInTheDocument();
  });

  it('asks before taking away a project language only an unsaved row uses; confirming deletes its row', async () => {
    server({ project: projectDetail({ ...INTERNAL, projectMultiLanguageConfig: [languageRow()] }) });
    const { user } = await openDetails();
    await screen.findByTestId(f.languageRow(0));
    await user.click(screen.getByTestId(f.addLanguage));
    expect(await screen.findByTestId(f.languageRow(1))).toBeInTheDocument();
    await user.click(screen.getByTestId(`${f.projectLanguages}-2`));
    expect(await screen.findByTestId(f.languageRemoveDialog)).toHaveTextContent(
      'Configuration exist with this language. Are you sure you want to delete it ?',
    );
    expect(screen.queryByTestId(f.languageInUseDialog)).not.toBeInTheDocument();
    await user.click(screen.getByTestId(f.languageRemoveConfirm));
    await waitFor(() => expect(screen.queryByTestId(f.languageRow(1))).not.toBeInTheDocument());
    expect(screen.getByTestId(f.languageRow(0))).toBeInTheDocument();
  });

  it('caps the date pickers two days ahead: a later chosen date is refused, a saved one stays', async () => {
    server({ project: projectDetail({ ...INTERNAL, estStartDate: '2026-01-05', estEndDate: '2099-12-31' }) });
    const { user } = await openDetails();
    const start = await screen.findByTestId(f.startDate);
    const end = screen.getByTestId(f.endDate);
    expect(start).toHaveAttribute('max', latestDayFrom(Date.now()));
    expect(end).toHaveAttribute('max', latestDayFrom(Date.now()));
    // The saved end date lies beyond the cap: it stays without a message.
    await user.click(end);
    await user.tab();
    expect(screen.queryByText('The date cannot be more than two days ahead')).not.toBeInTheDocument();
    fireEvent.change(start, { target: { value: '2099-01-01' } });
    fireEvent.blur(start);
    expect(await screen.findByText('The date cannot be more than two days ahead')).toBeInTheDocument();
    fireEvent.change(start, { target: { value: latestDayFrom(Date.now()) } });
    await waitFor(() =>
      expect(screen.queryByText('The date cannot be more than two days ahead')).not.toBeInTheDocument(),
    );
  });

  it('shows the call centers, the saved ones ticked, and sends the choice', async () => {
    const stub = server({ project: projectDetail({ ...INTERNAL, callCenterIds: [9, 12] }) });
    const { user } = await openDetails();
    const group = await screen.findByRole('group', { name: 'Call Centers' });
    const box = (id: number) =>
      within(screen.getByTestId(`${f.callCenters}-${id}`)).getByRole('checkbox', { hidden: true });
    expect(within(group).getByText('Central Call Center')).toBeInTheDocument();
    // A saved call center no longer active stays offered (and ticked), so Save keeps it.
    expect(within(group).getByText('Inactive call center 12')).toBeInTheDocument();
    expect(box(7)).not.toBeChecked();
    expect(box(9)).toBeChecked();
    await user.click(screen.getByTestId(`${f.callCenters}-7`));
    await user.click(screen.getByTestId(f.save));
    await screen.findByTestId(f.success);
    expect((stub.callsTo(API.update)[0]!.body as { callCenterIds: number[] }).callCenterIds).toEqual([7, 9, 12]);
  });

  it('disables every field for a read-only user and leaves out what they may not read', async () => {
    server({ permissions: [] });
    await openDetails();
    expect(await screen.findByTestId(f.name)).toBeDisabled();
    expect(screen.getByTestId(f.readOnly)).toHaveTextContent('You can view this project but not change it.');
    expect(screen.getByTestId(f.rowProjectCode(0))).toBeDisabled();
    expect(screen.getByTestId(f.status)).toBeDisabled();
    expect(screen.getByTestId(f.apiKey)).toBeDisabled();
    expect(
      within(await screen.findByTestId(`${f.callCenters}-7`)).getByRole('checkbox', { hidden: true }),
    ).toBeDisabled();
    expect(screen.getByTestId(f.save)).toBeDisabled();
    expect(screen.queryByTestId(f.section('internal'))).not.toBeInTheDocument();
    expect(screen.queryByTestId(f.irnLength)).not.toBeInTheDocument();
    expect(screen.queryByTestId(f.filePassword)).not.toBeInTheDocument();
    expect(screen.queryByTestId(f.clone)).toBeInTheDocument();
  });

  it('disables Status, Stage and the internal fields without internal.update', async () => {
    server({ permissions: [PERMISSION.TENANT_PROJECT_DETAIL_UPDATE, PERMISSION.TENANT_PROJECT_DETAIL_INTERNAL_READ] });
    await openDetails();
    expect(await screen.findByTestId(f.name)).toBeEnabled();
    expect(screen.getByTestId(f.status)).toBeDisabled();
    expect(screen.getByTestId(f.stage)).toBeDisabled();
    expect(screen.getByTestId(f.irnLength)).toBeDisabled();
    expect(screen.getByTestId(f.multilingualPhone)).toBeDisabled();
  });

  it('saves the change, says so and returns to the list', async () => {
    const stub = server();
    const { user, router } = await openDetails();
    await user.click(await screen.findByTestId(f.name));
    await user.paste(' Two');
    await user.click(screen.getByTestId(f.save));
    expect(await screen.findByTestId(f.success)).toHaveTextContent('Project Updated Successfully');
    const body = stub.callsTo(API.update)[0]!.body as Record<string, unknown>;
    expect(body.name).toBe('Harbour Screening Two');
    expect(body.irnLength).toBe(6);
    expect(body.creationDate).toBeNull();
    // The saved rows are not checked live; Save checks their numbers (docs/product/project-lookups.md#project-check).
    expect(stub.callsTo(API.check).filter((call) => 'projectCode' in (call.body as object))).toEqual([]);
    expect(stub.callsTo(API.check)[0]!.body).toEqual({
      projectId: 21,
      phoneNumber: ['+18005550211', '+18005550212'],
      interviewMethodId: 2,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/project'));
  });

  it('asks to confirm a dial-in number other projects use: Cancel keeps the form, Save saves', async () => {
    const stub = server({
      more: {
        [API.check]: ({ body }) => ({
          body: {
            projectCode: {},
            phoneNumber: (body as { phoneNumber?: string[] }).phoneNumber?.includes('+18005550211')
              ? { '+18005550211': [{ project_name: 'Depot Checks', tenant_name: 'Globex Logistics' }] }
              : {},
          },
        }),
      },
    });
    const { user } = await openDetails();
    await user.click(await screen.findByTestId(f.name));
    await user.paste(' Two');
    await user.click(screen.getByTestId(f.save));
    const dialog = await screen.findByTestId(f.phoneDialog);
    expect(dialog).toHaveTextContent(
      'The number +18005550211 is already used by project Depot Checks of Globex Logistics.',
    );
    await user.click(within(dialog).getByTestId(f.phoneDialogCancel));
    await waitFor(() => expect(screen.queryByTestId(f.phoneDialog)).not.toBeInTheDocument());
    expect(stub.callsTo(API.update)).toHaveLength(0);
    expect(screen.getByTestId(f.dialInInUse(0))).toHaveTextContent('Depot Checks of Globex Logistics');

    await user.click(screen.getByTestId(f.save));
    await user.click(await screen.findByTestId(f.phoneDialogSave));
    expect(await screen.findByTestId(f.success)).toHaveTextContent('Project Updated Successfully');
    expect(stub.callsTo(API.update)).toHaveLength(1);
  });

  it('shows the server refusal in the error alert and lets Save try again', async () => {
    server({
      more: {
        [API.update]: {
          status: 403,
          body: { message: 'You do not have permission to change: irnLength.', code: 'FIELD_NOT_PERMITTED' },
        },
      },
    });
    const { user } = await openDetails();
    await user.click(await screen.findByTestId(f.name));
    await user.paste(' Two');
    await user.click(screen.getByTestId(f.save));
    expect(await screen.findByTestId(f.error)).toHaveTextContent('You do not have permission to change: irnLength.');
    expect(screen.getByTestId(f.save)).toBeEnabled();
  });
});

describe('project form: create and clone', () => {
  it('creates a project with the defaults of docs/product/project-form.md#fields and a language row', async () => {
    const stub = server();
    const { user } = await openCreate();
    const name = await screen.findByTestId(f.name);
    expect(screen.getByTestId(f.noLanguage)).toHaveTextContent('No language configured');
    expect(screen.getByTestId(f.filesAfterCreate)).toBeInTheDocument();
    expect(screen.getByTestId(f.flag('block_irn_on_call_logs')).querySelector('input')).toBeChecked();
    expect(screen.getByTestId(f.save)).toBeDisabled();
    await user.type(name, 'Depot Screening');
    await user.click(screen.getByTestId(f.addLanguage));
    expect(screen.getByTestId(f.rowCallDelay(0))).toHaveValue('5');
    await user.type(screen.getByTestId(f.rowProjectCode(0)), 'DEPOT1');
    await user.click(screen.getByTestId(f.save));
    expect(await screen.findByTestId(f.success)).toHaveTextContent('Project Created Successfully');
    const body = stub.callsTo(API.create)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Depot Screening',
      questionaire_type: 'PRECISION_QUESTIONNAIRE',
      projectLanguagesData: [{ value: 1, label: 'English' }],
      projectMultiLanguageConfig: [expect.objectContaining({ language: 1, projectCode: 'DEPOT1', callDelayBy: 5 })],
      irnLength: 6,
      block_irn_on_call_logs: true,
      statusId: 1,
      stageId: 1,
    });
    expect(body.clone).toBeUndefined();
  });

  it('clones a project: the source under a new name, without project codes, sent with the clone flag', async () => {
    const stub = server({ project: projectDetail({ ...INTERNAL, projectMultiLanguageConfig: [languageRow()] }) });
    const { user, router } = await openDetails();
    await user.click(await screen.findByTestId(f.clone));
    await user.click(await screen.findByTestId(f.cloneConfirm));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/project/createProject'));
    expect(router.state.location.search).toMatch(/_C=\d+&_ID=21/);
    await screen.findByTestId(f.createPage);
    expect(await screen.findByTestId(f.name)).toHaveValue('Harbour Screening - Clone');
    expect(screen.getByTestId(f.rowProjectCode(0))).toHaveValue('');
    await user.type(screen.getByTestId(f.rowProjectCode(0)), 'HARB2');
    await user.click(screen.getByTestId(f.save));
    expect(await screen.findByTestId(f.success)).toHaveTextContent('Project Created Successfully');
    expect(stub.callsTo(API.create)[0]!.body).toMatchObject({
      clone: true,
      projectId: 21,
      name: 'Harbour Screening - Clone',
    });
  });

  it('returns to the list when the clone link is older than 10 minutes', async () => {
    server();
    const { router } = await openCreate(`?_C=${Date.now() - 11 * 60 * 1000}&_ID=21`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/project'));
  });

  it('guards unsaved changes when leaving', async () => {
    server();
    const { user, router } = await openCreate();
    await user.type(await screen.findByTestId(f.name), 'Draft');
    await user.click(screen.getByTestId(f.cancel));
    expect(await screen.findByTestId(sel.unsavedChangesModal)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/main/project/createProject');
  });
});
