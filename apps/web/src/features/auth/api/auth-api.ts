import type {
  TAuthProvidersResponse,
  TAuthResponse,
  TForgotPasswordRequest,
  TLoginRequest,
  TMeResponse,
  TMessageResponse,
  TRegisterOrganizationRequest,
  TRegisterUserRequest,
  TResetPasswordRequest,
} from '@atempo/contracts';
import { api } from '../../../lib/api.ts';

/** Login sends organization_slug only when it is not blank (spec 01 §3). */
export function buildLoginRequest(input: {
  email: string;
  password: string;
  organizationSlug?: string;
  rememberMe: boolean;
}): TLoginRequest {
  const slug = input.organizationSlug?.trim();
  return {
    email: input.email.trim(),
    password: input.password,
    ...(slug ? { organization_slug: slug } : {}),
    remember_me: input.rememberMe,
  };
}

export const login = (body: TLoginRequest) => api.post<TAuthResponse>('/auth/login', body);

export const registerOrganization = (body: TRegisterOrganizationRequest) =>
  api.post<TAuthResponse>('/auth/register/organization', body);

export const registerUser = (body: TRegisterUserRequest) =>
  api.post<TAuthResponse>('/auth/register/user', body);

export const logout = (refreshToken: string | null) =>
  api.post<unknown>('/auth/logout', refreshToken ? { refresh_token: refreshToken } : {});

export const forgotPassword = (body: TForgotPasswordRequest) =>
  api.post<TMessageResponse>('/auth/forgot-password', body);

export const resetPassword = (body: TResetPasswordRequest) =>
  api.post<TMessageResponse>('/auth/reset-password', body);

export const fetchMe = (signal?: AbortSignal) => api.get<TMeResponse>('/users/me', { signal });

export const fetchAuthProviders = (signal?: AbortSignal) =>
  api.get<TAuthProvidersResponse>('/auth/providers', { signal });

/** 'Sign in with Microsoft' is a browser navigation to the API, not a fetch. */
export async function microsoftLoginUrl(): Promise<string> {
  return `${await api.resolveBase()}/auth/microsoft/login`;
}
