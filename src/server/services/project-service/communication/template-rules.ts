import type { FieldError } from '../../../platform/http/http-error';

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

export interface TemplateProblem extends FieldError {
  /** 000 §5's code: TEMPLATE_NAME_IS_REQUIRED, INVALID_PLACEHOLDERS, ... */
  code: string;
}

/** Texts of 000 §5 by code; the console shows the same texts for the same rules. */
export const TEMPLATE_MESSAGES = {
  TEMPLATE_NAME_IS_REQUIRED: 'Template name is required',
  EMAIL_SUBJECT_IS_REQUIRED: 'Email subject is required',
  SMS_SENDER_REQUIRED: 'Please select SMS sender',
  SMS_PROVIDER_REQUIRED: 'Please select SMS provider',
  SMS_TEMPLATE_REQUIRED: 'Please enter SMS template',
} as const;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders written `{{name}}` in a text, in order of appearance, repeats included. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

const listed = (names: string[]) => [...new Set(names)].map((name) => `{{${name}}}`).join(', ');

/** INVALID_PLACEHOLDERS and DUPLICATE_PLACEHOLDERS problems of one field's text, or none. */
export function placeholderProblems(
  field: string,
  text: string,
  allowed: readonly string[],
  { checkDuplicates }: { checkDuplicates: boolean },
): TemplateProblem[] {
  const used = placeholdersIn(text);
  const problems: TemplateProblem[] = [];
  const invalid = used.filter((name) => !allowed.includes(name));
  if (invalid.length) problems.push({ field, code: 'INVALID_PLACEHOLDERS', message: `INVALID_PLACEHOLDERS: ${listed(invalid)}` });
  if (checkDuplicates) {
    const repeated = used.filter((name, index) => used.indexOf(name) !== index);
    if (repeated.length) problems.push({ field, code: 'DUPLICATE_PLACEHOLDERS', message: `DUPLICATE_PLACEHOLDERS: ${listed(repeated)}` });
  }
  return problems;
}

const blank = (value: string | null) => value === null || value.trim() === '';

/** Text of an HTML body as a reader sees it, so that an empty editor (`<p><br></p>`) counts as empty. */
export const visibleText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();

/**
 * Every rule of 000 §5 for a template: required fields per type, and placeholders (the subject takes only
 * default ones; the e-mail refuses a placeholder repeated within its subject or body).
 */
export function templateProblems(draft: TemplateDraft, placeholders: readonly AllowedPlaceholder[]): TemplateProblem[] {
  const errors: TemplateProblem[] = [];
  const required = (field: string, code: keyof typeof TEMPLATE_MESSAGES) => errors.push({ field, code, message: TEMPLATE_MESSAGES[code] });
  const all = placeholders.map((p) => p.placeholder);
  const defaults = placeholders.filter((p) => p.isDefaultPlaceholder).map((p) => p.placeholder);
  if (draft.template_type === 'TEST_INVITATION_EMAIL') {
    if (blank(draft.template_name)) required('template_name', 'TEMPLATE_NAME_IS_REQUIRED');
    if (blank(draft.email_subject)) required('email_subject', 'EMAIL_SUBJECT_IS_REQUIRED');
    errors.push(...placeholderProblems('email_subject', draft.email_subject ?? '', defaults, { checkDuplicates: true }));
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
export function fillPlaceholders(text: string, values: Record<string, string>, escape: (value: string) => string = (v) => v): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? escape(values[name]!) : whole));
}
