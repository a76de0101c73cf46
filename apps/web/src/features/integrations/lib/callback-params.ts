/** What an OAuth provider sends back to a return page (spec 03 §2 OAuth return pages). */
export interface CallbackParams {
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
}

export function readCallbackParams(search: string): CallbackParams {
  const params = new URLSearchParams(search);
  return {
    code: params.get('code') || null,
    state: params.get('state') || null,
    error: params.get('error') || null,
    errorDescription: params.get('error_description') || null,
  };
}

export const INVALID_RESPONSE_MESSAGE = 'Invalid authentication response';
export const MISSING_STATE_MESSAGE = 'Missing state parameter';

/**
 * Why a Microsoft return cannot go on (spec 03 §5, §8), or null when it has a code and a state:
 * the provider's '{error}: {error_description}' (default 'Authentication failed'), then a missing
 * code, then a missing state.
 */
export function microsoftCallbackProblem(params: CallbackParams): string | null {
  if (params.error) {
    return [params.error, params.errorDescription].filter(Boolean).join(': ') || 'Authentication failed';
  }
  if (!params.code) return INVALID_RESPONSE_MESSAGE;
  if (!params.state) return MISSING_STATE_MESSAGE;
  return null;
}

export const GMAIL_MISSING_PARAMETERS = 'Invalid authorization response - missing required parameters';

/** Why a Gmail return cannot go on, or null (spec 03 §5, §8). */
export function gmailCallbackProblem(params: CallbackParams): string | null {
  if (params.error) return `Authorization failed: ${params.error}`;
  if (!params.code || !params.state) return GMAIL_MISSING_PARAMETERS;
  return null;
}
