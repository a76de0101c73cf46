import { useEffect, useRef } from 'react';

/**
 * Runs `effect` once per mounted page, even where React runs effects twice (StrictMode in
 * development): an OAuth code is single-use, so a second exchange would fail the first.
 */
export function useRunOnce(effect: () => void): void {
  const ran = useRef(false);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    latest.current();
  }, []);
}
