import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box of a list kept in step with `?search=` in the URL: typing updates the URL once
 * the user pauses (so the server is asked once per pause), and a navigation that changes the URL
 * (the top bar's search) refills the box.
 */
export function useUrlSearch(delayMs = SEARCH_DEBOUNCE_MS) {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search')?.trim() ?? '';
  const [input, setInput] = useState(urlSearch);
  // The last term this hook wrote or saw in the URL, to tell our own writes from navigations.
  const known = useRef(urlSearch);

  useEffect(() => {
    if (urlSearch === known.current) return;
    known.current = urlSearch;
    setInput(urlSearch);
  }, [urlSearch]);

  const debounced = useDebouncedValue(input, delayMs);
  useEffect(() => {
    const term = debounced.trim();
    if (term === known.current) return;
    known.current = term;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (term) next.set('search', term);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, [debounced, setParams]);

  return { input, setInput, search: urlSearch };
}
