import type {
  TAuthResponse,
  TLoginRequest,
  TMeResponse,
  TRegisterOrganizationRequest,
  TRegisterUserRequest,
} from '@atempo/contracts';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  /** The signed-in user with their organisation (GET /users/me). */
  user: TMeResponse | null;
  isAdmin: boolean;
  /** The user signed out in this tab (as opposed to never having signed in, or a lost session). */
  signedOut: boolean;
  login(body: TLoginRequest): Promise<void>;
  registerOrganization(body: TRegisterOrganizationRequest): Promise<void>;
  registerUser(body: TRegisterUserRequest): Promise<void>;
  logout(): Promise<void>;
  /**
   * Keeps a sign-in the server answered elsewhere (Sign in with Microsoft, on /auth-callback) exactly
   * as login keeps its own: the tokens, the user. The caller decides where to go next.
   */
  acceptSignIn(response: TAuthResponse): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
