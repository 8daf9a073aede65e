import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seconds, timedWithMemory, type BenchContext } from './context';

const IMPORT_ROWS = 50_000;
/** The upload template's header row (downloadParticipantTemplate, docs/product/participants.md#import). */
const TEMPLATE_COLUMNS = [
  'IRN',
  'First Name',
  'Last Name',
  'Email',
  'Phone Number',
  'Language',
  'Time Zone',
  'Additional Description',
];

/**
 * Issue 13 / ADR 0043: the CSV export of every participant of the 100k project (exportParticipants, allRecords),
 * read to the end by the bench: wall time until the last byte and the server's peak memory.
 */
export async function participantExportFigures(ctx: BenchContext): Promise<void> {
  const { value, ms, memory } = await timedWithMemory(ctx, async () => {
    const response = await fetch(`${ctx.base}/participant-service/v1/participants/exportParticipants`, {
      method: 'POST',
      headers: { ...ctx.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: ctx.projectId, allRecords: true }),
    });
    if (!response.ok || !response.body) throw new Error(`export: HTTP ${response.status} ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    const reader = response.body.getReader();
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      bytes += chunk.value.length;
      for (const byte of chunk.value) if (byte === 10) lines += 1;
    }
    return { bytes, rows: lines - 1 };
  });
  console.log(`\nParticipants export (CSV, all records of the project)`);
  console.log(
    `  ${value.rows} rows, ${(value.bytes / 1024 / 1024).toFixed(1)} MB in ${seconds(ms)} ` +
      `(${Math.round(value.rows / (ms / 1000))} rows/s), server ${memory}`,
  );
}

/** A clean upload file of `rows` participants in the template's columns (unique IRNs per run). */
function importCsv(dir: string, rows: number): string {
  const run = Date.now().toString(36).toUpperCase();
  const lines = [TEMPLATE_COLUMNS.join(',')];
  for (let n = 1; n <= rows; n += 1) {
    const irn = `IMP${run}${String(n).padStart(6, '0')}`;
    const phone = `+1 415 ${String(200 + (n % 800)).padStart(3, '0')} ${String(n % 10000).padStart(4, '0')}`;
    lines.push(
      [irn, `First${n}`, `Last${n}`, `imp.${run}.${n}@example.test`.toLowerCase(), phone, n % 5 ? 'en' : 'es', '', '']
        .map((cell) => (cell.includes(',') ? `"${cell}"` : cell))
        .join(','),
    );
  }
  const file = join(dir, `participants-${rows}.csv`);
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

/**
 * Issue 13 / ADR 0043: the upload of 50,000 participants (uploadParticipants, Append) into this run's empty
 * import project: the whole call (stream to a temporary file, check every row, write in one transaction),
 * wall time and the server's peak memory.
 */
export async function participantImportFigures(ctx: BenchContext): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'voxscreen-bench-import-'));
  try {
    const file = importCsv(dir, IMPORT_ROWS);
    const form = new FormData();
    form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'participants.csv');
    const url = `${ctx.base}/participant-service/v1/participants/uploadParticipants?projectId=${ctx.importProjectId}`;
    const { value, ms, memory } = await timedWithMemory(ctx, async () => {
      const response = await fetch(url, { method: 'POST', headers: ctx.headers, body: form });
      const text = await response.text();
      if (!response.ok) throw new Error(`upload: HTTP ${response.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as { uploadStatus: string; numberOfRecords: number };
    });
    console.log(`\nParticipants import (CSV of ${IMPORT_ROWS} rows, Append, into an empty project)`);
    console.log(
      `  ${value.uploadStatus}, ${value.numberOfRecords} rows in ${seconds(ms)} ` +
        `(${Math.round(IMPORT_ROWS / (ms / 1000))} rows/s), server ${memory}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
