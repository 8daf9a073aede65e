/** Source of the current time; logic that tests must move (expiry, lockouts) reads it instead of Date.now(). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until a test moves it. */
export class MovableClock implements Clock {
  #now: number;

  constructor(start: Date = new Date('2026-03-02T09:00:00.000Z')) {
    this.#now = start.getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  advance(ms: number): void {
    this.#now += ms;
  }

  set(to: Date): void {
    this.#now = to.getTime();
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** 'YYYY-MM-DD' of an instant in UTC: the day every date rule of the services is evaluated in. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
