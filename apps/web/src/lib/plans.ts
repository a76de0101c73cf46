import type { TSubscriptionTier } from '@atempo/contracts';
import { PLANS } from '@atempo/contracts/constants';

/** The facts of one plan as short lines: users, deals, features, storage (spec 01 §3). */
export function planFacts(tier: TSubscriptionTier): string[] {
  const plan = PLANS[tier];
  return [
    plan.users === null ? 'Unlimited users' : `${plan.users} users`,
    plan.deals === null ? 'Unlimited deals' : `${plan.deals.toLocaleString('en-GB')} deals`,
    ...plan.features,
    `${plan.storage} storage`,
  ];
}
