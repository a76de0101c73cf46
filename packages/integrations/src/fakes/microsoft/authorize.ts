/** What the fake's authorization endpoint sent back to the redirect URI. */
export interface AuthorizationRedirect {
  status: number;
  /** The full Location (the redirect URI with the response parameters). */
  location: string | null;
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
}

/**
 * Plays the browser's part of a sign-in against the fake: requests the authorization URL without
 * following the redirect and reads the code (or the error) from `Location`. The fake consents at once.
 */
export async function followAuthorization(authorizationUrl: string): Promise<AuthorizationRedirect> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  await response.body?.cancel();
  const params = location ? new URL(location).searchParams : new URLSearchParams();
  return {
    status: response.status,
    location,
    code: params.get('code'),
    state: params.get('state'),
    error: params.get('error'),
    errorDescription: params.get('error_description'),
  };
}
