import { readFileSync } from 'node:fs';
import { cpuMsOf, scheduleLine, statCpuMs, threadSchedule, threadsCpuMs } from './proc-cpu';

const busy = () => {
  const until = process.cpuUsage().user + 30_000;
  while (process.cpuUsage().user < until);
};

test("a process's and its threads' CPU are read from /proc, and grow with the work done", () => {
  const before = statCpuMs(`/proc/${process.pid}/stat`)!;
  const threadsBefore = threadsCpuMs(process.pid);
  expect(threadsBefore.get(process.pid)?.name).toBe(readFileSync(`/proc/${process.pid}/comm`, 'utf8').trim());
  busy();
  expect(statCpuMs(`/proc/${process.pid}/stat`)!).toBeGreaterThan(before);
  expect(threadsCpuMs(process.pid).get(process.pid)!.ms).toBeGreaterThan(threadsBefore.get(process.pid)!.ms);
});

test('what has ended reads as nothing, and reaped children count only when asked', () => {
  expect(statCpuMs('/proc/0/stat')).toBeNull();
  expect(threadsCpuMs(0).size).toBe(0);
  const fields = '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15'.split(' ');
  expect(cpuMsOf(fields)).toBe((12 + 13) * 10);
  expect(cpuMsOf(fields, true)).toBe((12 + 13 + 14 + 15) * 10);
});

test("a thread's time on a core grows with its work; a stretch's rest is its wait for a core and its idle time", () => {
  const before = threadSchedule(process.pid)!;
  busy();
  expect(threadSchedule(process.pid)!.runNs).toBeGreaterThan(before.runNs);
  expect(threadSchedule(0)).toBeNull();
  const ran = { runNs: 50e6, waitNs: 10e6 };
  expect(scheduleLine('request thread', { runNs: 0, waitNs: 0 }, ran, 100e6)).toBe(
    '    request thread: on a core 50 %, waiting for one 10 %, idle 40 %',
  );
});
