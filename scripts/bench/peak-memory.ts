import { readFileSync, writeFileSync } from 'node:fs';

const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

/**
 * The peak resident memory (RSS) of a process (the server) over a stretch of time, read from Linux's
 * /proc/<pid>/status. Preferred: writing `5` to /proc/<pid>/clear_refs resets the process's high-water mark
 * (VmHWM) to its current RSS, so VmHWM afterwards is the exact peak of the stretch. Where that write is not
 * allowed, VmRSS is polled every 50 ms instead (a peak shorter than that can be missed). The figure names the
 * method ("HWM" or "polled") and the RSS at the start, so growth can be read off it.
 */
export class PeakMemory {
  #poll: NodeJS.Timeout | null = null;
  #polledPeak = 0;

  private constructor(
    private readonly pid: number,
    private readonly startKb: number,
    private readonly exact: boolean,
  ) {
    if (!exact) {
      this.#polledPeak = startKb;
      this.#poll = setInterval(() => {
        this.#polledPeak = Math.max(this.#polledPeak, statusKb(pid, 'VmRSS'));
      }, 50);
    }
  }

  static start(pid: number): PeakMemory {
    const startKb = statusKb(pid, 'VmRSS');
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      return new PeakMemory(pid, startKb, true);
    } catch {
      return new PeakMemory(pid, startKb, false);
    }
  }

  /** "peak 412 MB RSS (HWM; 380 MB at the start)" */
  stop(): string {
    if (this.#poll) clearInterval(this.#poll);
    const peak = this.exact ? statusKb(this.pid, 'VmHWM') : Math.max(this.#polledPeak, statusKb(this.pid, 'VmRSS'));
    return `peak ${mb(peak)} RSS (${this.exact ? 'HWM' : 'polled'}; ${mb(this.startKb)} at the start)`;
  }
}
