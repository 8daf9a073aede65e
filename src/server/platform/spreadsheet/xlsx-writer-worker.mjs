// One .xlsx file written by exceljs's streaming writer in a worker thread of its own, at a lower CPU priority (ADR 0182),
// so the request thread that reads the rows keeps serving requests while the sheet is built and compressed. Plain
// JavaScript, as table-reader-worker.mjs, so that the server (tsx), the tests (jest) and a compiled build all load it
// as it is. The parent (xlsx-sheet.ts) starts it with workerData { sheetName, columns, nice }, sends { rows } batches
// (cells already escaped) and then { end }; the worker answers { written } per batch, { chunk } for each piece of the
// file (an ArrayBuffer of its own, transferred), and { done } once the file is whole.
import { setPriority } from 'node:os';
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const port = parentPort;
if (!port) throw new Error('xlsx-writer-worker.mjs runs in a worker thread started by xlsx-sheet.ts.');

try {
  // On Linux the nice value is the calling thread's own: only this thread yields the cores to the request thread.
  setPriority(workerData.nice);
} catch {
  // A platform or sandbox that refuses it: the file is written the same, at the usual priority.
}

/** The bytes in an ArrayBuffer of their own, so transferring it moves exactly them. */
function ownBuffer(bytes) {
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}

const file = new Writable({
  write(chunk, _encoding, callback) {
    const buffer = ownBuffer(chunk);
    port.postMessage({ chunk: buffer }, [buffer]);
    callback();
  },
});

const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: file, useStyles: true });
// Excel refuses sheet names longer than 31 characters.
const sheet = workbook.addWorksheet(workerData.sheetName.slice(0, 31));
sheet.columns = workerData.columns.map((column) => ({ header: column.header, width: column.width }));
sheet.getRow(1).font = { bold: true };

port.on('message', (message) => {
  if (message.rows) {
    for (const row of message.rows) sheet.addRow(row).commit();
    port.postMessage({ written: message.rows.length });
    return;
  }
  sheet.commit();
  workbook.commit().then(
    () => port.postMessage({ done: true }),
    (error) => port.postMessage({ failed: error instanceof Error ? error.message : String(error) }),
  );
});
