/**
 * The OAuth popup service (spec 03 §4, §5, §9): opens a provider's sign-in in a popup and waits for
 * the page it returns to to post a message. One flow at a time; it ends on a success or error
 * message from a trusted origin, when the popup is closed ('OAuth cancelled'), or after five minutes
 * ('OAuth timeout'). The popup is checked every second.
 */

export const OAUTH_POPUP_POLL_MS = 1000;
export const OAUTH_TIMEOUT_MS = 300_000;
export const POPUP_BLOCKED_MESSAGE = 'Popup was blocked! Please allow popups for this site and try again.';

export type OAuthPopupFailure = 'blocked' | 'busy' | 'cancelled' | 'timeout' | 'failed';

const FAILURE_MESSAGES: Record<OAuthPopupFailure, string> = {
  blocked: POPUP_BLOCKED_MESSAGE,
  busy: 'A sign-in is already in progress. Finish it in its window, or cancel it first.',
  cancelled: 'OAuth cancelled',
  timeout: 'OAuth timeout',
  failed: 'OAuth failed',
};

export class OAuthPopupError extends Error {
  readonly reason: OAuthPopupFailure;
  constructor(reason: OAuthPopupFailure, message: string = FAILURE_MESSAGES[reason]) {
    super(message);
    this.name = 'OAuthPopupError';
    this.reason = reason;
  }
}

export type PopupMessageOutcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** Reads a posted message: an outcome when it is one this flow waits for, null to ignore it. */
export type PopupMessageReader<T> = (data: unknown) => PopupMessageOutcome<T> | null;

export const OAUTH_SUCCESS_MESSAGE = 'oauth-success';
export const OAUTH_ERROR_MESSAGE = 'oauth-error';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The service's own messages: {type: 'oauth-success', …data} or {type: 'oauth-error', error}. */
export const readOAuthMessage: PopupMessageReader<Record<string, unknown>> = (data) => {
  if (!isRecord(data)) return null;
  if (data.type === OAUTH_SUCCESS_MESSAGE) return { ok: true, value: data };
  if (data.type === OAUTH_ERROR_MESSAGE)
    return { ok: false, error: typeof data.error === 'string' && data.error ? data.error : 'OAuth failed' };
  return null;
};

export interface OAuthPopupOptions<T> {
  url: string;
  /** Only messages from these origins are read; any other is ignored. */
  allowedOrigins: readonly string[];
  read: PopupMessageReader<T>;
  /** The popup window's name. */
  name?: string;
  /** window.open features; '' opens a tab instead of a popup window. Default: a centred popup. */
  features?: string;
}

function popupFeatures(): string {
  const width = 600;
  const height = 700;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export interface OAuthPopupService {
  /** Resolves with the success message's value; rejects with an OAuthPopupError (or the message's error). */
  open<T>(options: OAuthPopupOptions<T>): Promise<T>;
  /** Ends the flow in progress as cancelled (the user's Cancel). */
  cancel(): void;
  inProgress(): boolean;
}

export function createOAuthPopupService(): OAuthPopupService {
  let cancelCurrent: (() => void) | null = null;

  return {
    inProgress: () => cancelCurrent !== null,
    cancel: () => cancelCurrent?.(),
    open<T>(options: OAuthPopupOptions<T>): Promise<T> {
      if (cancelCurrent) return Promise.reject(new OAuthPopupError('busy'));
      const popup = window.open(
        options.url,
        options.name ?? 'oauth-popup',
        options.features ?? popupFeatures(),
      );
      if (!popup) return Promise.reject(new OAuthPopupError('blocked'));
      const allowed = new Set(options.allowedOrigins);

      return new Promise<T>((resolve, reject) => {
        const finish = (outcome: PopupMessageOutcome<T> | OAuthPopupError) => {
          window.removeEventListener('message', onMessage);
          clearInterval(poll);
          clearTimeout(timeout);
          cancelCurrent = null;
          try {
            if (!popup.closed) popup.close();
          } catch {
            // A popup on another origin may refuse; it is left to the user.
          }
          if (outcome instanceof OAuthPopupError) reject(outcome);
          else if (outcome.ok) resolve(outcome.value);
          else reject(new OAuthPopupError('failed', outcome.error));
        };
        const onMessage = (event: MessageEvent) => {
          if (!allowed.has(event.origin)) return;
          const outcome = options.read(event.data);
          if (outcome) finish(outcome);
        };
        const poll = setInterval(() => {
          if (popup.closed) finish(new OAuthPopupError('cancelled'));
        }, OAUTH_POPUP_POLL_MS);
        const timeout = setTimeout(() => finish(new OAuthPopupError('timeout')), OAUTH_TIMEOUT_MS);
        window.addEventListener('message', onMessage);
        cancelCurrent = () => finish(new OAuthPopupError('cancelled'));
      });
    },
  };
}

/** The one service of the app, so a second flow anywhere is refused while one runs. */
export const oauthPopup = createOAuthPopupService();
