import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './use-debounced-value';

// docs/product/project-lookups.md#business-lines: "Cascading dropdowns apply a 100 ms delay". Fake timers, so the
// check does not depend on how fast a loaded machine runs the test.
describe('useDebouncedValue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives a new value only once it has stood for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 100), {
      initialProps: { value: 'A' },
    });
    rerender({ value: 'B' });
    expect(result.current).toBe('A');
    act(() => jest.advanceTimersByTime(99));
    expect(result.current).toBe('A');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe('B');
  });

  it('restarts the delay when the value changes again before it settles', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 100), {
      initialProps: { value: 'A' },
    });
    rerender({ value: 'B' });
    act(() => jest.advanceTimersByTime(60));
    rerender({ value: 'C' });
    act(() => jest.advanceTimersByTime(60));
    expect(result.current).toBe('A');
    act(() => jest.advanceTimersByTime(40));
    expect(result.current).toBe('C');
  });
});
