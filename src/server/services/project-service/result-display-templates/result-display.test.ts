import { withTenant } from '../../../platform/tenancy/with-tenant';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { projectResultDisplay, resolveProjectResult } from '..';
import { chooseProjectResultTemplate, createResultConfigTemplate } from './result-config-store';

let t: TestApp;
let acme: number;
let globex: number;

const projectOf = (tenantId: number, questionnaireType: string) =>
  withTenant(t.db, tenantId, (trx) =>
    trx
      .selectFrom('projects')
      .select(['id', 'result_configuration_template_id'])
      .where('questionnaire_type', '=', questionnaireType as 'PRECISION_QUESTIONNAIRE')
      .orderBy('id')
      .executeTakeFirst(),
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
});
afterAll(() => t.close());

describe('resolveProjectResult (docs/product/result-config.md#project-display)', () => {
  test("the seed's first project shows the demo template: English, Spanish, and English for Tagalog", async () => {
    const first = await withTenant(t.db, acme, (trx) =>
      trx
        .selectFrom('projects')
        .select(['id', 'result_configuration_template_id'])
        .orderBy('id')
        .executeTakeFirstOrThrow(),
    );
    expect(first.result_configuration_template_id).not.toBeNull();
    const resolve = (code: string, language: string) =>
      withTenant(t.db, acme, (trx) => resolveProjectResult(trx, { projectId: first.id, code, language }));
    const display = await withTenant(t.db, acme, (trx) => projectResultDisplay(trx, first.id));
    const hrOrR = display.templateType === 'PRECISION_RESULTS' ? 'HR' : 'R';
    const english = await resolve(hrOrR, 'en');
    expect(english.text).toBe(hrOrR === 'HR' ? 'Elevated Risk' : 'Flagged');
    expect(english).toMatchObject({ code: hrOrR, badge: hrOrR, iconId: 1, iconLabel: 'Red flag' });
    expect((await resolve(hrOrR, 'es')).text).toBe(hrOrR === 'HR' ? 'Riesgo elevado' : 'Señalado');
    expect((await resolve(hrOrR, 'tl')).text).toBe(english.text);
    // A code the template does not name shows its D row.
    expect(await resolve('PD', 'es')).toMatchObject({ code: 'PD', badge: 'D', text: 'Otro resultado', iconId: 7 });
  });

  test("a project without a chosen template uses the account's 'Standard Results' by its questionnaire type", async () => {
    const precision = await projectOf(acme, 'PRECISION_QUESTIONNAIRE');
    const express = await projectOf(acme, 'EXPRESS_QUESTIONNAIRE');
    const plain = [precision, express].find((p) => p && p.result_configuration_template_id === null);
    expect(plain).toBeDefined();
    const display = await withTenant(t.db, acme, (trx) => projectResultDisplay(trx, plain!.id));
    const legend = display.legend('es').map((d) => d.text);
    expect(legend).toContain(display.templateType === 'PRECISION_RESULTS' ? 'Riesgo alto' : 'Rojo');
    // No D row in 'Standard Results': the code's meaning with the Blue info icon.
    expect(display.display('RJ', 'en')).toMatchObject({ badge: 'D', text: 'Rejected', iconLabel: 'Blue info' });
    expect(display.display('RJ', 'es').text).toBe('Rechazado');
  });

  test('follows a newly chosen template at once, and falls back to other types and the defaults', async () => {
    const project = await projectOf(acme, 'EXPRESS_QUESTIONNAIRE');
    const display = await withTenant(t.db, acme, async (trx) => {
      const template = await createResultConfigTemplate(trx, {
        tenantId: acme,
        templateName: 'Only Precision',
        templateType: {
          PRECISION_RESULTS: [
            { result: 'Danger', result_es: '', result_type: 'HR', result_type_es: 'HR', icon_id: 2 },
            { result: 'Clean', result_es: 'Limpio', result_type: 'G', result_type_es: 'G', icon_id: 5 },
          ],
        },
        now: t.clock.now(),
      });
      await chooseProjectResultTemplate(trx, project!.id, template.id);
      return projectResultDisplay(trx, project!.id);
    });
    // An express project asks for RED_GREEN_RESULTS; this template has none, so its first type serves.
    expect(display.templateType).toBe('RED_GREEN_RESULTS');
    expect(display.display('G', 'es').text).toBe('Limpio');
    // An empty Spanish text shows the English one.
    expect(display.display('HR', 'es')).toMatchObject({ text: 'Danger', iconLabel: 'Orange triangle' });
    // A code the template lacks comes from the product's defaults.
    expect(display.display('R', 'en').text).toBe('Red');
  });

  test("another tenant's project is not found; choosing another tenant's template is refused", async () => {
    const project = await projectOf(acme, 'PRECISION_QUESTIONNAIRE');
    await expect(
      withTenant(t.db, globex, (trx) =>
        resolveProjectResult(trx, { projectId: project!.id, code: 'HR', language: 'en' }),
      ),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Project not found.' });
    const globexTemplate = await withTenant(t.db, globex, (trx) =>
      trx.selectFrom('result_config_templates').select('id').executeTakeFirstOrThrow(),
    );
    await expect(
      withTenant(t.db, acme, (trx) => chooseProjectResultTemplate(trx, project!.id, globexTemplate.id)),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Template not found.' });
  });
});
