import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { mainThreadNice, SCHED_IDLE, threadPolicies, threads } from '../../testing/thread-nice-values';
import { HttpError } from '../http/http-error';
import { LONG_WORK_NICE } from '../thread-priority';
import { pdfText } from './pdf-text';
import { PdfPlan, renderPdf, type PdfDocument } from './pdf-plan';
import { PDF_BUSY, PdfRenderPool } from './pdf-render-pool';

const createdAt = new Date('2026-11-29T07:00:00Z');
const MISBEHAVING = new URL('../../testing/misbehaving-pdf-worker.mjs', import.meta.url);
const pools: PdfRenderPool[] = [];
const poolOf = (options: Partial<ConstructorParameters<typeof PdfRenderPool>[0]> = {}) => {
  const pool = new PdfRenderPool({ size: 1, queued: 4, deadlineMs: 120_000, heapMb: 128, ...options });
  pools.push(pool);
  return pool;
};
afterEach(() => Promise.all(pools.splice(0).map((pool) => pool.close())));

const titled = (title: string): PdfDocument => ({ options: { title, createdAt }, steps: [] });

const sample = () =>
  new PdfPlan({ title: 'Risk Report', subtitle: 'Año de evaluación', createdAt })
    .heading('Risk Report: 1001')
    .banner('Overall Evaluation: Low Risk (LR)', '#2f855a')
    .paragraph('Ñandú, pingüino, acción; Кириллица', { muted: true })
    .space(0.5)
    .table(
      [
        { header: '#', width: 0.1, align: 'right' },
        { header: 'Question', width: 0.9 },
      ],
      Array.from({ length: 90 }, (_, index) => [String(index + 1), `Question number ${index + 1}`]),
    ).document;

// ADR 0182, 0211, 0213: a zip's drawing, garbage collection included, yields the cores to requests; this process keeps
// its priority.
test('the pool draws in processes whose every thread runs SCHED_IDLE, beside an unchanged request thread', async () => {
  const before = mainThreadNice();
  const pool = poolOf({ size: 2 });
  await Promise.all([pool.render(sample()), pool.render(sample())]);
  expect(pool.processIds).toHaveLength(2);
  for (const pid of pool.processIds) {
    const drawing = threads(pid);
    // The drawing thread and V8's helper threads, which collect the drawings' garbage.
    expect(drawing.length).toBeGreaterThan(1);
    expect(drawing.filter((thread) => thread.policy !== SCHED_IDLE)).toEqual([]);
    expect(drawing.find((thread) => Number(thread.tid) === pid)).toMatchObject({ nice: LONG_WORK_NICE });
  }
  // The calling thread keeps the priority and policy it had, and so does every other thread of this process.
  expect(mainThreadNice()).toMatchObject({ main: before.main, policy: before.policy });
  expect(threadPolicies().filter((policy) => policy === SCHED_IDLE)).toEqual([]);
});

test('a thread of the pool draws the same bytes as this thread, and is kept for the next document', async () => {
  const pool = poolOf({ size: 2 });
  const [inThread, first, second] = await Promise.all([
    renderPdf(sample()),
    pool.render(sample()),
    pool.render(sample()),
  ]);
  expect(first.equals(inThread)).toBe(true);
  expect(second.equals(inThread)).toBe(true);
  expect(pdfText(first)).toContain('Question number 90');
  expect(pool.threads).toBe(2);
  expect((await pool.render(sample())).equals(inThread)).toBe(true);
  expect(pool.threads).toBe(2);
});

test('a thread draws the documents it holds one at a time, in order, each as this thread draws it', async () => {
  const pool = poolOf({ size: 1 });
  const documents = [sample(), titled('second'), sample()];
  const [inThread, ...drawn] = await Promise.all([renderPdf(sample()), ...documents.map((d) => pool.render(d))]);
  expect(drawn[0]!.equals(inThread)).toBe(true);
  expect(pdfText(drawn[1]!)).toBe(pdfText(await renderPdf(titled('second'))));
  expect(drawn[2]!.equals(inThread)).toBe(true);
  expect(pool.threads).toBe(1);
});

