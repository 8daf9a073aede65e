import { browser, expect } from '@wdio/globals';
import { pdfText } from '../../../src/server/platform/pdf/pdf-text';
import { sel } from '../selectors';
import { apiCall, apiDownload, apiSignIn, tenantIdOf, type ApiSession } from '../support/admin-api';
import { byTestId, freshStart, signInToDashboard, submitSignIn } from '../support/app';
import { expectAccessible } from '../support/accessibility';

const T = sel.admin.resultTemplates;

/** Clicks inside the modal's scrolling body through the DOM (WebDriver's pointer click reported it not interactable). */
const press = async (testId: string) => {
  const element = await byTestId(testId);
  await element.waitForExist();
  await browser.execute((target: HTMLElement) => target.click(), element as unknown as HTMLElement);
};

/** The blank template's rows (docs/product/result-config.md#defaults). */
const ROWS = {
  PRECISION_RESULTS: ['HR', 'PR', 'AR', 'LR', 'CM', 'AD', 'NC', 'DC', 'NP', 'D'],
  RED_GREEN_RESULTS: ['R', 'G', 'NC', 'DC', 'NP', 'D'],
};

/**
 * A demo project with results that no other journey changes (inactive, complete; src/server/seed/demo-data.ts;
 * results-downloads only reads them). Its template is set back at the end.
 */
const PROJECT = 'Annual Compliance Review 2025';

interface ResultRow {
  interviewResultId: number;
  overallEvaluation: { badge: string; text: string };
}

describe('admin: result configuration templates', () => {
  let provider: ApiSession;
  let acme = 0;
  let restore: { projectId: number; name: string; templateId: number | null } | null = null;

  after(async () => {
    if (!restore) return;
    await apiCall(provider, acme, 'PUT', `/project-service/v1/project/${restore.projectId}`, {
      json: { name: restore.name, result_configuration_template_id: restore.templateId },
    });
  });

  it('a customer admin creates a template with texts and icons, sees it in the list and in its view', async () => {
    await signInToDashboard('admin@acme.test');
    await byTestId(sel.shell.sidebarEntry('admin')).click();
    await byTestId(sel.admin.tab('resultconfiguration')).click();
    await expect(byTestId(T.list)).toBeDisplayed();
    await expect(byTestId(T.list).$('div=Standard Results')).toBeDisplayed();
    await expectAccessible('result templates grid');

    await byTestId(T.add).click();
    await expect(byTestId(T.modal)).toBeDisplayed();
    await byTestId(T.name).waitForClickable();
    await byTestId(T.name).addValue('Journey Display');
    for (const [type, codes] of Object.entries(ROWS)) {
      await press(T.tab(type));
      for (const code of codes) {
        const field = byTestId(`${T.row(type, code)}-result`);
        await field.scrollIntoView({ block: 'center' });
        await field.addValue(`Journey ${code}`);
      }
    }
    await press(T.tab('PRECISION_RESULTS'));
    const hr = T.row('PRECISION_RESULTS', 'HR');
    await byTestId(`${hr}-result-es`).scrollIntoView({ block: 'center' });
    await byTestId(`${hr}-result-es`).addValue('Riesgo de viaje');
    await press(`${hr}-icon-2`);
    await expect(byTestId(`${hr}-badge`)).toHaveText(expect.stringContaining('Journey HR'));
    await press(T.save);

    await expect(byTestId(T.success)).toHaveText(expect.stringContaining('Template Created Successfully'));
    await expect(byTestId(T.modal)).not.toBeDisplayed();
    const listed = byTestId(T.list).$('div=Journey Display');
    await expect(listed).toBeDisplayed();

    await listed.click();
    await expect(byTestId(T.modal)).toBeDisplayed();
    await browser.waitUntil(async () => (await byTestId(T.name).getValue()) === 'Journey Display');
    await expect(byTestId(`${hr}-badge`)).toHaveText(expect.stringContaining('Journey HR'));
    expect(await byTestId(`${hr}-result-es`).getValue()).toBe('Riesgo de viaje');
    expect(await byTestId(`${hr}-icon-2`).getAttribute('aria-pressed')).toBe('true');
    await press(T.tab('RED_GREEN_RESULTS'));
    await expect(byTestId(`${T.row('RED_GREEN_RESULTS', 'G')}-badge`)).toHaveText(expect.stringContaining('Journey G'));
    await press(T.cancel);
    await expect(byTestId(T.modal)).not.toBeDisplayed();
  });

  it("a project given the template in its form prints the template's texts in its PDF risk report", async () => {
    provider = await apiSignIn('admin@voxscreen.test');
    acme = await tenantIdOf(provider, 'Acme Insurance');
    const { projects } = await apiCall<{ projects: { projectId: number; name: string }[] }>(
      provider,
      acme,
      'GET',
      '/project-service/v1/project/projectListNew',
    );
    const projectId = projects.find((project) => project.name === PROJECT)?.projectId ?? 0;
    expect(projectId).toBeGreaterThan(0);
    const stored = await apiCall<{ name: string; result_configuration_template_id?: number | null }>(
      provider,
      acme,
      'GET',
      `/project-service/v1/project/${projectId}`,
    );
    const firstResult = async (): Promise<ResultRow> => {
      const page = await apiCall<{ results: ResultRow[] }>(
        provider,
        acme,
        'POST',
        '/execution-service/v1/interview/results',
        {
          json: { projectId, page: 0, pageSize: 1 },
        },
      );
      expect(page.results.length).toBe(1);
      return page.results[0]!;
    };
    const pdf = async (id: number) =>
      pdfText(await apiDownload(provider, acme, `/execution-service/v1/interview/result/${id}/pdf`));
    expect(await pdf((await firstResult()).interviewResultId)).not.toContain('Journey');

    // A provider administrator (who may change the internal fields) chooses the template in the project form.
    await freshStart();
    await submitSignIn('admin@voxscreen.test');
    await expect(byTestId(sel.tenantChooser.dialog)).toBeDisplayed({ wait: 30_000 });
    await byTestId(sel.tenantChooser.select).selectByVisibleText('Acme Insurance');
    await byTestId(sel.tenantChooser.selectButton).click();
    await expect(byTestId(sel.dashboard)).toBeDisplayed();
    await browser.url(`/main/project/${projectId}`);
    const template = byTestId(sel.projectForm.resultTemplate);
    await expect(template).toBeDisplayed({ wait: 20_000 });
    await expect(byTestId(sel.projectForm.name)).toHaveValue(PROJECT, { wait: 20_000 });
    restore = { projectId, name: stored.name, templateId: stored.result_configuration_template_id ?? null };
    await template.scrollIntoView({ block: 'center' });
    await template.selectByVisibleText('Journey Display');
    await byTestId(sel.projectForm.save).click();
    await expect(byTestId(sel.projectForm.success)).toHaveText(
      expect.stringContaining('Project Updated Successfully'),
      {
        wait: 15_000,
      },
    );

    // The results and their PDF risk report now show the template's texts (docs/product/result-config.md#project-display).
    const shown = await firstResult();
    expect(shown.overallEvaluation.text).toMatch(/^Journey /);
    const text = await pdf(shown.interviewResultId);
    expect(text).toContain(`Overall Evaluation: ${shown.overallEvaluation.text} (${shown.overallEvaluation.badge})`);
    // The legend lists the template's rows of the project's type.
    expect(text).toContain('Journey HR');
    expect(text).toContain('Journey LR');
  });
});
