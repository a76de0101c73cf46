import { api } from '../../../lib/api.ts';

/** The answer of POST /gmail/auth/callback (spec 03 §3). */
export interface GmailCallbackAnswer {
  connected: boolean;
  user_email: string | null;
}

/** POST /gmail/auth/callback {code, state}: finishes the Gmail connection on the server. */
export const completeGmailCallback = (code: string, state: string) =>
  api.post<GmailCallbackAnswer>('/gmail/auth/callback', { code, state });
