import { z } from 'zod';
import { ZEmail, ZName } from './common.ts';
import { SUBSCRIPTION_TIERS } from './constants.ts';

export const ZSubscriptionTier = z.enum(SUBSCRIPTION_TIERS);
export type TSubscriptionTier = z.infer<typeof ZSubscriptionTier>;

export const ROLES = ['admin', 'member'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ZOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  subscription_tier: ZSubscriptionTier,
  created_at: z.string(),
});
export type TOrganization = z.infer<typeof ZOrganization>;

export const ZUpdateOrganizationRequest = z.object({ name: ZName('Organisation name') });
export type TUpdateOrganizationRequest = z.infer<typeof ZUpdateOrganizationRequest>;

export const ZOrganizationUser = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: ZRole,
  created_at: z.string(),
});
export type TOrganizationUser = z.infer<typeof ZOrganizationUser>;

export const ZInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: ZRole,
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZOrganizationUsersResponse = z.object({
  users: z.array(ZOrganizationUser),
  invitations: z.array(ZInvitation),
  total: z.number().int(),
});
export type TOrganizationUsersResponse = z.infer<typeof ZOrganizationUsersResponse>;

export const ZCreateInvitationRequest = z.object({ email: ZEmail, role: ZRole.default('member') });
export type TCreateInvitationRequest = z.input<typeof ZCreateInvitationRequest>;

export const ZUpdateUserRoleRequest = z.object({ role: ZRole });
export type TUpdateUserRoleRequest = z.infer<typeof ZUpdateUserRoleRequest>;
