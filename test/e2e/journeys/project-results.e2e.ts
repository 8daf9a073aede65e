import { browser, expect } from '@wdio/globals';
import { pdfText } from '../../../src/server/platform/pdf/pdf-text';
import { sel } from '../selectors';
import { byTestId, freshStart, pathname, projectIdByName, signInToDashboard, submitSignIn } from '../support/app';
import { expectAccessible } from '../support/accessibility';

/** A demo project in the execution stage with results (docs/product/project-results.md#demo). */
const PROJECT = 'Claims Integrity 2026';

/** The result rows shown, in order: id and IRN (read in the page, so a re-render leaves no stale handle). */
async function shownRows(): Promise<{ id: number; irn: string }[]> {
  return (await browser.execute(() =>
    Array.from(document.querySelectorAll('[data-testid^="results-irn-"]')).map((cell) => ({
      id: Number((cell.getAttribute('data-testid') ?? '').replace('results-irn-', '')),
      irn: cell.textContent ?? '',
    })),
  )) as { id: number; irn: string }[];
}

async function shownResultIds(): Promise<number[]> {
  return (await shownRows()).map((row) => row.id);
}

async function waitForRows(message: string): Promise<void> {
  await browser.waitUntil(async () => (await shownResultIds()).length > 0, { timeout: 20_000, timeoutMsg: message });
}

/** Scrolls the grid sideways until an element of the actions column (the last one) is rendered. */
async function scrollToActions(testId: string, what: string): Promise<void> {
  await browser.waitUntil(
    async () =>
      browser.execute((target: string) => {
        for (const viewport of document.querySelectorAll(
          '.ag-body-horizontal-scroll-viewport, .ag-center-cols-viewport',
        )) {
          viewport.scrollLeft = viewport.scrollWidth;
          viewport.dispatchEvent(new Event('scroll'));
        }
        return document.querySelector(`[data-testid="${target}"]`) !== null;
      }, testId),
    { timeout: 10_000, timeoutMsg: `${what} did not appear` },
  );
}

/** Sets a date input's value as a date picker would (typed keys follow the browser's locale). */
async function setDateInput(testId: string, value: string): Promise<void> {
  await browser.execute(
    (target: string, day: string) => {
      const input = document.querySelector<HTMLInputElement>(`[data-testid="${target}"]`)!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, day);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    testId,
    value,
  );
}

