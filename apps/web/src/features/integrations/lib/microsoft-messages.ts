import type { PopupMessageReader } from './oauth-popup.ts';

/**
 * What /auth-callback posts to the window that opened it (spec 03 §4): the code and state on
 * success, with a temporary session id (the opener learns the real one from GET /oauth/callback),
 * or the error text.
 */
export const MICROSOFT_AUTH_SUCCESS = 'MICROSOFT_AUTH_SUCCESS';
/** The sign-in popup's window name, by which /auth-callback knows it is that popup. */
export const MICROSOFT_POPUP_NAME = 'microsoft-oauth';
export const MICROSOFT_AUTH_ERROR = 'MICROSOFT_AUTH_ERROR';

export interface MicrosoftAuthSuccess {
  type: typeof MICROSOFT_AUTH_SUCCESS;
  code: string;
  state: string;
  sessionId: 'temp';
}

export interface MicrosoftAuthFailure {
  type: typeof MICROSOFT_AUTH_ERROR;
  error: string;
}

export const microsoftAuthSuccess = (code: string, state: string): MicrosoftAuthSuccess => ({
  type: MICROSOFT_AUTH_SUCCESS,
  code,
  state,
  sessionId: 'temp',
});

export const microsoftAuthFailure = (error: string): MicrosoftAuthFailure => ({
  type: MICROSOFT_AUTH_ERROR,
  error,
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The Microsoft sign-in card's reader of those messages; anything else is ignored. */
export const readMicrosoftMessage: PopupMessageReader<{ code: string; state: string }> = (data) => {
  if (!isRecord(data)) return null;
  if (data.type === MICROSOFT_AUTH_SUCCESS && typeof data.code === 'string' && typeof data.state === 'string')
    return { ok: true, value: { code: data.code, state: data.state } };
  if (data.type === MICROSOFT_AUTH_ERROR)
    return {
      ok: false,
      error: typeof data.error === 'string' && data.error ? data.error : 'Authentication failed',
    };
  return null;
};
