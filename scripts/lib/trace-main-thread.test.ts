import { busiestRendererMain, type ThreadEvent } from './trace-main-thread';

const named = (pid: number, tid: number, name: string): ThreadEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  args: { name },
});
const task = (pid: number, tid: number, dur: number): ThreadEvent => ({ name: 'RunTask', ph: 'X', pid, tid, dur });

test("the page's main thread is the renderer main thread whose tasks add up to the most time", () => {
  const events = [
    named(1, 1, 'CrRendererMain'),
    named(2, 7, 'CrRendererMain'),
    named(3, 3, 'CrBrowserMain'),
    task(1, 1, 300),
    task(2, 7, 200),
    task(2, 7, 200),
    task(3, 3, 5_000),
  ];
  expect(busiestRendererMain(events)).toBe('2:7');
  expect(busiestRendererMain([named(3, 3, 'CrBrowserMain'), task(3, 3, 10)])).toBeUndefined();
});
