/** Smart search keeps the last five searches on the device (spec 02 §9). */
export const RECENT_SEARCHES_KEY = 'atempo.recent_searches';
export const RECENT_SEARCHES_KEPT = 5;

export function loadRecentSearches(storage: Storage = window.localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((entry): entry is string => typeof entry === 'string')
      .slice(0, RECENT_SEARCHES_KEPT);
  } catch {
    // A corrupt entry is forgotten rather than breaking the search box.
    return [];
  }
}

/** Puts `query` first, drops an earlier copy of it (case ignored), keeps five; answers the new list. */
export function rememberSearch(query: string, storage: Storage = window.localStorage): string[] {
  const term = query.trim();
  if (!term) return loadRecentSearches(storage);
  const next = [
    term,
    ...loadRecentSearches(storage).filter((entry) => entry.toLowerCase() !== term.toLowerCase()),
  ].slice(0, RECENT_SEARCHES_KEPT);
  try {
    storage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the search still works, it is just not remembered.
  }
  return next;
}
