import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CommunicationTemplate, ProjectDetail } from '../../../api/generated/project-service';
import { projectDetail } from '../../../testing/fixtures/project-detail-fixture';
import { installFetchStub, type FetchStub } from '../../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { sel } from '../../../../../test/e2e/selectors';
import { PERMISSION } from '../../../../shared/permissions';

const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  template: 'GET /api/project-service/v1/email/template/detail',
  save: 'PUT /api/project-service/v1/email/template/detail/21',
  sendTest: 'GET /api/participant-service/v1/test/email',
};

const project = projectDetail;

const EMAIL_PLACEHOLDERS = [
  { placeholder: 'first_name', isDefaultPlaceholder: true },
  { placeholder: 'project_name', isDefaultPlaceholder: true },
  { placeholder: 'access_code', isDefaultPlaceholder: false },
];

const template = (overrides: Partial<CommunicationTemplate> = {}): CommunicationTemplate => ({
  id: 5,
  project_id: 21,
  template_type: 'TEST_INVITATION_EMAIL',
  language_id: 1,
  template_name: 'Invitation',
  description: null,
  template_content: '<p>Hello {{first_name}}</p>',
  email_subject: 'Interview for {{project_name}}',
  sms_sender: null,
  sms_provider: null,
  placeholders: EMAIL_PLACEHOLDERS,
  updated_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const COMMUNICATION = [
  PERMISSION.TENANT_PROJECT_DETAIL_READ,
  PERMISSION.TENANT_PROJECT_COMMUNICATION_READ,
  PERMISSION.TENANT_PROJECT_COMMUNICATION_UPDATE,
];

function server(
  options: {
    permissions?: string[];
    /** Without tenant.project.detail.read: no Details tab, so the base path opens the first other tab. */
    withoutDetails?: boolean;
    templates?: (query: URLSearchParams) => CommunicationTemplate;
    detail?: ProjectDetail;
  } = {},
) {
  return installFetchStub({
    ...serverFor({
      user: userInfo({
        permissions: [...CUSTOMER_ADMIN_PERMISSIONS, ...(options.permissions ?? COMMUNICATION)].filter(
          (p) => !options.withoutDetails || p !== PERMISSION.TENANT_PROJECT_DETAIL_READ,
        ),
      }),
    }),
    [API.project]: { body: options.detail ?? project() },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.template]: ({ query }) => ({
      body: options.templates ? options.templates(query) : template({ language_id: Number(query.get('language_id')) }),
    }),
    [API.save]: ({ body }) => ({ body: { ...template(), ...(body as object) } }),
    [API.sendTest]: { body: { message: 'Email Sent Successfully', outboxMessageId: 9, recipient: 'admin@acme.test' } },
  });
}

const open = (route = '/main/project/21/communication') =>
  renderWithProviders({ route, preloadedState: signedInState() });

const typeInto = async (user: Awaited<ReturnType<typeof open>>['user'], testId: string, text: string) => {
  const field = screen.getByTestId(testId);
  await user.clear(field);
  await user.type(
    field,
    text.replace(/[{[]/g, (c) => `${c}${c}`),
  );
};

describe('project tab shell', () => {
  it('shows the project with its questionnaire badge and opens the first tab the user may use', async () => {
    server({ withoutDetails: true });
    const app = await open('/main/project/21');
    // The base path loads the Details tab's chunk first, which sends a user without it on to the first tab.
    expect(await screen.findByTestId(sel.communication.tab)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/main/project/21/communication');
    expect(screen.getByTestId(sel.project.questionnaireType)).toHaveTextContent('Express');
    expect(screen.getByTestId(sel.project.tab('communication'))).toBeInTheDocument();
  });

  it('shows the server message of a 403 in a danger alert', async () => {
    const stub = server();
    stub.answer({
      [API.project]: { status: 403, body: { message: 'You may not open this project.', code: 'FORBIDDEN' } },
    });
    await open();
    expect(await screen.findByTestId(sel.project.error)).toHaveTextContent('You may not open this project.');
  });

  it('offers no tab to a user without any project tab permission', async () => {
    server({ permissions: [], withoutDetails: true });
    await open('/main/project/21');
    expect(await screen.findByTestId(sel.project.noTabs)).toBeInTheDocument();
  });
});

describe('communication tab', () => {
  it('loads the e-mail template of the first project language and saves a change', async () => {
    const stub = server();
    const app = await open();
    expect(await screen.findByTestId(sel.communication.templateName)).toHaveValue('Invitation');
    expect(stub.callsTo(API.template)[0]!.query.get('language_id')).toBe('1');
    expect(screen.getByTestId(sel.communication.save)).toBeDisabled();

    await typeInto(app.user, sel.communication.templateName, 'Spring invitation');
    await app.user.click(screen.getByTestId(sel.communication.save));
    expect(await screen.findByTestId(sel.communication.success)).toHaveTextContent('Template Updated Successfully');
    expect(stub.callsTo(API.save)[0]!.body).toMatchObject({
      template_type: 'TEST_INVITATION_EMAIL',
      language_id: 1,
      template_name: 'Spring invitation',
    });
  });

  it('refuses unknown and repeated placeholders and a non-default one in the subject, before asking the server', async () => {
    const stub = server();
    const app = await open();
    await screen.findByTestId(sel.communication.templateName);
    await typeInto(app.user, sel.communication.emailSubject, 'Code {{access_code}}');
    await app.user.click(screen.getByTestId(sel.communication.save));
    expect(await screen.findByText('INVALID_PLACEHOLDERS: {{access_code}}')).toBeInTheDocument();

    const body = screen.getByTestId(sel.communication.emailBody);
    body.innerHTML = '<p>{{nickname}} and {{first_name}}</p>';
    fireEvent.input(body);
    await typeInto(app.user, sel.communication.emailSubject, 'Interview');
    await app.user.click(screen.getByTestId(sel.communication.save));
    expect(await screen.findByText('INVALID_PLACEHOLDERS: {{nickname}}')).toBeInTheDocument();

    body.innerHTML = '<p>{{first_name}} {{first_name}}</p>';
    fireEvent.input(body);
    await app.user.click(screen.getByTestId(sel.communication.save));
    expect(await screen.findByText('DUPLICATE_PLACEHOLDERS: {{first_name}}')).toBeInTheDocument();
    expect(stub.callsTo(API.save)).toHaveLength(0);
  });

  it('shows the message of a refused save on its field', async () => {
    const stub = server();
    stub.answer({
      [API.save]: {
        status: 422,
        body: {
          message: 'Template name is required',
          code: 'TEMPLATE_NAME_IS_REQUIRED',
          errors: [{ field: 'email_subject', message: 'Subject refused by the server' }],
        },
      },
    });
    const app = await open();
    await screen.findByTestId(sel.communication.templateName);
    await typeInto(app.user, sel.communication.emailSubject, 'Another subject');
    await app.user.click(screen.getByTestId(sel.communication.save));
    expect(await screen.findByTestId(sel.communication.error)).toHaveTextContent('Template name is required');
    expect(await screen.findByText('Subject refused by the server')).toBeInTheDocument();
  });

  it('is read-only without tenant.project.communication.update', async () => {
    server({ permissions: [PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_PROJECT_COMMUNICATION_READ] });
    await open();
    expect(await screen.findByTestId(sel.communication.templateName)).toHaveAttribute('readonly');
    expect(screen.getByTestId(sel.communication.emailBody)).toHaveAttribute('contenteditable', 'false');
    expect(screen.queryByTestId(sel.communication.save)).not.toBeInTheDocument();
    expect(screen.getByTestId(sel.communication.readOnly)).toBeInTheDocument();
  });

  it('sends a test e-mail of the saved template, not while there are unsaved changes', async () => {
    const stub = server();
    const app = await open();
    await screen.findByTestId(sel.communication.templateName);
    await app.user.click(screen.getByTestId(sel.communication.sendTest));
    expect(await screen.findByTestId(sel.communication.success)).toHaveTextContent('Email Sent Successfully');
    expect(stub.callsTo(API.sendTest)[0]!.query.toString()).toBe(
      'projectId=21&templateType=TEST_INVITATION_EMAIL&language_id=1',
    );

    await typeInto(app.user, sel.communication.templateName, 'Changed');
    expect(screen.getByTestId(sel.communication.sendTest)).toBeDisabled();
    expect(screen.getByTestId(sel.communication.sendTestHint)).toHaveTextContent('Save your changes to test them.');
  });

  it('asks before switching to SMS with unsaved changes, and stays on Cancel', async () => {
    server({ templates: (query) => (query.get('type') === 'TEST_INVITATION_SMS' ? smsTemplate() : template()) });
    const app = await open();
    await screen.findByTestId(sel.communication.templateName);
    await typeInto(app.user, sel.communication.templateName, 'Unsaved');
    await app.user.click(screen.getByTestId(sel.communication.smsTab));
    const modal = await screen.findByTestId(sel.unsavedChangesModal);
    expect(modal).toHaveTextContent('Are you sure you want to leave? You have some unsaved changes.');
    await app.user.click(within(modal).getByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.queryByTestId(sel.unsavedChangesModal)).not.toBeInTheDocument());
    expect(screen.getByTestId(sel.communication.templateName)).toHaveValue('Unsaved');
    expect(app.router.state.location.search).toBe('');

    await app.user.click(screen.getByTestId(sel.communication.smsTab));
    await app.user.click(
      within(await screen.findByTestId(sel.unsavedChangesModal)).getByRole('button', { name: 'OK', hidden: true }),
    );
    expect(await screen.findByTestId(sel.communication.smsTemplate)).toHaveValue('Hi {{first_name}}');
    expect(app.router.state.location.search).toBe('?channel=sms&language=1');
  });

  it('counts SMS characters out of 160 without blocking longer text, and needs sender and provider', async () => {
    const stub = server({
      templates: () => smsTemplate({ id: null, sms_sender: null, sms_provider: null, template_content: '' }),
    });
    const app = await open('/main/project/21/communication?channel=sms');
    const text = await screen.findByTestId(sel.communication.smsTemplate);
    expect(screen.getByTestId(sel.communication.smsCounter)).toHaveTextContent('0/160');
    await app.user.click(text);
    await app.user.paste('x'.repeat(170));
    expect(text).toHaveValue('x'.repeat(170));
    expect(screen.getByTestId(sel.communication.smsCounter)).toHaveTextContent('170/160');
    await app.user.click(screen.getByTestId(sel.communication.save));
    expect(await screen.findByText('Please select SMS sender')).toBeInTheDocument();
    expect(screen.getByText('Please select SMS provider')).toBeInTheDocument();
    expect(stub.callsTo(API.save)).toHaveLength(0);
    expect(screen.getByTestId(sel.communication.sendTestHint)).toHaveTextContent('Save the template to send a test.');
  });

  it('loads the template of the language chosen', async () => {
    const stub: FetchStub = server();
    const app = await open();
    await screen.findByTestId(sel.communication.templateName);
    await app.user.selectOptions(screen.getByTestId(sel.communication.language), '2');
    await waitFor(() =>
      expect(stub.callsTo(API.template).some((call) => call.query.get('language_id') === '2')).toBe(true),
    );
    expect(app.router.state.location.search).toBe('?channel=email&language=2');
  });
});

function smsTemplate(overrides: Partial<CommunicationTemplate> = {}): CommunicationTemplate {
  return template({
    template_type: 'TEST_INVITATION_SMS',
    template_name: null,
    email_subject: null,
    template_content: 'Hi {{first_name}}',
    sms_sender: 'PHONE_NUMBER',
    sms_provider: 'TWILIO',
    placeholders: [{ placeholder: 'first_name', isDefaultPlaceholder: true }],
    ...overrides,
  });
}

describe('project routes', () => {
  it('an unknown project path is not found', async () => {
    // Every tab of the route table is built; each tab shows its own state for a user without its permission.
    server();
    await open('/main/project/21/nonsense');
    expect(await screen.findByText('No Page Found')).toBeInTheDocument();
  });
});
