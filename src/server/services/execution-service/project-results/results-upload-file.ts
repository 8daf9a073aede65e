/**
 * Reading an uploaded results file (docs/product/results-upload.md, ADR 0051): the header names the columns
 * (any order, any case), each data row becomes one interview result post for the intake's one write. No SQL.
 */
import { unprocessable } from '../../../platform/http/http-error';

/** Most data rows one upload may hold. */
export const MAX_RESULT_ROWS = 10_000;

export const RESULT_TEMPLATE_HEADERS = ['IRN', 'Overall Result', 'Completed At', 'Call ID', 'Q1', 'Q2', '…'] as const;

const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const FIXED: Record<string, 'irn' | 'overall' | 'completedAt' | 'callId'> = {
  irn: 'irn',
  interviewrefnum: 'irn',
  interviewreferencenumber: 'irn',
  overallresult: 'overall',
  overallevaluation: 'overall',
  result: 'overall',
  completedat: 'completedAt',
  completed: 'completedAt',
  date: 'completedAt',
  callid: 'callId',
};

export interface ResultRow {
  row: number;
  irn: string;
  overallEvaluation: string;
  completedAt: string;
  callId: string | null;
  questionResults: { sequence: number; result: string }[];
}

export interface RowProblem {
  row: number;
  irn: string;
  message: string;
}

const wrongColumns = (message: string) => unprocessable(message, 'WRONG_COLUMNS', [{ field: 'file', message }]);

/** The rows of the file, each with the problems its own cells show (a missing IRN, result or date). */
export async function readResultRows(
  cells: AsyncIterable<string[]>,
): Promise<{ rows: ResultRow[]; problems: RowProblem[] }> {
  let header: { fixed: Map<string, number>; questions: Map<number, number> } | null = null;
  const rows: ResultRow[] = [];
  const problems: RowProblem[] = [];
  let rowNumber = 0;
  for await (const line of cells) {
    rowNumber += 1;
    if (!header) {
      const fixed = new Map<string, number>();
      const questions = new Map<number, number>();
      line.forEach((text, i) => {
        const key = headerKey(text);
        const question = /^q(?:uestion)?(\d{1,4})$/.exec(key);
        if (question) questions.set(Number(question[1]), i);
        else if (FIXED[key] && !fixed.has(FIXED[key])) fixed.set(FIXED[key], i);
      });
      const missing = (['irn', 'overall', 'completedAt'] as const).filter((c) => !fixed.has(c));
      if (missing.length)
        throw wrongColumns(
          `The file needs the columns IRN, Overall Result and Completed At (missing: ${missing.join(', ')}).`,
        );
      header = { fixed, questions };
      continue;
    }
    if (line.every((c) => c === '')) continue;
    if (rows.length + problems.length >= MAX_RESULT_ROWS)
      throw unprocessable(`A results file holds at most ${MAX_RESULT_ROWS} rows.`, 'TOO_MANY_ROWS');
    const cell = (i: number | undefined) => (i === undefined ? '' : (line[i] ?? '').trim());
    const irn = cell(header.fixed.get('irn'));
    const overall = cell(header.fixed.get('overall')).toUpperCase();
    const completedText = cell(header.fixed.get('completedAt'));
    const completed = new Date(completedText);
    const add = (message: string) => problems.push({ row: rowNumber, irn, message });
    if (!irn) add('The IRN is missing.');
    if (!overall) add('The overall result is missing.');
    if (!completedText || Number.isNaN(completed.getTime())) add('Completed At is not a date.');
    if (!irn || !overall || Number.isNaN(completed.getTime())) continue;
    const questionResults = [...header.questions.entries()]
      .map(([sequence, i]) => ({ sequence, result: cell(i).toUpperCase() }))
      .filter((q) => q.result !== '');
    rows.push({
      row: rowNumber,
      irn,
      overallEvaluation: overall,
      completedAt: completed.toISOString(),
      callId: cell(header.fixed.get('callId')) || null,
      questionResults,
    });
  }
  if (!header) throw wrongColumns('The file is empty.');
  if (!rows.length && !problems.length) throw wrongColumns('The file has no result rows.');
  return { rows, problems };
}

/** The error file (error_type 'result'): a CSV line a refused row. */
export function resultErrorFile(problems: readonly RowProblem[]): string {
  // Formula-escaped like every export (ADR 0039).
  const quote = (text: string) => `"${(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
  const lines = [...problems].sort((a, b) => a.row - b.row).map((p) => `${p.row},${quote(p.irn)},${quote(p.message)}`);
  return ['Row,IRN,Error', ...lines].join('\n') + '\n';
}
