/** The outcome form as typed (docs/product/project-results.md#outcome-tracking): every field a string until sent. */
export interface Draft {
  action: string;
  status: string;
  date: string;
  currency: string;
  amount: string;
  note: string;
}

export const EMPTY_DRAFT: Draft = { action: '', status: '', date: '', currency: '', amount: '', note: '' };
const DAY_MS = 86_400_000;

/** A day `YYYY-MM-DD` as the epoch milliseconds of its UTC midnight. */
export const utcOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
};

/** A chosen option's id, or null when none is chosen. */
export const numberOr = (text: string) => (text === '' ? null : Number(text));

/** The latest follow-up day the date picker offers: two days after today. */
export const maxFollowUpDay = (today: string) => new Date(utcOf(today) + 2 * DAY_MS).toISOString().slice(0, 10);

/** Today as YYYY-MM-DD in the local calendar of the browser. */
export const todayOf = (now: number): string => {
  const date = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};
