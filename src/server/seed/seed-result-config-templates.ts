import type { Db } from '../platform/db/schema';
import { resultConfigRow } from '../../shared/result-config-rules';
import { chooseProjectResultTemplate, createResultConfigTemplate } from '../services/project-service';

/** A demo template naming all 12 badge codes, English and Spanish (docs/product/result-config.md#demo). */
export const DEMO_RESULT_TEMPLATE_NAME = 'Claims Review Display';

const row = resultConfigRow;

const UNFINISHED = [
  row('NC', 'Not Completed', 'No completado', 6),
  row('DC', 'Call Disconnected', 'Llamada desconectada', 6),
  row('NP', 'No Response', 'Sin respuesta', 6),
  row('D', 'Other Result', 'Otro resultado', 7),
];

export const DEMO_RESULT_TEMPLATE_TYPES = {
  PRECISION_RESULTS: [
    row('HR', 'Elevated Risk', 'Riesgo elevado', 1),
    row('PR', 'Possible Concern', 'Posible preocupación', 2),
    row('AR', 'Typical Response', 'Respuesta típica', 4),
    row('LR', 'Minimal Risk', 'Riesgo mínimo', 5),
    row('CM', 'Countermeasures Detected', 'Contramedidas detectadas', 1),
    row('AD', 'Admission Made', 'Admisión realizada', 2),
    ...UNFINISHED,
  ],
  RED_GREEN_RESULTS: [row('R', 'Flagged', 'Señalado', 1), row('G', 'Cleared', 'Aprobado', 5), ...UNFINISHED],
};

/**
 * Gives a tenant the demo template through the store function the API's create-template uses, and makes its
 * first project (by id) show results with it. Keeps what exists, so running it again changes nothing. Tenant
 * scope.
 */
export async function seedResultConfigTemplates(trx: Db, tenantId: number, now: Date): Promise<void> {
  const exists = await trx
    .selectFrom('result_config_templates')
    .select('id')
    .where('template_name', '=', DEMO_RESULT_TEMPLATE_NAME)
    .executeTakeFirst();
  if (exists) return;
  const template = await createResultConfigTemplate(trx, {
    tenantId,
    templateName: DEMO_RESULT_TEMPLATE_NAME,
    templateType: DEMO_RESULT_TEMPLATE_TYPES,
    now,
  });
  const first = await trx.selectFrom('projects').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (first) await chooseProjectResultTemplate(trx, first.id, template.id);
}
