import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  it('settles on a value only once it has stopped changing for the given time', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: '' },
    });
    for (const value of ['m', 'ma', 'mar']) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(200));
      expect(result.current).toBe('');
    }
    act(() => vi.advanceTimersByTime(99));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('mar');
  });
});
