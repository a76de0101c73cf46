import { type ReactNode, useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner.tsx';

/** How long a wait stays blank before a loading indicator appears: quicker loads never flash one. */
export const LOADING_INDICATOR_DELAY_MS = 300;

function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}

/** The first screen while the matched page's code downloads: blank, then a spinner if it takes a while. */
export function InitialRouteLoading(): ReactNode {
  const shown = useDelayedFlag(true, LOADING_INDICATOR_DELAY_MS);
  return shown ? <FullPageSpinner label="Loading Atempo" /> : null;
}

/**
 * While the next page's code downloads, the current page stays in place (the router waits); a thin
 * bar at the top says something is happening if it takes longer than a moment.
 */
export function NavigationProgress(): ReactNode {
  const navigation = useNavigation();
  const shown = useDelayedFlag(navigation.state !== 'idle', LOADING_INDICATOR_DELAY_MS);
  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-indigo-600"
    />
  );
}
