import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The id a search result's link carries in the page's query (`/intelligence?announcement={id}`,
 * `/knowledge?document={id}`), and a way to drop it from the URL once the user is done with it.
 */
export function useLinkedId(param: string): { id: string | null; dismiss: () => void } {
  const [params, setParams] = useSearchParams();
  const id = params.get(param)?.trim() || null;
  const dismiss = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(param);
          return next;
        },
        { replace: true },
      ),
    [param, setParams],
  );
  return { id, dismiss };
}
