import { browser } from '@wdio/globals';
import { byTestId } from './app';
import { sel } from '../selectors';

export interface ShownParticipant {
  id: number;
  irn: string;
}

/**
 * The rows the participants grid shows, read in the page in one call: reading each cell through its own WebDriver
 * handle failed on a loaded machine when the grid re-rendered between calls (stale handles retried until timeout).
 */
export async function shownParticipants(): Promise<ShownParticipant[]> {
  return (await browser.execute(() =>
    Array.from(document.querySelectorAll('[data-testid^="participant-irn-"]')).map((cell) => ({
      id: Number((cell.getAttribute('data-testid') ?? '').replace('participant-irn-', '')),
      irn: cell.textContent ?? '',
    })),
  )) as ShownParticipant[];
}

/** Types into Find Participant and waits (1 s debounce) until the grid shows only `irn`; returns its id. */
export async function findParticipantByIrn(irn: string): Promise<number> {
  await byTestId(sel.participants.search).setValue(irn);
  let found = 0;
  await browser.waitUntil(
    async () => {
      const rows = await shownParticipants();
      found = rows[0]?.id ?? 0;
      return rows.length === 1 && rows[0]!.irn === irn;
    },
    { timeout: 15_000, timeoutMsg: `the list did not narrow to ${irn}` },
  );
  return found;
}