/** A file of the API fetched in the page with the console's own session, as base64. */
async function fetchInPage(path: string): Promise<{ status: number; disposition: string | null; base64: string }> {
  return (await browser.execute(async (url: string) => {
    const key = Object.keys(window.localStorage).find((k) => k.startsWith('persist:'))!;
    const root = JSON.parse(window.localStorage.getItem(key)!) as Record<string, string>;
    const session = JSON.parse(root.session!) as { accessToken: string; idToken: string };
    const tenancy = JSON.parse(root.tenancy!) as { operatingTenant: { tenantId: number } };
    const response = await fetch(url, {
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'id-token': session.idToken,
        operatingTenant: String(tenancy.operatingTenant.tenantId),
      },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
    return { status: response.status, disposition: response.headers.get('content-disposition'), base64: btoa(binary) };
  }, path)) as unknown as { status: number; disposition: string | null; base64: string };
}

/** A result's PDF fetched in the page with the console's own session. */
const fetchPdfInPage = (id: number) => fetchInPage(`/api/execution-service/v1/interview/result/${id}/pdf`);

/** The ids of the rows showing the Recording action (the grid scrolled sideways to the actions column first). */
const recordedIds = () =>
  browser.execute(() => {
    for (const viewport of document.querySelectorAll('.ag-body-horizontal-scroll-viewport, .ag-center-cols-viewport')) {
      viewport.scrollLeft = viewport.scrollWidth;
      viewport.dispatchEvent(new Event('scroll'));
    }
    return Array.from(document.querySelectorAll('[data-testid^="results-recording-"]')).map((button) =>
      Number((button.getAttribute('data-testid') ?? '').replace('results-recording-', '')),
    );
  }) as Promise<number[]>;

describe('project results', () => {
  let projectId = 0;

  it('the project card leads to the Results tab, which lists results', async () => {
    await signInToDashboard('admin@acme.test');
    projectId = await projectIdByName(PROJECT);
    await byTestId(`project-card-${projectId}`).$(`[data-testid="${sel.projects.nameLink}"]`).click();
    await expect(byTestId(sel.results.tab)).toBeDisplayed({ wait: 20_000 });
    expect(await pathname()).toBe(`/main/project/${projectId}/results`);
    await waitForRows('the Results tab listed no results');
    // A customer admin holds no internal hold permission: released rows only, no On Hold switch
    // (docs/product/project-results.md#release-delete).
    await expect(byTestId(sel.results.onHold)).not.toBeDisplayed();
  });

  it('searches by IRN, filters by date, and gives the PDF of a result', async () => {
    const [{ id: first, irn }] = (await shownRows()) as [{ id: number; irn: string }];
    expect(irn).not.toBe('');
    await byTestId(sel.results.search).setValue(irn);
    await byTestId(sel.results.searchButton).click();
    // A participant may have taken the interview more than once: every row shown is theirs.
    await browser.waitUntil(
      async () => {
        const rows = await shownRows();
        return rows.some((row) => row.id === first) && rows.every((row) => row.irn === irn);
      },
      {
        timeout: 20_000,
        timeoutMsg: `searching ${irn} did not list only that participant's results`,
      },
    );
    await expectAccessible('project results');

    // The Filters card: To on the default From day (2020-01-01, before any demo result) lists nothing; Reset filters
    // brings the rows back.
    // Typed into a date input, keys follow the browser's locale; the value is set as a date picker would.
    await browser.execute(
      (testId: string, value: string) => {
        const input = document.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`)!;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      sel.results.filterTo,
      '2020-01-01',
    );
    await byTestId(sel.results.apply).click();
    await browser.waitUntil(
      async () =>
        (await browser.execute(
          (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '',
          sel.results.total,
        )) === '0 results',
      { timeout: 20_000, timeoutMsg: 'a To date before every result still listed results' },
    );
    await byTestId(sel.results.reset).click();
    await waitForRows('Reset filters did not bring the results back');

    // The actions column is the last one: scroll the grid sideways to it, as a user on a narrow screen would.
    await scrollToActions(sel.results.pdf(first), 'the PDF button of the result');
    await byTestId(sel.results.pdf(first)).click();
    await expect(byTestId(sel.results.error)).not.toBeDisplayed();
    const pdf = await fetchPdfInPage(first);
    expect(pdf.status).toBe(200);
    expect(pdf.disposition).toContain(`result_${irn}.pdf`);
    const text = pdfText(Buffer.from(pdf.base64, 'base64'));
    expect(text).toContain(irn);
    expect(text).toContain(PROJECT);
  });

  it('outcome tracking with history: records an outcome and sees it in the history and on the row', async () => {
    // The grid is scrolled to the actions column (the IRN column is not rendered then): take the first row's id there.
    const rowsWithActions = () =>
      browser.execute(() =>
        Array.from(document.querySelectorAll('[data-testid^="results-pdf-"]')).map((button) =>
          Number((button.getAttribute('data-testid') ?? '').replace('results-pdf-', '')),
        ),
      ) as Promise<number[]>;
    await browser.waitUntil(async () => (await rowsWithActions()).length > 0, {
      timeout: 20_000,
      timeoutMsg: 'no row showed its actions',
    });
    const first = (await rowsWithActions())[0]!;
    await scrollToActions(sel.resultActions.outcome(first), 'the outcome tracking button');
    await byTestId(sel.resultActions.outcome(first)).click();
    await expect(byTestId(sel.resultActions.outcomeModal)).toBeDisplayed({ wait: 20_000 });
    // Saving an empty form names the mandatory fields (docs/product/project-results.md#messages).
    await byTestId(sel.resultActions.outcomeSave).click();
    await expect(byTestId(sel.resultActions.outcomeError)).toHaveText(
      expect.stringContaining('Please fill all mandatory fileds'),
    );
    await byTestId(sel.resultActions.outcomeAction).selectByAttribute('value', '5');
    const today = (await browser.execute(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    })) as string;
    await setDateInput(sel.resultActions.outcomeDate, today);
    await byTestId(sel.resultActions.outcomeCurrency).selectByAttribute('value', '1');
    await byTestId(sel.resultActions.outcomeAmount).setValue('12500');
    const note = `Journey outcome ${Date.now()}`;
    await byTestId(sel.resultActions.outcomeNote).setValue(note);
    await byTestId(sel.resultActions.outcomeSave).click();
    await expect(byTestId(sel.resultActions.outcomeSuccess)).toBeDisplayed({ wait: 20_000 });
    await expect(byTestId(sel.resultActions.outcomeHistory)).toHaveText(expect.stringContaining(note), {
      wait: 20_000,
    });
    await expect(byTestId(sel.resultActions.outcomeHistory)).toHaveText(expect.stringContaining('12,500'));
    await byTestId(sel.resultActions.outcomeClose).click();
    await scrollToActions(sel.resultActions.outcomeBadge(first), 'the outcome badge of the row');
    await expect(byTestId(sel.resultActions.outcomeBadge(first))).toHaveText('Referred for Investigation', {
      wait: 20_000,
    });
  });

  it('a provider admin releases a held result from the On Hold list', async () => {
    await freshStart();
    await submitSignIn('admin@voxscreen.test');
    await expect(byTestId(sel.tenantChooser.dialog)).toBeDisplayed({ wait: 30_000 });
    await byTestId(sel.tenantChooser.select).selectByVisibleText('Acme Insurance');
    await byTestId(sel.tenantChooser.selectButton).click();
    await expect(byTestId(sel.dashboard)).toBeDisplayed({ wait: 20_000 });

    await browser.url(`/main/project/${projectId}/results`);
    await expect(byTestId(sel.results.onHold)).toBeDisplayed({ wait: 20_000 });
    await byTestId(sel.results.onHold).click();
    // The held list: every row selectable (no lock), read in the page so a re-render leaves no stale handle.
    const heldIds = () =>
      browser.execute(() => {
        const locks = document.querySelectorAll('[data-testid^="results-lock-"]').length;
        const boxes = Array.from(document.querySelectorAll('input[data-testid^="results-select-"]'))
          .map((box) => box.getAttribute('data-testid') ?? '')
          .filter((testId) => testId !== 'results-select-all');
        return locks === 0 ? boxes.map((testId) => Number(testId.replace('results-select-', ''))) : [];
      }) as Promise<number[]>;
    await browser.waitUntil(async () => (await heldIds()).length > 0, {
      timeout: 20_000,
      timeoutMsg: 'the On Hold list showed no held results',
    });
    const held = await heldIds();
    await byTestId(sel.results.select(held[0]!)).waitForClickable({ timeout: 10_000 });
    await byTestId(sel.results.select(held[0]!)).click();
    await byTestId(sel.results.release).click();
    await byTestId(sel.results.releaseConfirm).click();
    await expect(byTestId(sel.results.success)).toHaveText(expect.stringContaining('Results successfully updated!'));
    await browser.waitUntil(async () => !(await shownResultIds()).includes(held[0]!), {
      timeout: 20_000,
      timeoutMsg: 'the released result stayed in the On Hold list',
    });

    // Review marking: mark a held result reviewed, then again with a result already reviewed: a "no action" report.
    await browser.waitUntil(async () => (await heldIds()).length > 0, {
      timeout: 20_000,
      timeoutMsg: 'the On Hold list showed no held results after the release',
    });
    const toReview = (await heldIds())[0]!;
    const markSelected = async (item: string) => {
      await byTestId(sel.results.select(toReview)).waitForClickable({ timeout: 10_000 });
      await byTestId(sel.results.select(toReview)).click();
      await byTestId(sel.resultActions.menu).click();
      await byTestId(item).click();
      await byTestId(sel.resultActions.reviewConfirm).click();
      await expect(byTestId(sel.results.success)).toHaveText(expect.stringContaining('Results successfully updated!'));
    };
    await markSelected(sel.resultActions.markReviewed);
    await expect(byTestId(sel.resultActions.reviewed(toReview))).toBeDisplayed({ wait: 20_000 });
    await markSelected(sel.resultActions.markReviewed);
    await expect(byTestId(sel.resultActions.noAction)).toHaveText(expect.stringContaining('already Reviewed'));
    // Undone, so the demo data stay as seeded.
    await markSelected(sel.resultActions.markUnreviewed);
    await expect(byTestId(sel.resultActions.reviewed(toReview))).not.toBeDisplayed({ wait: 20_000 });

    // Released now: listed with the lock, no longer selectable.
    await byTestId(sel.results.onHold).click();
    const released = await fetchPdfInPage(held[0]!);
    expect(released.status).toBe(200);
  });

  it('a provider admin downloads the recording the call simulator attached to a Globex result', async () => {
    // The demo seed's simulator attaches a generated WAV to every other result of Globex's Driver Onboarding
    // (docs/product/results-intake.md#simulator-seed); system-tenant users see the action without the project flag.
    await freshStart();
    await submitSignIn('admin@voxscreen.test');
    await expect(byTestId(sel.tenantChooser.dialog)).toBeDisplayed({ wait: 30_000 });
    await byTestId(sel.tenantChooser.select).selectByVisibleText('Globex Logistics');
    await byTestId(sel.tenantChooser.selectButton).click();
    await expect(byTestId(sel.dashboard)).toBeDisplayed({ wait: 20_000 });
    const driver = await projectIdByName('Driver Onboarding');
    await browser.url(`/main/project/${driver}/results`);
    await waitForRows('Driver Onboarding listed no results');
    // Released or held, by the project's auto-release: look in the list shown, then in the On Hold list.
    await scrollToActions(sel.results.pdf((await shownResultIds())[0]!), 'the actions column');
    if ((await recordedIds()).length === 0) {
      await byTestId(sel.results.onHold).click();
      await browser.waitUntil(async () => (await recordedIds()).length > 0, {
        timeout: 20_000,
        timeoutMsg: 'no result of Driver Onboarding showed the Recording action',
      });
    }
    const [id] = (await recordedIds()) as [number];
    await byTestId(sel.resultActions.recording(id)).click();
    await expect(byTestId(sel.results.error)).not.toBeDisplayed();
    const file = await fetchInPage(`/api/execution-service/v1/interview/interviewrecordings/${id}`);
    expect(file.status).toBe(200);
    expect(file.disposition).toMatch(/recording_[A-Za-z0-9_-]+\.wav/);
    const bytes = Buffer.from(file.base64, 'base64');
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WAVE');
  });
});
