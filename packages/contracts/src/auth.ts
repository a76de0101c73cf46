import { z } from 'zod';
import { ZEmail, ZName, ZNewPassword } from './common.ts';
import { ZOrganization, ZRole, ZSubscriptionTier } from './organizations.ts';

export const ZUser = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: ZRole,
  onboarding_completed: z.boolean(),
  organization_id: z.uuid(),
  created_at: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string().min(1, { message: 'Password is required' }).max(256),
  organization_slug: z.string().trim().toLowerCase().optional(),
  remember_me: z.boolean().default(false),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZRegisterOrganizationRequest = z.object({
  organization_name: ZName('Organisation name'),
  email: ZEmail,
  password: ZNewPassword,
  first_name: ZName('First name'),
  last_name: ZName('Last name'),
  subscription_tier: ZSubscriptionTier.default('trial'),
});
export type TRegisterOrganizationRequest = z.input<typeof ZRegisterOrganizationRequest>;

export const ZRegisterUserRequest = z.object({
  organization_slug: z.string().trim().toLowerCase().min(1, { message: 'Organisation code is required' }),
  email: ZEmail,
  password: ZNewPassword,
  first_name: ZName('First name'),
  last_name: ZName('Last name'),
});
export type TRegisterUserRequest = z.input<typeof ZRegisterUserRequest>;

export const ZAuthResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  user: ZUser,
  organization: ZOrganization,
});
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

export const ZRefreshRequest = z.object({
  refresh_token: z.string().min(1, { message: 'No refresh token available' }),
});
export type TRefreshRequest = z.infer<typeof ZRefreshRequest>;

export const ZLogoutRequest = z.object({ refresh_token: z.string().optional() });
export type TLogoutRequest = z.infer<typeof ZLogoutRequest>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({
  token: z.string().min(1, { message: 'Reset token is required' }),
  password: ZNewPassword,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

/** Which sign-in methods besides email and password this server offers (the sign-in page asks). */
export const ZAuthProvidersResponse = z.object({ microsoft: z.boolean() });
export type TAuthProvidersResponse = z.infer<typeof ZAuthProvidersResponse>;
