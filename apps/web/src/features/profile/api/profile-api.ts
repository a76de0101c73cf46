import type {
  TChangePasswordRequest,
  TMeResponse,
  TRevokeSessionsResponse,
  TUpdateMeRequest,
} from '@atempo/contracts';
import { api } from '../../../lib/api.ts';

export const updateMe = (body: TUpdateMeRequest) => api.patch<TMeResponse>('/users/me', body);

export const changePassword = (body: TChangePasswordRequest) => api.post<unknown>('/users/me/password', body);

/** Signs out every other session; this browser's refresh token is the one kept. */
export const revokeOtherSessions = (refreshToken: string | null) =>
  api.post<TRevokeSessionsResponse>(
    '/users/me/sessions/revoke-others',
    refreshToken ? { refresh_token: refreshToken } : {},
  );
