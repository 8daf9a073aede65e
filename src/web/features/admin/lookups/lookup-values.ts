import type { LookupItem } from '../../../api/generated/project-service';
import {
  ENGLISH_LANGUAGE_ID,
  LOOKUP_OBJECT,
  SPANISH_LANGUAGE_ID,
  type LookupPair,
} from '../../../../shared/lookup-rules';

/** The Add/Edit Lookups Value form (docs/product/admin-lookups.md#lookup-form). */
export interface LookupValues {
  object: string;
  status: 'Active' | 'Inactive';
  attributeType: string;
  englishValue: string;
  spanishValue: string;
}

/** Edit opens by field name and attributeId in the query string, so the page survives a reload. */
export const editLookupPath = (pair: Pick<LookupPair, 'attributeType' | 'attributeId'>) =>
  `/main/admin/lookups/editLookup?field=${encodeURIComponent(pair.attributeType)}&attributeId=${pair.attributeId}`;

export const lookupValues = (pair: LookupPair | null): LookupValues => ({
  object: LOOKUP_OBJECT,
  status: pair === null || pair.active ? 'Active' : 'Inactive',
  attributeType: pair?.attributeType ?? '',
  englishValue: pair?.englishValue ?? '',
  spanishValue: pair?.spanishValue ?? '',
});

/** The spec's body: an English and a Spanish item (with the stored rows' ids when editing). */
export function toLookupItems(values: LookupValues, tenantId: number, pair: LookupPair | null): LookupItem[] {
  const item = {
    attributeType: values.attributeType,
    tenantId,
    active: values.status === 'Active',
    default: pair?.default ?? false,
    object: values.object,
  };
  return [
    { ...item, languageId: ENGLISH_LANGUAGE_ID, description: values.englishValue.trim(), id: pair?.englishId ?? null },
    { ...item, languageId: SPANISH_LANGUAGE_ID, description: values.spanishValue.trim(), id: pair?.spanishId ?? null },
  ];
}
