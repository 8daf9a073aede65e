import type { Db } from '../platform/db/schema';
import { addLookupValue } from '../services/project-service';
import type { LookupFieldName } from '../../shared/lookup-rules';

/** Demo lookup values (docs/product/admin-lookups.md): English and Spanish, the first of each field name the default. */
export const DEMO_LOOKUP_VALUES: ReadonlyArray<[LookupFieldName, string, string]> = [
  ['DEPARTMENT', 'Human Resources', 'Recursos humanos'],
  ['DEPARTMENT', 'Security', 'Seguridad'],
  ['DEPARTMENT', 'Finance', 'Finanzas'],
  ['TYPE', 'Pre-employment', 'Preempleo'],
  ['TYPE', 'Periodic review', 'Revisión periódica'],
  ['RISK_OBJECTIVE_INTERNAL', 'Theft prevention', 'Prevención de robos'],
  ['RISK_OBJECTIVE_EXTERNAL', 'Fraud detection', 'Detección de fraude'],
  ['LANGUAGE', 'English', 'Inglés'],
  ['LANGUAGE', 'Spanish', 'Español'],
  ['LOCATION', 'Head office', 'Oficina central'],
  ['LOCATION', 'Regional office', 'Oficina regional'],
  ['DELIVERY_METHOD', 'E-mail', 'Correo electrónico'],
  ['DELIVERY_METHOD', 'SMS', 'SMS'],
  ['INTERVIEW_METHOD', 'Dial-in', 'Llamada entrante'],
  ['CALL_TYPE', 'Toll-free', 'Gratuita'],
  ['CATEGORY', 'Insurance claims', 'Reclamaciones de seguros'],
];

/** Adds the demo lookup values a tenant lacks, through the function the API uses. Tenant scope. */
export async function seedLookupValues(trx: Db, tenantId: number): Promise<void> {
  const seen = new Set<string>();
  for (const [attributeType, english, spanish] of DEMO_LOOKUP_VALUES) {
    const first = !seen.has(attributeType);
    seen.add(attributeType);
    const exists = await trx
      .selectFrom('project_attributes')
      .select('id')
      .where('attribute_type', '=', attributeType)
      .where('language_id', '=', 1)
      .where('description', '=', english)
      .executeTakeFirst();
    if (exists) continue;
    const item = { attributeType, tenantId, active: true, default: first, object: 'PROJECT' };
    await addLookupValue(trx, tenantId, [
      { ...item, languageId: 1, description: english },
      { ...item, languageId: 2, description: spanish },
    ]);
  }
}
