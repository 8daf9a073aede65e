/**
 * The rules of a project's invitation templates (docs/product/communication-templates.md#rules), shared by the console (checks as the user types) and
 * the project-service (which enforces them). Pure TypeScript without dependencies: see docs/development.md.
 */
export type TemplateType = 'TEST_INVITATION_EMAIL' | 'TEST_INVITATION_SMS';

export interface AllowedPlaceholder {
  placeholder: string;
  isDefaultPlaceholder: boolean;
}

export interface TemplateDraft {
  template_type: TemplateType;
  template_name: string | null;
  email_subject: string | null;
  template_content: string;
  sms_sender: string | null;
  sms_provider: string | null;
}

export type TemplateProblemCode =
  | 'TEMPLATE_NAME_IS_REQUIRED'
  | 'EMAIL_SUBJECT_IS_REQUIRED'
  | 'SMS_SENDER_REQUIRED'
  | 'SMS_PROVIDER_REQUIRED'
  | 'SMS_TEMPLATE_REQUIRED'
  | 'INVALID_PLACEHOLDERS'
  | 'DUPLICATE_PLACEHOLDERS';

export interface TemplateProblem {
  field: 'template_name' | 'email_subject' | 'template_content' | 'sms_sender' | 'sms_provider';
  code: TemplateProblemCode;
  /** The placeholders concerned, once each, for the two placeholder codes. */
  placeholders: string[];
}

/** English texts of docs/product/communication-templates.md#rules (the server's messages; the console translates the first five). */
const ENGLISH: Record<TemplateProblemCode, string> = {
  TEMPLATE_NAME_IS_REQUIRED: 'Template name is required',
  EMAIL_SUBJECT_IS_REQUIRED: 'Email subject is required',
  SMS_SENDER_REQUIRED: 'Please select SMS sender',
  SMS_PROVIDER_REQUIRED: 'Please select SMS provider',
  SMS_TEMPLATE_REQUIRED: 'Please enter SMS template',
  INVALID_PLACEHOLDERS: 'INVALID_PLACEHOLDERS',
  DUPLICATE_PLACEHOLDERS: 'DUPLICATE_PLACEHOLDERS',
};

/** `{{a}}, {{b}}`: how the placeholder codes list what they concern. */
export const placeholderList = (names: readonly string[]) => names.map((name) => `{{${name}}}`).join(', ');

/** INVALID_PLACEHOLDERS: {{x}} — the code followed by the list, as docs/product/communication-templates.md#rules writes it. */
export const placeholderMessage = (code: 'INVALID_PLACEHOLDERS' | 'DUPLICATE_PLACEHOLDERS', names: readonly string[]) =>
  `${code}: ${placeholderList(names)}`;

export function englishMessage(problem: TemplateProblem): string {
  return problem.code === 'INVALID_PLACEHOLDERS' || problem.code === 'DUPLICATE_PLACEHOLDERS'
    ? placeholderMessage(problem.code, problem.placeholders)
    : ENGLISH[problem.code];
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders written `{{name}}` in a text, in order of appearance, repeats included. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

const once = (names: string[]) => [...new Set(names)];

/** INVALID_PLACEHOLDERS and DUPLICATE_PLACEHOLDERS problems of one field's text, or none. */
export function placeholderProblems(
  field: TemplateProblem['field'],
  text: string,
  allowed: readonly string[],
  { checkDuplicates }: { checkDuplicates: boolean },
): TemplateProblem[] {
  const used = placeholdersIn(text);
  const problems: TemplateProblem[] = [];
  const invalid = used.filter((name) => !allowed.includes(name));
  if (invalid.length) problems.push({ field, code: 'INVALID_PLACEHOLDERS', placeholders: once(invalid) });
  if (checkDuplicates) {
    const repeated = used.filter((name, index) => used.indexOf(name) !== index);
    if (repeated.length) problems.push({ field, code: 'DUPLICATE_PLACEHOLDERS', placeholders: once(repeated) });
  }
  return problems;
}

const blank = (value: string | null) => value === null || value.trim() === '';

/** Text of an HTML body as a reader sees it, so that an empty editor (`<p><br></p>`) counts as empty. */
export const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

/**
 * Every rule of docs/product/communication-templates.md#rules for a template: required fields per type, and placeholders (the subject takes only
 * default ones; the e-mail refuses a placeholder repeated within its subject or its body).
 */
export function templateProblems(draft: TemplateDraft, placeholders: readonly AllowedPlaceholder[]): TemplateProblem[] {
  const errors: TemplateProblem[] = [];
  const required = (field: TemplateProblem['field'], code: TemplateProblemCode) =>
    errors.push({ field, code, placeholders: [] });
  const all = placeholders.map((p) => p.placeholder);
  const defaults = placeholders.filter((p) => p.isDefaultPlaceholder).map((p) => p.placeholder);
  if (draft.template_type === 'TEST_INVITATION_EMAIL') {
    if (blank(draft.template_name)) required('template_name', 'TEMPLATE_NAME_IS_REQUIRED');
    if (blank(draft.email_subject)) required('email_subject', 'EMAIL_SUBJECT_IS_REQUIRED');
    errors.push(
      ...placeholderProblems('email_subject', draft.email_subject ?? '', defaults, { checkDuplicates: true }),
    );
    errors.push(...placeholderProblems('template_content', draft.template_content, all, { checkDuplicates: true }));
  } else {
    if (blank(draft.sms_sender)) required('sms_sender', 'SMS_SENDER_REQUIRED');
    if (blank(draft.sms_provider)) required('sms_provider', 'SMS_PROVIDER_REQUIRED');
    if (blank(draft.template_content)) required('template_content', 'SMS_TEMPLATE_REQUIRED');
    errors.push(...placeholderProblems('template_content', draft.template_content, all, { checkDuplicates: false }));
  }
  return errors;
}

/** Fills `{{name}}` placeholders from `values`; unknown ones stay as written. */
export function fillPlaceholders(
  text: string,
  values: Record<string, string>,
  escape: (value: string) => string = (v) => v,
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? escape(values[name]!) : whole));
}
