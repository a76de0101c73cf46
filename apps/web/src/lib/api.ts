import { createApiClient } from './api-client.ts';
import { isFlagSet } from './environment.ts';

/**
 * The application's API client, wired to the browser. Globals are read at call time so tests can
 * stub fetch and use fake timers.
 */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  storage: window.localStorage,
  session: window.sessionStorage,
  location: () => window.location,
  env: {
    apiBaseUrl: import.meta.env.VITE_API_BASE_URL,
    forceProduction: isFlagSet(import.meta.env.VITE_FORCE_PRODUCTION),
  },
  timers: {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  now: () => Date.now(),
  // Until the router takes over, a full page load is the only way to reach /login.
  navigate: (path) => window.location.assign(path),
});