test('a thread is sent its next document while it draws one', async () => {
  const pool = poolOf({ entry: MISBEHAVING, deadlineMs: 5_000 });
  const settled: string[] = [];
  const hanging = pool.render(titled('hang')).catch((error: Error) => settled.push(`hang: ${error.message}`));
  const held = pool.render(titled('held')).then((bytes) => settled.push(bytes.toString()));
  // Without holding, 'held' would wait here until the deadline ended the thread drawing 'hang'.
  await Promise.all([hanging, held]);
  expect(settled).toEqual(['held', 'hang: The PDF renderer stopped: it took longer than 5 s.']);
  expect(pool.holds).toBe(2);
});

test("a document the writer refuses fails with the writer's message; the thread goes on", async () => {
  const pool = poolOf();
  const broken = { ...titled('broken'), steps: [{ kind: 'chart' }] } as unknown as PdfDocument;
  await expect(pool.render(broken)).rejects.toThrow('The PDF could not be written: Unknown PDF step: "chart"');
  expect(pdfText(await pool.render(sample()))).toContain('Risk Report: 1001');
  expect(pool.threads).toBe(1);
});

test('a thread that exits or throws fails only its document and is replaced', async () => {
  const pool = poolOf({ entry: MISBEHAVING });
  const exited = pool.render(titled('exit'));
  const after = pool.render(titled('next'));
  await expect(exited).rejects.toThrow('The PDF renderer stopped: it exited with code 3.');
  expect((await after).toString()).toBe('next');
  await expect(pool.render(titled('throw'))).rejects.toThrow('The PDF renderer stopped: it failed (drawing blew up).');
  expect((await pool.render(titled('again'))).toString()).toBe('again');
  expect(pool.threads).toBe(1);
});

test('a document past the deadline ends its thread instead of hanging', async () => {
  // The deadline also covers the start of a new thread, which takes seconds on a loaded machine: 0.3 s failed there.
  const pool = poolOf({ entry: MISBEHAVING, deadlineMs: 5_000 });
  await expect(pool.render(titled('hang'))).rejects.toThrow('The PDF renderer stopped: it took longer than 5 s.');
  expect((await pool.render(titled('fine'))).toString()).toBe('fine');
});

test('beyond the queue a request is refused 503 at once, while a job waits for room', async () => {
  const pool = poolOf({ entry: MISBEHAVING, size: 1, queued: 1, deadlineMs: 2_000 });
  const drawing = pool.render(titled('hang'));
  const waiting = pool.render(titled('queued'));
  const refused = pool.render(titled('refused'));
  await expect(refused).rejects.toBeInstanceOf(HttpError);
  await expect(refused).rejects.toMatchObject({ statusCode: 503, message: PDF_BUSY, options: { code: 'PDF_BUSY' } });
  const patient = pool.render(titled('patient'), { wait: true });
  await expect(drawing).rejects.toThrow('took longer than 2 s');
  expect((await waiting).toString()).toBe('queued');
  expect((await patient).toString()).toBe('patient');
});

test('closing the pool waits for its idle drawers to end, where nothing else keeps the process alive', async () => {
  // A script whose only pending work is the close: an unreferenced drawer's exit must still be awaited (a bench once
  // ended silently here, with the close unsettled).
  const script = [
    `import { PdfRenderPool } from ${JSON.stringify(fileURLToPath(new URL('./pdf-render-pool.ts', import.meta.url)))};`,
    `const pool = new PdfRenderPool({ size: 1, queued: 4, deadlineMs: 60000, heapMb: 128, entry: new URL(${JSON.stringify(MISBEHAVING.href)}) });`,
    `const bytes = await pool.render({ options: { title: 'drawn', createdAt: new Date() }, steps: [] });`,
    'await pool.close();',
    'console.log(`closed after ${bytes.toString()}, ${pool.threads} drawers`);',
  ].join('\n');
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    '--input-type=module',
    '--eval',
    script,
  ]);
  expect(stdout.trim()).toBe('closed after drawn, 0 drawers');
});
