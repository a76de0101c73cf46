import type { TMicrosoftUser } from '@atempo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { integrationKeys } from '../api/catalogue-api.ts';
import {
  completeConnect,
  connectProvider,
  fetchOAuthStatus,
  logoutMicrosoft,
  oauthKeys,
} from '../api/oauth-api.ts';
import { MICROSOFT_POPUP_NAME, readMicrosoftMessage } from '../lib/microsoft-messages.ts';
import { OAuthPopupError, oauthPopup } from '../lib/oauth-popup.ts';
import { storeMicrosoftSessionId } from '../lib/oauth-storage.ts';
import { redirectTo } from '../lib/redirect-connect.ts';
import {
  POPUP_CLOSED_MESSAGE,
  RETRY_TOO_SOON_MESSAGE,
  STATE_MISMATCH_MESSAGE,
} from '../lib/sign-in-messages.ts';
import { useMicrosoftAccount } from './use-microsoft-account.ts';

/** Spec 03 §5, §9: one sign-in attempt per 5 seconds. */
export const SIGN_IN_RETRY_GAP_MS = 5000;

/** Spec 03 §4: setup, then authenticating (popup open), then success (connected). */
export type MicrosoftSignInPhase = 'setup' | 'authenticating' | 'success';

export interface MicrosoftSignIn {
  phase: MicrosoftSignInPhase;
  error: string | null;
  /** Who signed in, when this card learnt it from the callback. */
  user: TMicrosoftUser | null;
  email: string | null;
  configured: boolean;
  needsReconnect: boolean;
  /** A blocked popup fell back to a full-page redirect: the browser is leaving. */
  redirecting: boolean;
  signIn(): Promise<void>;
  cancel(): void;
  signOut(): Promise<void>;
  signingOut: boolean;
}

/**
 * The Microsoft sign-in card's flow (spec 03 §2, §4, §5): the server's auth address opens in a
 * popup; /auth-callback in it posts the code and state back (same origin only); the state must be
 * the one this flow started with; GET /oauth/callback then connects the account. A blocked popup
 * falls back to a full-page redirect that returns to this page.
 */
export function useMicrosoftSignIn(): MicrosoftSignIn {
  const location = useLocation();
  const returnPath = `${location.pathname}${location.search}`;
  const account = useMicrosoftAccount();
  const queryClient = useQueryClient();
  const [authenticating, setAuthenticating] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [user, setUser] = useState<TMicrosoftUser | null>(null);
  const lastAttemptAt = useRef<number | null>(null);
  const cancelledByUser = useRef(false);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
    [queryClient],
  );

  /** After the popup closed without a message: the flow may still have finished in it. */
  const connectedMeanwhile = useCallback(async () => {
    try {
      const status = await fetchOAuthStatus();
      queryClient.setQueryData(oauthKeys.status, status);
      return status.microsoft.connected;
    } catch {
      return false;
    }
  }, [queryClient]);

  const signIn = useCallback(async () => {
    const now = Date.now();
    if (lastAttemptAt.current !== null && now - lastAttemptAt.current < SIGN_IN_RETRY_GAP_MS) {
      setError(RETRY_TOO_SOON_MESSAGE);
      return;
    }
    lastAttemptAt.current = now;
    cancelledByUser.current = false;
    setError(null);
    setAuthenticating(true);
    let start: { auth_url: string; state: string };
    try {
      start = await connectProvider('microsoft');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to initiate authentication'));
      setAuthenticating(false);
      return;
    }
    // Cancel pressed while the address was on its way: no popup then.
    if (cancelledByUser.current) {
      setAuthenticating(false);
      return;
    }
    try {
      const message = await oauthPopup.open({
        url: start.auth_url,
        name: MICROSOFT_POPUP_NAME,
        allowedOrigins: [window.location.origin],
        read: readMicrosoftMessage,
      });
      if (message.state !== start.state) {
        setError(STATE_MISMATCH_MESSAGE);
        return;
      }
      const connected = await completeConnect(message.code, message.state);
      storeMicrosoftSessionId(connected.session_id);
      setUser(connected.user);
      await refresh();
    } catch (failure) {
      if (failure instanceof OAuthPopupError && failure.reason === 'blocked') {
        setError(failure.message);
        setRedirecting(true);
        redirectTo(start.auth_url, start.state, returnPath);
        return;
      }
      if (failure instanceof OAuthPopupError && failure.reason === 'cancelled') {
        if (await connectedMeanwhile()) await refresh();
        else if (!cancelledByUser.current) setError(POPUP_CLOSED_MESSAGE);
        return;
      }
      setError(errorMessage(failure, 'Failed to complete authentication'));
    } finally {
      setAuthenticating(false);
    }
  }, [refresh, connectedMeanwhile, returnPath]);

  const cancel = useCallback(() => {
    cancelledByUser.current = true;
    oauthPopup.cancel();
  }, []);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    setError(null);
    try {
      await logoutMicrosoft(account.sessionId);
      storeMicrosoftSessionId(null);
      setUser(null);
      await refresh();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not sign out of Microsoft 365'));
    } finally {
      setSigningOut(false);
    }
  }, [account.sessionId, refresh]);

  const phase: MicrosoftSignInPhase =
    authenticating || redirecting ? 'authenticating' : account.connected ? 'success' : 'setup';

  return {
    phase,
    error,
    user,
    email: user?.mail ?? account.email,
    configured: account.configured,
    needsReconnect: account.needsReconnect,
    redirecting,
    signIn,
    cancel,
    signOut,
    signingOut,
  };
}
