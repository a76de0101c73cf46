import { SIGN_IN_PATHS } from '../hooks/landing.ts';

/** The query parameter of /login that carries the page to return to after sign-in. */
export const RETURN_PARAM = 'next';

// Any origin would do: it only tells whether the parsed address stayed on our own origin.
const PROBE_ORIGIN = 'https://atempo.invalid';

/**
 * The in-app path (path, query and hash) a `next` value names, or null when it is missing or could
 * leave the app: only same-origin paths are followed, so a crafted link cannot send a user who
 * signs in to another site (`//evil.example`, `/\evil.example`, `https://…`, `javascript:` …).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters and whitespace are stripped by URL parsers in ways that can change the target.
  if ([...raw].some((character) => character <= ' ' || character === '\u007f')) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // Returning to a sign-in page would only loop.
  if (SIGN_IN_PATHS.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The /login address that brings the visitor back to `location` after sign-in. */
export function loginPathReturningTo(location: { pathname: string; search: string; hash: string }): string {
  const target = safeReturnPath(`${location.pathname}${location.search}${location.hash}`);
  if (!target || target === '/') return '/login';
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: target })}`;
}

/** Where a sign-in on a page with `search` as its query string continues to. */
export function returnPathFromSearch(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}
