import type { Db, ProjectAttributeType } from '../../../platform/db/schema';
import { FieldErrors } from '../../../platform/http/field-errors';
import { notFound } from '../../../platform/http/http-error';
import { LOOKUP_MESSAGES, lookupProblems, type LookupItemDraft } from '../../../../shared/lookup-rules';
import {
  clearOtherDefaults,
  deleteLookupLanguage,
  findLookupRows,
  insertLookupLanguage,
  lookupValueRows,
  nextLookupPlace,
  setLookupValueState,
  updateLookupLanguage,
  type StoredLookupRow,
} from './lookup-values-store';

const text = (value: string | null | undefined) => (value ?? '').trim();

/** The rules of docs/product/admin-lookups.md#rules (422 with every problem, nothing changed). */
function checkItems(items: readonly LookupItemDraft[]): void {
  const errors = new FieldErrors();
  for (const problem of lookupProblems(items)) errors.add(problem.field, problem.message);
  errors.throwIfAny();
}

/**
 * Adds a lookup value: the next attributeId and sequence of its field name, one row per language with a text.
 * The API (createLookupValue) and the seed both add values through this. Tenant scope.
 */
export async function addLookupValue(
  trx: Db,
  tenantId: number,
  items: readonly LookupItemDraft[],
): Promise<StoredLookupRow[]> {
  checkItems(items);
  const attributeType = items[0]!.attributeType as ProjectAttributeType;
  const { active, default: isDefault } = items[0]!;
  const { attributeId, sequence } = await nextLookupPlace(trx, tenantId, attributeType);
  for (const item of items) {
    const description = text(item.description);
    if (description === '') continue;
    await insertLookupLanguage(trx, {
      tenantId,
      attributeType,
      attributeId,
      languageId: item.languageId,
      description,
      sequence,
      active,
      isDefault,
    });
  }
  if (isDefault) await clearOtherDefaults(trx, attributeType, attributeId);
  return lookupValueRows(trx, attributeType, attributeId);
}

/**
 * Changes a value's status, default and texts: items name the stored row of their language by id (a row of
 * another tenant is not found); an item without id adds its language, an empty text removes it. Tenant scope.
 */
export async function changeLookupValue(
  trx: Db,
  tenantId: number,
  items: readonly LookupItemDraft[],
): Promise<StoredLookupRow[]> {
  checkItems(items);
  const ids = items.flatMap((item) => (item.id === null || item.id === undefined ? [] : [item.id]));
  const stored = await findLookupRows(trx, ids);
  if (ids.length === 0 || stored.length !== ids.length) throw notFound('No such lookup value.');
  const { attributeType, attributeId, sequence } = stored[0]!;
  const sameValue = stored.every((row) => row.attributeType === attributeType && row.attributeId === attributeId);
  if (!sameValue) throw notFound('No such lookup value.');
  const errors = new FieldErrors();
  if (items.some((item) => item.attributeType !== attributeType)) errors.add('attributeType', LOOKUP_MESSAGES.LOCKED);
  for (const item of items) {
    const row = stored.find((r) => r.id === item.id);
    if (row && row.languageId !== item.languageId) errors.add('languageId', LOOKUP_MESSAGES.SAME_VALUE);
  }
  errors.throwIfAny();

  const { active, default: isDefault } = items[0]!;
  for (const item of items) {
    const description = text(item.description);
    const row = stored.find((r) => r.id === item.id);
    if (row && description === '') await deleteLookupLanguage(trx, row.id);
    else if (row) await updateLookupLanguage(trx, row.id, { description, active, isDefault });
    else if (description !== '') {
      const taken = (await lookupValueRows(trx, attributeType, attributeId)).some(
        (r) => r.languageId === item.languageId,
      );
      if (taken) throw notFound('No such lookup value.');
      await insertLookupLanguage(trx, {
        tenantId,
        attributeType,
        attributeId,
        languageId: item.languageId,
        description,
        sequence,
        active,
        isDefault,
      });
    }
  }
  await setLookupValueState(trx, attributeType, attributeId, { active, isDefault });
  if (isDefault) await clearOtherDefaults(trx, attributeType, attributeId);
  const rows = await lookupValueRows(trx, attributeType, attributeId);
  if (rows.length === 0) {
    const refused = new FieldErrors();
    refused.add('description', LOOKUP_MESSAGES.VALUE_REQUIRED);
    refused.throwIfAny();
  }
  return rows;
}
