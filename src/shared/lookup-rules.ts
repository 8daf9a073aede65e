/**
 * The rules of the Lookups tab and its forms (docs/product/admin-lookups.md#rules), shared by the console and the
 * project-service, which enforces them. Pure TypeScript without dependencies: see docs/development.md.
 */

/** The field names an administrator keeps values for, in the order the form lists them. */
export const LOOKUP_FIELD_NAMES = [
  'DEPARTMENT',
  'TYPE',
  'RISK_OBJECTIVE_INTERNAL',
  'LANGUAGE',
  'LOCATION',
  'RISK_OBJECTIVE_EXTERNAL',
  'DELIVERY_METHOD',
  'INTERVIEW_METHOD',
  'CALL_TYPE',
  'CATEGORY',
] as const;

/** Project attributes kept by the product itself: never listed nor edited in the Lookups tab. */
export const HIDDEN_LOOKUP_FIELD_NAMES = ['STAGE', 'STATUS'] as const;

export type LookupFieldName = (typeof LOOKUP_FIELD_NAMES)[number];

/** The only lookup object. */
export const LOOKUP_OBJECT = 'PROJECT';

export const ENGLISH_LANGUAGE_ID = 1;
export const SPANISH_LANGUAGE_ID = 2;

export const LOOKUP_MESSAGES = {
  CREATED: 'lookup created successfully',
  UPDATED: 'lookup updated successfully',
  FIELD_NAME: 'Please choose a field name from the list.',
  VALUE_REQUIRED: 'Enter an English or a Spanish value.',
  ONE_PER_LANGUAGE: 'Send one English and one Spanish item.',
  SAME_VALUE: 'Both items must describe the same value.',
  LOCKED: 'The object and field name of a value cannot change.',
  OBJECT: 'The only object is PROJECT.',
} as const;

export const isLookupFieldName = (name: string): name is LookupFieldName =>
  (LOOKUP_FIELD_NAMES as readonly string[]).includes(name);

/** One stored attribute row (one language of a value), as the contract answers it. */
export interface LookupRow {
  id: number;
  attributeId: number;
  attributeType: string;
  description: string;
  languageId: number;
  active: boolean;
  default: boolean;
}

/** One value of the list: its English and Spanish rows side by side. */
export interface LookupPair {
  attributeId: number;
  attributeType: string;
  englishId: number | null;
  spanishId: number | null;
  englishValue: string;
  spanishValue: string;
  active: boolean;
  default: boolean;
}

/** Pairs English and Spanish rows by field name and attributeId, hiding STAGE and STATUS; by field name, then id. */
export function pairLookupRows(rows: readonly LookupRow[]): LookupPair[] {
  const pairs = new Map<string, LookupPair>();
  for (const row of rows) {
    if (!isLookupFieldName(row.attributeType)) continue;
    const key = `${row.attributeType}:${row.attributeId}`;
    const pair = pairs.get(key) ?? {
      attributeId: row.attributeId,
      attributeType: row.attributeType,
      englishId: null,
      spanishId: null,
      englishValue: '',
      spanishValue: '',
      active: row.active,
      default: row.default,
    };
    if (row.languageId === ENGLISH_LANGUAGE_ID) {
      Object.assign(pair, { englishId: row.id, englishValue: row.description, active: row.active });
    } else if (row.languageId === SPANISH_LANGUAGE_ID) {
      Object.assign(pair, { spanishId: row.id, spanishValue: row.description });
    } else continue;
    pairs.set(key, pair);
  }
  return [...pairs.values()].sort(
    (a, b) => a.attributeType.localeCompare(b.attributeType) || a.attributeId - b.attributeId,
  );
}

/** The list's search: the exact field name (case and surrounding spaces aside); empty shows every value. */
export const matchesFieldName = (pair: Pick<LookupPair, 'attributeType'>, search: string): boolean => {
  const wanted = search.trim().toUpperCase();
  return wanted === '' || pair.attributeType === wanted;
};

/** One item of the create/update body (the spec's array of an English and a Spanish item). */
export interface LookupItemDraft {
  id?: number | null;
  attributeType: string;
  languageId: number;
  description?: string | null;
  object: string;
  active: boolean;
  default: boolean;
}

export interface LookupProblem {
  field: 'attributeType' | 'description' | 'languageId' | 'object' | 'active';
  message: string;
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/**
 * What is wrong with a create or update body: at most one item per language (English, Spanish), one field name
 * of the list, the object PROJECT, the same status on both, and at least one value. The values themselves
 * have no rule (the spec: "no validation").
 */
export function lookupProblems(items: readonly LookupItemDraft[]): LookupProblem[] {
  const problems: LookupProblem[] = [];
  const languages = items.map((item) => item.languageId);
  const known = languages.every((id) => id === ENGLISH_LANGUAGE_ID || id === SPANISH_LANGUAGE_ID);
  if (items.length === 0 || !known || new Set(languages).size !== languages.length) {
    problems.push({ field: 'languageId', message: LOOKUP_MESSAGES.ONE_PER_LANGUAGE });
  }
  if (!items.every((item) => isLookupFieldName(item.attributeType))) {
    problems.push({ field: 'attributeType', message: LOOKUP_MESSAGES.FIELD_NAME });
  } else if (new Set(items.map((item) => item.attributeType)).size > 1) {
    problems.push({ field: 'attributeType', message: LOOKUP_MESSAGES.SAME_VALUE });
  }
  if (!items.every((item) => item.object === LOOKUP_OBJECT)) {
    problems.push({ field: 'object', message: LOOKUP_MESSAGES.OBJECT });
  }
  if (new Set(items.map((item) => item.active)).size > 1 || new Set(items.map((item) => item.default)).size > 1) {
    problems.push({ field: 'active', message: LOOKUP_MESSAGES.SAME_VALUE });
  }
  if (items.length > 0 && items.every((item) => text(item.description) === '')) {
    problems.push({ field: 'description', message: LOOKUP_MESSAGES.VALUE_REQUIRED });
  }
  return problems;
}
