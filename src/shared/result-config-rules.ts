/**
 * Result-configuration templates (docs/product/result-config.md): the badge codes, the icons of 'Display As',
 * the template types, the rules of the template modal and the text a language shows. Shared by the console
 * (checks as the user types, the labels) and the project-service (which enforces them). Pure TypeScript.
 */

/** The 12 badge codes; D is the default badge of a code the template does not name. */
export const RESULT_BADGE_CODES = ['HR', 'R', 'PR', 'AR', 'LR', 'G', 'NC', 'DC', 'NP', 'AD', 'CM', 'D'] as const;
export type ResultBadgeCode = (typeof RESULT_BADGE_CODES)[number];

export const isResultBadgeCode = (code: string): code is ResultBadgeCode =>
  (RESULT_BADGE_CODES as readonly string[]).includes(code);

/** The icons a row may be displayed as (the 'Display As' picker), by id. */
export const RESULT_ICONS: readonly { value: number; label: string }[] = [
  { value: 1, label: 'Red flag' },
  { value: 2, label: 'Orange triangle' },
  { value: 3, label: 'Yellow circle' },
  { value: 4, label: 'Light green circle' },
  { value: 5, label: 'Green check' },
  { value: 6, label: 'Grey dash' },
  { value: 7, label: 'Blue info' },
];

export const isResultIcon = (id: number) => RESULT_ICONS.some((icon) => icon.value === id);

/** The icon a new row of a code starts with. */
export const DEFAULT_BADGE_ICON: Record<ResultBadgeCode, number> = {
  HR: 1,
  R: 1,
  PR: 3,
  AR: 4,
  LR: 5,
  G: 5,
  NC: 6,
  DC: 6,
  NP: 6,
  AD: 1,
  CM: 1,
  D: 7,
};

/**
 * The template types and their codes: PRECISION_RESULTS for precision-style questionnaires, RED_GREEN_RESULTS
 * for EXPRESS and PRECISION_RED_GREEN ones; together they name all 12 codes.
 */
export const RESULT_CONFIG_TYPE_CODES: Record<string, readonly ResultBadgeCode[]> = {
  PRECISION_RESULTS: ['HR', 'PR', 'AR', 'LR', 'CM', 'AD', 'NC', 'DC', 'NP', 'D'],
  RED_GREEN_RESULTS: ['R', 'G', 'NC', 'DC', 'NP', 'D'],
};

/** The template type whose rows show a questionnaire's results. */
export const resultConfigTypeFor = (questionnaireType: string): string =>
  questionnaireType === 'EXPRESS_QUESTIONNAIRE' || questionnaireType === 'PRECISION_RED_GREEN_QUESTIONNAIRE'
    ? 'RED_GREEN_RESULTS'
    : 'PRECISION_RESULTS';

/** A tab's label: the type name with underscores replaced by spaces, each word capitalised. */
export const resultConfigTypeLabel = (type: string): string =>
  type
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');

/** Spanish shows the Spanish texts; every other language (Tagalog included) the English ones. */
export const resultTextLanguage = (language: string | null | undefined): 'en' | 'es' =>
  language?.toLowerCase().startsWith('es') ? 'es' : 'en';

export interface ResultConfigRowDraft {
  result: string;
  result_es: string;
  result_type: string;
  result_type_es: string;
  icon_id: number;
}

/** A row whose Spanish result type is its code. */
export const resultConfigRow = (
  result_type: string,
  result: string,
  result_es: string,
  icon_id: number,
): ResultConfigRowDraft => ({ result, result_es, result_type, result_type_es: result_type, icon_id });

/** The result text and result type a row shows in a language (Tagalog: English). */
export function rowTextIn(row: ResultConfigRowDraft, language: string | null | undefined) {
  return resultTextLanguage(language) === 'es'
    ? { result: row.result_es || row.result, resultType: row.result_type_es || row.result_type }
    : { result: row.result, resultType: row.result_type };
}

export const TEMPLATE_NAME_MAX_LENGTH = 100;
export const RESULT_TEXT_MAX_LENGTH = 100;

export type ResultConfigProblemCode =
  | 'NAME_REQUIRED'
  | 'NAME_TOO_LONG'
  | 'TYPE_REQUIRED'
  | 'TYPE_NAME'
  | 'RESULT_TYPE'
  | 'RESULT_REQUIRED'
  | 'RESULT_TOO_LONG'
  | 'ICON';

/** The English messages (the spec's 'Template name is required'; the others are ours). */
export const RESULT_CONFIG_MESSAGES: Record<ResultConfigProblemCode, string> = {
  NAME_REQUIRED: 'Template name is required',
  NAME_TOO_LONG: 'Template name should be less than 100 character',
  TYPE_REQUIRED: 'At least one template type is required',
  TYPE_NAME: 'Template type names are upper case with underscores',
  RESULT_TYPE: 'Unknown or repeated result type',
  RESULT_REQUIRED: 'Result text is required',
  RESULT_TOO_LONG: 'Result text should be less than 100 character',
  ICON: 'Unknown icon',
};

export interface ResultConfigProblem {
  /** `template_name`, `template_type`, `template_type.<TYPE>` or `template_type.<TYPE>[<row>].<field>`. */
  field: string;
  code: ResultConfigProblemCode;
}

/** Every rule of a template (name, types, rows), in the modal's order. */
export function resultConfigProblems(draft: {
  template_name: string | null | undefined;
  template_type: Record<string, readonly ResultConfigRowDraft[]>;
}): ResultConfigProblem[] {
  const problems: ResultConfigProblem[] = [];
  const report = (field: string, code: ResultConfigProblemCode) => problems.push({ field, code });
  const name = draft.template_name?.trim() ?? '';
  if (!name) report('template_name', 'NAME_REQUIRED');
  else if (name.length > TEMPLATE_NAME_MAX_LENGTH) report('template_name', 'NAME_TOO_LONG');
  const types = Object.entries(draft.template_type);
  if (types.length === 0) report('template_type', 'TYPE_REQUIRED');
  for (const [type, rows] of types) {
    if (!/^[A-Z][A-Z0-9_]{0,49}$/.test(type)) report(`template_type.${type}`, 'TYPE_NAME');
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const at = `template_type.${type}[${index}]`;
      if (!isResultBadgeCode(row.result_type) || seen.has(row.result_type)) report(`${at}.result_type`, 'RESULT_TYPE');
      seen.add(row.result_type);
      if (!row.result.trim()) report(`${at}.result`, 'RESULT_REQUIRED');
      else if (row.result.length > RESULT_TEXT_MAX_LENGTH) report(`${at}.result`, 'RESULT_TOO_LONG');
      if (row.result_es.length > RESULT_TEXT_MAX_LENGTH) report(`${at}.result_es`, 'RESULT_TOO_LONG');
      if (!isResultIcon(row.icon_id)) report(`${at}.icon_id`, 'ICON');
    });
  }
  return problems;
}

/** The blank template of the Add modal (view-template): every type with its codes, no texts, default icons. */
export function blankResultConfigTypes(): Record<string, ResultConfigRowDraft[]> {
  return Object.fromEntries(
    Object.entries(RESULT_CONFIG_TYPE_CODES).map(([type, codes]) => [
      type,
      codes.map((code) => ({
        result: '',
        result_es: '',
        result_type: code,
        result_type_es: code,
        icon_id: DEFAULT_BADGE_ICON[code],
      })),
    ]),
  );
}
