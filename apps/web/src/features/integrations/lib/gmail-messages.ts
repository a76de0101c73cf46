/** What /auth/gmail-callback posts to the window that opened it (spec 03 §4). */
export const GMAIL_AUTH_CALLBACK = 'gmail-auth-callback';

export type GmailCallbackMessage =
  | { type: typeof GMAIL_AUTH_CALLBACK; code: string; state: string }
  | { type: typeof GMAIL_AUTH_CALLBACK; error: string };
