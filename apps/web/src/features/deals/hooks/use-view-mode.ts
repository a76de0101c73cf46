import { useCallback, useState } from 'react';

export type DealsView = 'table' | 'board';

/** The localStorage key that remembers the chosen pipeline view. */
export const DEALS_VIEW_KEY = 'deals_view_mode';

function readView(): DealsView {
  try {
    return window.localStorage.getItem(DEALS_VIEW_KEY) === 'board' ? 'board' : 'table';
  } catch {
    return 'table';
  }
}

/** Table or board, remembered across visits; the table is the default. */
export function useViewMode(): [DealsView, (view: DealsView) => void] {
  const [view, setView] = useState<DealsView>(readView);
  const choose = useCallback((next: DealsView) => {
    setView(next);
    try {
      window.localStorage.setItem(DEALS_VIEW_KEY, next);
    } catch {
      // Storage may be full or blocked; the choice still holds for this visit.
    }
  }, []);
  return [view, choose];
}
