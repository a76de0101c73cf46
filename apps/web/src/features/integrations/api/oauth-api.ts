import type {
  TMicrosoftSignInResponse,
  TOAuthConnectedResponse,
  TOAuthConnectResponse,
  TOAuthProvider,
  TOAuthStatusResponse,
} from '@atempo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /oauth/connect/{provider}: where to send the user to sign in, and the state to expect back. */
export const connectProvider = (provider: TOAuthProvider) =>
  api.post<TOAuthConnectResponse>(`/oauth/connect/${provider}`);

const callbackPath = (code: string, state: string) =>
  `/oauth/callback?${new URLSearchParams({ code, state })}`;

/**
 * GET /oauth/callback, with the user's bearer token: finishes a connect flow the user started while
 * signed in and answers the connection (its id is the session id) and who it is.
 */
export const completeConnect = (code: string, state: string) =>
  api.get<TOAuthConnectedResponse>(callbackPath(code, state));

/**
 * GET /oauth/callback without a bearer token: Sign in with Microsoft. The state is bound to the
 * HttpOnly cookie the API set at /auth/microsoft/login, so the cookie must go with the call.
 * Answers a login (Atempo's tokens) plus the Microsoft 365 connection.
 */
export const completeMicrosoftSignIn = (code: string, state: string) =>
  api.get<TMicrosoftSignInResponse>(callbackPath(code, state), { credentials: 'include' });

export type OAuthCallbackAnswer = TOAuthConnectedResponse | TMicrosoftSignInResponse;

/** A sign-in carries Atempo's own tokens; a connect flow's answer does not. */
export function isSignInAnswer(answer: OAuthCallbackAnswer): answer is TMicrosoftSignInResponse {
  return 'access_token' in answer;
}

/** GET /oauth/status: the caller's Microsoft, Google and Box connections. */
export const fetchOAuthStatus = (signal?: AbortSignal) =>
  api.get<TOAuthStatusResponse>('/oauth/status', { signal });

/** POST /oauth/disconnect/{provider}: forgets the caller's connection to that provider. */
export const disconnectProvider = (provider: TOAuthProvider) =>
  api.post<unknown>(`/oauth/disconnect/${provider}`);

/** POST /oauth/logout: the Microsoft sign-in card's Sign Out (ends that connection). */
export const logoutMicrosoft = (sessionId: string | null) =>
  api.post<unknown>('/oauth/logout', sessionId ? { session_id: sessionId } : {});

export const oauthKeys = {
  status: ['integrations', 'oauth-status'] as const,
};

export const oauthStatusQuery = () =>
  queryOptions({ queryKey: oauthKeys.status, queryFn: ({ signal }) => fetchOAuthStatus(signal) });
