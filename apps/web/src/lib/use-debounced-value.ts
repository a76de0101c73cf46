import { useEffect, useState } from 'react';

/**
 * `value`, once it has stayed the same for `delayMs`: searches and filters wait for the typing to
 * stop before they ask the server (spec 02: smart search waits 800 ms).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
