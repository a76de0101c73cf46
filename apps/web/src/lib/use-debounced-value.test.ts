import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value.ts';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const render = (value: string, delayMs = 300) =>
    renderHook(({ value, delayMs }) => useDebouncedValue(value, delayMs), {
      initialProps: { value, delayMs },
    });

  it.each([
    ['before the delay', 299, 'a'],
    ['at the delay', 300, 'ab'],
  ])('answers the new value only once it has settled: %s', (_, elapsed, expected) => {
    const hook = render('a');
    hook.rerender({ value: 'ab', delayMs: 300 });
    act(() => vi.advanceTimersByTime(elapsed));
    expect(hook.result.current).toBe(expected);
  });

  it('starts with the first value and restarts the wait on every change', () => {
    const hook = render('a');
    expect(hook.result.current).toBe('a');
    hook.rerender({ value: 'ab', delayMs: 300 });
    act(() => vi.advanceTimersByTime(200));
    hook.rerender({ value: 'abc', delayMs: 300 });
    act(() => vi.advanceTimersByTime(200));
    expect(hook.result.current).toBe('a');
    act(() => vi.advanceTimersByTime(100));
    expect(hook.result.current).toBe('abc');
  });
});
