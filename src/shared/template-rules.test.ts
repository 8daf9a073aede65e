import {
  englishMessage,
  fillPlaceholders,
  placeholdersIn,
  templateProblems,
  visibleText,
  type AllowedPlaceholder,
  type TemplateDraft,
} from './template-rules';

function withMessages(draft: TemplateDraft) {
  return templateProblems(draft, EMAIL_PLACEHOLDERS).map((p) => ({
    field: p.field,
    code: p.code,
    message: englishMessage(p),
  }));
}

const EMAIL_PLACEHOLDERS: AllowedPlaceholder[] = [
  { placeholder: 'first_name', isDefaultPlaceholder: true },
  { placeholder: 'project_name', isDefaultPlaceholder: true },
  { placeholder: 'access_code', isDefaultPlaceholder: false },
];

const email = (overrides: Partial<TemplateDraft> = {}): TemplateDraft => ({
  template_type: 'TEST_INVITATION_EMAIL',
  template_name: 'Invitation',
  email_subject: 'Your interview for {{project_name}}',
  template_content: '<p>Hello {{first_name}}, your code is {{access_code}}.</p>',
  sms_sender: null,
  sms_provider: null,
  ...overrides,
});

const sms = (overrides: Partial<TemplateDraft> = {}): TemplateDraft => ({
  template_type: 'TEST_INVITATION_SMS',
  template_name: null,
  email_subject: null,
  template_content: 'Code {{access_code}} for {{first_name}}',
  sms_sender: 'PHONE_NUMBER',
  sms_provider: 'TWILIO',
  ...overrides,
});

test('placeholders are read in order with repeats, spaces inside the braces ignored', () => {
  expect(placeholdersIn('{{a}} and {{ b }} then {{a}}; {single} is text')).toEqual(['a', 'b', 'a']);
});

test('a valid e-mail and a valid SMS have no problems', () => {
  expect(withMessages(email())).toEqual([]);
  expect(withMessages(sms())).toEqual([]);
});

test('an e-mail needs its template name and subject', () => {
  expect(withMessages(email({ template_name: '  ', email_subject: null }))).toEqual([
    { field: 'template_name', code: 'TEMPLATE_NAME_IS_REQUIRED', message: 'Template name is required' },
    { field: 'email_subject', code: 'EMAIL_SUBJECT_IS_REQUIRED', message: 'Email subject is required' },
  ]);
});

test('unknown placeholders are listed once each after INVALID_PLACEHOLDERS', () => {
  const problems = withMessages(email({ template_content: '{{foo}} {{first_name}} {{bar}} {{foo}}' }));
  expect(problems).toContainEqual({
    field: 'template_content',
    code: 'INVALID_PLACEHOLDERS',
    message: 'INVALID_PLACEHOLDERS: {{foo}}, {{bar}}',
  });
});

test('the subject takes default placeholders only; the body takes the others too', () => {
  expect(withMessages(email({ email_subject: 'Code {{access_code}}' }))).toEqual([
    { field: 'email_subject', code: 'INVALID_PLACEHOLDERS', message: 'INVALID_PLACEHOLDERS: {{access_code}}' },
  ]);
});

test('a placeholder repeated within the subject or the body is a duplicate; once in each is fine', () => {
  expect(withMessages(email({ email_subject: 'Hi {{first_name}}', template_content: 'Dear {{first_name}}' }))).toEqual(
    [],
  );
  expect(withMessages(email({ template_content: '{{first_name}} {{access_code}} {{first_name}}' }))).toEqual([
    { field: 'template_content', code: 'DUPLICATE_PLACEHOLDERS', message: 'DUPLICATE_PLACEHOLDERS: {{first_name}}' },
  ]);
});

test('an SMS needs sender, provider and text, checks placeholders but allows repeats', () => {
  expect(withMessages(sms({ sms_sender: null, sms_provider: null, template_content: ' ' }))).toEqual([
    { field: 'sms_sender', code: 'SMS_SENDER_REQUIRED', message: 'Please select SMS sender' },
    { field: 'sms_provider', code: 'SMS_PROVIDER_REQUIRED', message: 'Please select SMS provider' },
    { field: 'template_content', code: 'SMS_TEMPLATE_REQUIRED', message: 'Please enter SMS template' },
  ]);
  expect(withMessages(sms({ template_content: '{{first_name}} {{first_name}} {{nope}}' }))).toEqual([
    { field: 'template_content', code: 'INVALID_PLACEHOLDERS', message: 'INVALID_PLACEHOLDERS: {{nope}}' },
  ]);
});

test('filling escapes values for HTML and leaves unknown placeholders as written', () => {
  expect(
    fillPlaceholders('<p>{{first_name}} {{other}}</p>', { first_name: '<Ann>' }, (v) =>
      v.replace('<', '&lt;').replace('>', '&gt;'),
    ),
  ).toBe('<p>&lt;Ann&gt; {{other}}</p>');
  expect(visibleText('<p><br></p>&nbsp;')).toBe('');
});
