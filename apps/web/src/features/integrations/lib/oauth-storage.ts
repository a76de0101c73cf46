import { safeReturnPath } from '../../auth/index.ts';

/**
 * What the OAuth flows keep in the browser (spec 03 §3 locally stored values): the Microsoft session
 * id the SharePoint calls pass, the page to return to after a full-page redirect, and the state a
 * flow expects back. localStorage, so a popup and its opener (and a redirect) see the same values.
 */
export const MS_SESSION_KEY = 'ms_session_id';
export const RETURN_PATH_KEY = 'oauth_return_path';
export const EXPECTED_STATE_KEY = 'oauth_expected_state';

export function readMicrosoftSessionId(): string | null {
  return localStorage.getItem(MS_SESSION_KEY) || null;
}

export function storeMicrosoftSessionId(sessionId: string | null): void {
  if (sessionId) localStorage.setItem(MS_SESSION_KEY, sessionId);
  else localStorage.removeItem(MS_SESSION_KEY);
}

/** Remembers where the user was before leaving for the provider's sign-in. */
export function rememberReturnPath(path: string): void {
  localStorage.setItem(RETURN_PATH_KEY, path);
}

/** The remembered page (only a path of this app is followed), forgotten once read. */
export function takeReturnPath(): string | null {
  const path = safeReturnPath(localStorage.getItem(RETURN_PATH_KEY));
  localStorage.removeItem(RETURN_PATH_KEY);
  return path;
}

export function rememberExpectedState(state: string): void {
  localStorage.setItem(EXPECTED_STATE_KEY, state);
}

/** The state the last flow started with, forgotten once read (a state is single-use). */
export function takeExpectedState(): string | null {
  const state = localStorage.getItem(EXPECTED_STATE_KEY);
  localStorage.removeItem(EXPECTED_STATE_KEY);
  return state;
}
