import type { Database } from '@atempo/db';
import { membersByIds } from '../users/index.ts';
import { listDueSubscriptionRows } from './subscriptions.repository.ts';

export interface DueSubscription {
  id: string;
  organizationId: string;
  portfolioCompanies: string[];
  sectors: string[];
  email: string;
  firstName: string;
}

/**
 * Subscriptions whose brief has not gone out since `sentBefore`, with their user's address; a user
 * who left the organisation gets nothing. The users are read once, by ids.
 */
export async function listDueSubscriptions(db: Database, sentBefore: Date): Promise<DueSubscription[]> {
  const due = await listDueSubscriptionRows(db, sentBefore);
  const members = await membersByIds(
    db,
    due.map((row) => row.userId),
  );
  return due.flatMap(({ userId, ...row }) => {
    const member = members.get(userId);
    if (!member || member.organizationId !== row.organizationId) return [];
    return [{ ...row, email: member.email, firstName: member.firstName }];
  });
}
