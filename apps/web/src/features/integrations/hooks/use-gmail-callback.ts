import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { completeGmailCallback } from '../api/gmail-api.ts';
import { gmailCallbackProblem, readCallbackParams } from '../lib/callback-params.ts';
import { GMAIL_AUTH_CALLBACK, type GmailCallbackMessage } from '../lib/gmail-messages.ts';
import { takeExpectedState, takeReturnPath } from '../lib/oauth-storage.ts';
import { sameOriginOpener } from '../lib/opener.ts';
import { useRunOnce } from './use-run-once.ts';

/** Spec 03 §4, §9: the popup closes, and the page moves on, 2 seconds after success. */
export const GMAIL_DONE_DELAY_MS = 2000;

export type GmailCallbackView =
  | { phase: 'processing' }
  | { phase: 'success'; popup: boolean; email: string | null }
  | { phase: 'error'; message: string; popup: boolean };

/**
 * /auth/gmail-callback (spec 03 §2, §4). As a popup it posts 'gmail-auth-callback' with the code and
 * state (or the error) to its opener and closes itself 2 s after success; as a page it posts the
 * code and state to POST /gmail/auth/callback and 2 s later goes back to /integrations (to the page
 * Connect was pressed on, when remembered).
 */
export function useGmailCallback(): GmailCallbackView {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [view, setView] = useState<GmailCallbackView>({ phase: 'processing' });

  useRunOnce(() => {
    const params = readCallbackParams(search);
    const problem = gmailCallbackProblem(params);
    const code = params.code ?? '';
    const state = params.state ?? '';
    const opener = sameOriginOpener();
    if (opener) {
      const message: GmailCallbackMessage = problem
        ? { type: GMAIL_AUTH_CALLBACK, error: problem }
        : { type: GMAIL_AUTH_CALLBACK, code, state };
      opener.postMessage(message, window.location.origin);
      if (problem) {
        setView({ phase: 'error', message: problem, popup: true });
        return;
      }
      setView({ phase: 'success', popup: true, email: null });
      setTimeout(() => window.close(), GMAIL_DONE_DELAY_MS);
      return;
    }
    if (problem) {
      setView({ phase: 'error', message: problem, popup: false });
      return;
    }
    // The server checks the state (bound to the user); the page remembered is where Connect was pressed.
    takeExpectedState();
    const returnPath = takeReturnPath() ?? '/integrations';
    completeGmailCallback(code, state)
      .then((answer) => {
        setView({ phase: 'success', popup: false, email: answer.user_email });
        setTimeout(() => navigate(returnPath, { replace: true }), GMAIL_DONE_DELAY_MS);
      })
      .catch((failure: unknown) =>
        setView({
          phase: 'error',
          message: errorMessage(failure, 'Failed to complete authorization'),
          popup: false,
        }),
      );
  });

  return view;
}
