import { SEARCH_DEFAULT_LIMIT } from '@atempo/contracts';
import { SearchCombobox } from './search-combobox.tsx';

/** Spec 02 Market Intelligence: smart search waits 800 ms after typing and shows 8 results. */
export const SMART_SEARCH_DEBOUNCE_MS = 800;

/** The smart search box of /intelligence: results as you type, the last 5 searches when empty. */
export function SmartSearch() {
  return (
    <section aria-label="Smart search" className="mb-8">
      <SearchCombobox
        label="Smart search"
        placeholder="Search companies, deals, documents and funding rounds..."
        debounceMs={SMART_SEARCH_DEBOUNCE_MS}
        limit={SEARCH_DEFAULT_LIMIT}
        rememberRecent
        className="max-w-2xl"
      />
    </section>
  );
}
