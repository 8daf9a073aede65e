/**
 * `npm run bench -- --only pdf` (issue 30, ADR 0109): PDF risk reports drawn on the calling thread (as before the
 * render pool) and by the render pool, its drawing processes from the source (tsx) and compiled
 * (build/server/pdf-worker.mjs), with no database or HTTP in the way. Each line gives PDFs per second (wall clock, which
 * the shared machine's load changes) and the CPU time per PDF of this process and the pool's drawing processes, every
 * thread counted (/proc, ADR 0213), which it changes far less, with the load average beside them. BENCH_PDFS sets how
 * many (default 200).
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { displayTime } from '../../src/server/platform/display-time';
import { renderPdf, type PdfDocument } from '../../src/server/platform/pdf/pdf-plan';
import { PDF_RENDERERS, PdfRenderPool } from '../../src/server/platform/pdf/pdf-render-pool';
import { resultPdfDocument, type ResultPdfInput } from '../../src/server/services/execution-service';
import { resultDisplayFrom } from '../../src/server/services/project-service';
import { buildServer, PDF_WORKER_BUNDLE } from '../build-server';
import { processesCpuMs } from './proc-cpu';

const COUNT = Number(process.env.BENCH_PDFS ?? 200);
const CODES = ['HR', 'LR', 'AR', 'PR', 'G', 'R'] as const;

const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`;

/** A risk report like the bench tenant's: seven question columns, the legend, two notes and an outcome comment. */
export function report(index: number): PdfDocument {
  const input: ResultPdfInput = {
    project: {
      id: 1,
      name: 'Benchmark project',
      questionnaireType: 'PRECISION_QUESTIONNAIRE',
      location: 'Manila',
      tenantName: 'Benchmark Tenant',
      tenantLogo: null,
      resultEmailEnabled: false,
      recordingsEnabled: false,
      resultEmailRecipients: [],
    },
    result: {
      id: 100_000 + index,
      projectId: 1,
      irn: `BENCH-${index}`,
      accessCode: String(100_000_000_000 + index),
      overall: CODES[index % CODES.length]!,
      completedAt: new Date(Date.UTC(2026, 10, 1) + index * 60_000),
      released: true,
      reviewed: false,
      firstName: 'Juan',
      lastName: `dela Cruz ${index}`,
      language: 'English',
      questions: Array.from({ length: 7 }, (_, q) => ({ sequence: q + 1, result: CODES[(index + q) % CODES.length]! })),
      note: null,
      outcomeActionId: null,
      emailStatus: null,
      recordingExists: false,
      createdByName: null,
      participantLanguageId: null,
    },
    questions: Array.from({ length: 7 }, (_, q) => ({
      sequence: q + 1,
      questionText: `In the past five years, have you been involved in matter number ${q + 1} of the screening?`,
    })),
    display: resultDisplayFrom(null, 'PRECISION_QUESTIONNAIRE'),
    language: 'English',
    time: displayTime('Asia/Manila', '+08:00'),
    createdAt: new Date('2026-11-29T07:00:00Z'),
    comments: {
      notes: [
        { text: 'Audio clear, interview complete.', at: new Date('2026-11-02T01:00:00Z'), author: 'Maria Santos' },
        { text: 'Background noise at question 4.', at: new Date('2026-11-01T23:00:00Z'), author: 'Jose Reyes' },
      ],
      outcomes: [
        {
          actionId: 1,
          statusId: null,
          followUpDate: new Date('2026-11-10T00:00:00Z'),
          note: 'Follow-up interview scheduled.',
          at: new Date('2026-11-03T00:00:00Z'),
          author: 'Maria Santos',
        },
      ],
    },
  };
  return resultPdfDocument(input);
}

/** CPU ms so far of this process and of the `processes` (a pool's drawing processes, alive throughout a figure). */
const cpuMs = (processes: number[]) => processesCpuMs([process.pid, ...processes]);

/** Draws every document with `draw`, `ahead` at a time, and prints the line; `pool` counts its processes' CPU. */
async function figure(
  label: string,
  draw: (document: PdfDocument) => Promise<Buffer>,
  ahead: number,
  pool?: PdfRenderPool,
): Promise<void> {
  const documents = Array.from({ length: COUNT }, (_, index) => report(index));
  const processes = pool?.processIds ?? [];
  const cpu = cpuMs(processes);
  const started = performance.now();
  let next = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: ahead }, async () => {
      while (next < documents.length) {
        const pdf = await draw(documents[next++]!);
        bytes += pdf.length;
      }
    }),
  );
  const ms = performance.now() - started;
  const used = cpuMs(processes) - cpu;
  console.log(
    `  ${label}: ${COUNT} PDFs (${(bytes / COUNT / 1024).toFixed(0)} KB each) in ${(ms / 1000).toFixed(1)} s, ` +
      `${(COUNT / (ms / 1000)).toFixed(1)} PDFs/s, CPU ${(used / COUNT).toFixed(1)} ms ` +
      `per PDF (${load()})`,
  );
}

export async function pdfRenderFigures(): Promise<void> {
  await buildServer();
  const size = PDF_RENDERERS.size;
  console.log(`\nPDF risk reports drawn (issue 30, ADR 0109): the render pool has ${size} process(es) here`);
  // A first document per path, so start-up (tsx, fonts) is not in the figures.
  await renderPdf(report(0));
  await figure('on the calling thread, one after another (before ADR 0109)', renderPdf, 1);
  for (const [label, entry] of [
    ['render pool, drawing processes from source (tsx)', undefined],
    ['render pool, compiled drawing processes', pathToFileURL(PDF_WORKER_BUNDLE)],
  ] as const) {
    for (const threads of [...new Set([size, 2])]) {
      const pool = new PdfRenderPool({ ...PDF_RENDERERS, size: threads, ...(entry && { entry }) });
      await Promise.all(Array.from({ length: threads }, () => pool.render(report(0))));
      const line = `${label}, ${threads} process(es), ${threads + 1} in flight`;
      await figure(line, (d) => pool.render(d), threads + 1, pool);
      await pool.close();
    }
  }
}
