import { z } from 'zod';
import { ZUser } from './auth.ts';
import { ZName, ZNewPassword } from './common.ts';
import { ZOrganization } from './organizations.ts';

/** GET /users/me: the user plus the organisation, so the shell needs one call. */
export const ZMeResponse = ZUser.extend({ organization: ZOrganization });
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZUpdateMeRequest = z
  .object({
    first_name: ZName('First name'),
    last_name: ZName('Last name'),
    onboarding_completed: z.boolean(),
  })
  .partial();
export type TUpdateMeRequest = z.infer<typeof ZUpdateMeRequest>;

export const ZChangePasswordRequest = z.object({
  current_password: z.string().min(1, { message: 'Current password is required' }),
  new_password: ZNewPassword,
  /** The caller's own refresh token: its session stays signed in, every other one is signed out. */
  refresh_token: z.string().optional(),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZRevokeSessionsRequest = z.object({
  /** The caller's own refresh token, kept alive while every other session is signed out. */
  refresh_token: z.string().optional(),
});
export type TRevokeSessionsRequest = z.infer<typeof ZRevokeSessionsRequest>;

export const ZRevokeSessionsResponse = z.object({ revoked: z.number().int() });
export type TRevokeSessionsResponse = z.infer<typeof ZRevokeSessionsResponse>;
