import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { landingPathFor, useAuth } from '../../auth/index.ts';
import {
  completeConnect,
  completeMicrosoftSignIn,
  isSignInAnswer,
  oauthStatusQuery,
} from '../api/oauth-api.ts';
import { microsoftCallbackProblem, readCallbackParams } from '../lib/callback-params.ts';
import {
  MICROSOFT_POPUP_NAME,
  microsoftAuthFailure,
  microsoftAuthSuccess,
} from '../lib/microsoft-messages.ts';
import { storeMicrosoftSessionId, takeExpectedState, takeReturnPath } from '../lib/oauth-storage.ts';
import { sameOriginOpener } from '../lib/opener.ts';
import { STATE_MISMATCH_MESSAGE } from '../lib/sign-in-messages.ts';
import { useRunOnce } from './use-run-once.ts';

/** How long 'Authentication Successful' shows before the page moves on. */
export const CALLBACK_REDIRECT_DELAY_MS = 1500;

export type CallbackView =
  | { phase: 'processing' }
  | { phase: 'success'; popup: boolean }
  | { phase: 'error'; message: string; popup: boolean };

/**
 * /auth-callback (spec 03 §2, §4, §5). Opened as a popup by this app, it hands the code and state
 * to the opener (MICROSOFT_AUTH_SUCCESS / MICROSOFT_AUTH_ERROR) and stays put. As a page it
 * finishes the flow itself: signed in, a connect flow (GET /oauth/callback with the bearer, then
 * the remembered page); signed out, Sign in with Microsoft (the same call with the cookie the API
 * set, then the tokens kept as the password login keeps them and the landing of spec 01 §4).
 */
export function useMicrosoftCallback(): CallbackView {
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { acceptSignIn } = useAuth();
  const [view, setView] = useState<CallbackView>({ phase: 'processing' });

  useRunOnce(() => {
    const params = readCallbackParams(search);
    const problem = microsoftCallbackProblem(params);
    const opener = sameOriginOpener();
    if (opener) {
      opener.postMessage(
        problem ? microsoftAuthFailure(problem) : microsoftAuthSuccess(params.code ?? '', params.state ?? ''),
        window.location.origin,
      );
      setView(
        problem ? { phase: 'error', message: problem, popup: true } : { phase: 'success', popup: true },
      );
      return;
    }
    if (problem) {
      setView({ phase: 'error', message: problem, popup: false });
      return;
    }
    const code = params.code ?? '';
    const state = params.state ?? '';

    const leave = (path: string) => {
      setView({ phase: 'success', popup: false });
      setTimeout(() => {
        // The sign-in popup, cut off from its opener on the way (a cross-origin opener policy): the
        // opener sees it close and reads the new connection; where closing is refused, it moves on.
        if (window.name === MICROSOFT_POPUP_NAME) window.close();
        navigate(path, { replace: true });
      }, CALLBACK_REDIRECT_DELAY_MS);
    };

    const finish = async () => {
      if (api.hasSession()) {
        const expected = takeExpectedState();
        if (expected && expected !== state) throw new Error(STATE_MISMATCH_MESSAGE);
        const answer = await completeConnect(code, state);
        storeMicrosoftSessionId(answer.session_id);
        // The connection's state as the rest of the app will read it.
        await queryClient.fetchQuery(oauthStatusQuery()).catch(() => undefined);
        leave(takeReturnPath() ?? '/integrations');
        return;
      }
      const answer = await completeMicrosoftSignIn(code, state);
      if (!isSignInAnswer(answer)) throw new Error('Authentication Failed');
      acceptSignIn(answer);
      storeMicrosoftSessionId(answer.session_id);
      takeReturnPath();
      leave(landingPathFor(answer.user));
    };

    finish().catch((failure: unknown) =>
      setView({ phase: 'error', message: errorMessage(failure, 'Authentication Failed'), popup: false }),
    );
  });

  return view;
}
