/** What other features may use of the integrations feature; everything else in it is its own. */
export { readMicrosoftSessionId } from './lib/oauth-storage.ts';
