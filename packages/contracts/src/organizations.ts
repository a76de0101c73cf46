import { z } from 'zod';
import { ZEmail, ZName } from './common.ts';

export const SUBSCRIPTION_TIERS = ['trial', 'startup', 'growth'] as const;
export const ZSubscriptionTier = z.enum(SUBSCRIPTION_TIERS);
export type TSubscriptionTier = z.infer<typeof ZSubscriptionTier>;

/** The plan facts of spec 01 §3, shown on the Register screen. */
export const PLANS: Record<
  TSubscriptionTier,
  {
    label: string;
    price: string;
    users: number | null;
    deals: number | null;
    storage: string;
    features: string[];
  }
> = {
  trial: {
    label: 'Trial',
    price: 'Free',
    users: 5,
    deals: 100,
    storage: '10GB',
    features: ['AI agents', 'Document processing'],
  },
  startup: {
    label: 'Startup',
    price: '$299/mo',
    users: 25,
    deals: 1000,
    storage: '100GB',
    features: ['AI agents', 'Document processing', 'Market intelligence', 'API access'],
  },
  growth: {
    label: 'Growth',
    price: '$999/mo',
    users: 100,
    deals: null,
    storage: '1TB',
    features: ['AI agents', 'Document processing', 'Market intelligence', 'API access', 'Priority support'],
  },
};

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
