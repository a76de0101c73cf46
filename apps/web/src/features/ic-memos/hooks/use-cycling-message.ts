import { useEffect, useState } from 'react';

/**
 * The progress overlay's message: the first when it starts, then the next every `stepMs`, back to
 * the first after the last (spec 02 §2: they cycle every 7 s). Starts over each time it is shown.
 */
export function useCyclingMessage(messages: readonly string[], stepMs: number, active: boolean): string {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!active) return;
    setIndex(0);
    const timer = setInterval(() => setIndex((current) => (current + 1) % messages.length), stepMs);
    return () => clearInterval(timer);
  }, [active, messages.length, stepMs]);
  return messages[index % messages.length] ?? '';
}
