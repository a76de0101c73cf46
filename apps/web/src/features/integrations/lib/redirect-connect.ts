import type { TOAuthProvider } from '@atempo/contracts';
import { pageNavigation } from '../../../lib/page-navigation.ts';
import { connectProvider } from '../api/oauth-api.ts';
import { rememberExpectedState, rememberReturnPath } from './oauth-storage.ts';

/**
 * The full-page OAuth connect flow (spec 03 §4): asks the server for the provider's address,
 * remembers the page to return to and the state, and sends the browser there. The return page finishes it.
 */
export async function startRedirectConnect(provider: TOAuthProvider, returnPath: string): Promise<void> {
  const { auth_url, state } = await connectProvider(provider);
  redirectTo(auth_url, state, returnPath);
}

/** Leaves for an address the server already gave (a blocked popup's fallback). */
export function redirectTo(authUrl: string, state: string, returnPath: string): void {
  rememberReturnPath(returnPath);
  rememberExpectedState(state);
  pageNavigation.assign(authUrl);
}
