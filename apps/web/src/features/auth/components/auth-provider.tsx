import type { TAuthResponse, TMeResponse } from '@atempo/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { api } from '../../../lib/api.ts';
import * as authApi from '../api/auth-api.ts';
import { meQueryKey, meQueryOptions } from '../api/me-query.ts';
import { AuthContext, type AuthContextValue, type AuthStatus } from '../hooks/auth-context.ts';
import { HOME_PATH, ONBOARDING_FLAGS_CLEARED_ON_REGISTRATION, SIGN_IN_PATHS } from '../hooks/landing.ts';
import { returnPathFromSearch } from '../lib/return-path.ts';

/**
 * Holds who is signed in. The user comes from GET /users/me through TanStack Query (fetched when
 * tokens exist); login and registration seed that cache from their answer.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const [hasTokens, setHasTokens] = useState(() => api.hasSession());
  // Signing out is not a deep link to return to: the route guard then sends to a plain /login.
  const [signedOut, setSignedOut] = useState(false);
  const me = useQuery({ ...meQueryOptions(), enabled: hasTokens });

  // A failed refresh (anywhere) clears the tokens; forget the user with them.
  useEffect(
    () =>
      api.onSessionEnded(() => {
        setHasTokens(false);
        queryClient.removeQueries({ queryKey: meQueryKey });
      }),
    [queryClient],
  );

  // Let the API layer redirect through the router instead of reloading the page.
  useEffect(() => {
    api.setNavigate((path) => navigate(path));
  }, [navigate]);

  useEffect(() => {
    if (api.hasSession()) api.resumeSession();
  }, []);

  const status: AuthStatus = !hasTokens
    ? 'unauthenticated'
    : me.data
      ? 'authenticated'
      : me.isError
        ? 'unauthenticated'
        : 'loading';

  // Where a sign-in continues: the deep link the visitor followed (carried by /login?next=), else home.
  const destination = returnPathFromSearch(search) ?? HOME_PATH;

  // Start-up rule of spec 01 §4: a signed-in visitor of /login or /register goes on into the app.
  // It applies to the first resolution only, so the post-login landing rule is not overridden.
  const startupResolved = useRef(false);
  useEffect(() => {
    if (startupResolved.current || status === 'loading') return;
    startupResolved.current = true;
    if (status === 'authenticated' && SIGN_IN_PATHS.includes(pathname))
      navigate(destination, { replace: true });
  }, [status, pathname, destination, navigate]);

  const beginSession = useCallback(
    (response: TAuthResponse) => {
      startupResolved.current = true;
      setSignedOut(false);
      api.startSession(response);
      const user: TMeResponse = { ...response.user, organization: response.organization };
      queryClient.setQueryData(meQueryKey, user);
      setHasTokens(true);
    },
    [queryClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user: status === 'authenticated' ? (me.data ?? null) : null,
      isAdmin: status === 'authenticated' && me.data?.role === 'admin',
      signedOut,
      async login(body) {
        const response = await authApi.login(body);
        beginSession(response);
        navigate(destination, { replace: true });
      },
      async registerOrganization(body) {
        beginSession(await authApi.registerOrganization(body));
        landAfterRegistration(navigate);
      },
      async registerUser(body) {
        beginSession(await authApi.registerUser(body));
        landAfterRegistration(navigate);
      },
      async logout() {
        try {
          await authApi.logout(api.refreshToken());
        } catch {
          // The server may already consider the session gone; signing out locally is what matters.
        }
        api.endSession();
        setSignedOut(true);
        setHasTokens(false);
        queryClient.clear();
        navigate('/login', { replace: true });
      },
      acceptSignIn: beginSession,
    }),
    [status, me.data, signedOut, beginSession, destination, navigate, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** A new account starts onboarding afresh (spec 01 §4) and, until onboarding exists, lands home. */
function landAfterRegistration(navigate: NavigateFunction) {
  for (const key of ONBOARDING_FLAGS_CLEARED_ON_REGISTRATION) localStorage.removeItem(key);
  navigate(HOME_PATH, { replace: true });
}
