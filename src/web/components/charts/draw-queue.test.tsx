import { act, renderHook } from '@testing-library/react';
import { useDrawTurn } from './draw-queue';

const idlePeriods: Array<() => void> = [];
const flushPromises = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  globalThis.requestIdleCallback = ((callback: () => void) => idlePeriods.push(callback)) as never;
});

afterEach(() => {
  delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
});

describe('useDrawTurn', () => {
  it('waits for the charts module, then lets one chart draw per idle period, in order', async () => {
    let arrive: () => void = () => undefined;
    const load = jest.fn(() => new Promise<void>((resolve) => (arrive = resolve)));
    const first = renderHook(() => useDrawTurn(true, load));
    const second = renderHook(() => useDrawTurn(true, load));
    const notYet = renderHook(() => useDrawTurn(false, load));

    // Nothing is scheduled while the chunk downloads.
    await flushPromises();
    expect(idlePeriods).toHaveLength(0);

    arrive();
    await flushPromises();
    expect(idlePeriods).toHaveLength(1);
    act(() => idlePeriods.shift()!());
    expect([first.result.current, second.result.current]).toEqual([true, false]);

    await flushPromises();
    act(() => idlePeriods.shift()!());
    expect([first.result.current, second.result.current]).toEqual([true, true]);

    await flushPromises();
    expect(idlePeriods).toHaveLength(0);
    expect(notYet.result.current).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
