import { daysSince } from '../../derived-metrics.ts';
import { RED_FLAG_THRESHOLDS } from '../thresholds.ts';
import type { RedFlag, RedFlagRule } from '../types.ts';

/**
 * Lenders underwrite management as much as numbers, and monitoring relies on regular contact:
 * 90 days of silence is stale (medium), 180 days cold (high).
 */
export const staleRelationship: RedFlagRule = ({ subject, now }) => {
  const { stale_relationship_days: stale, cold_relationship_days: cold } = RED_FLAG_THRESHOLDS;
  const flag = (days: number, description: string): RedFlag | null =>
    days < stale
      ? null
      : {
          severity: days >= cold ? 'high' : 'medium',
          flag_type: 'stale_relationship',
          category: 'relationship',
          description,
        };

  if (typeof subject.last_interaction_at === 'string') {
    const days = daysSince(subject.last_interaction_at, now);
    if (days === null) return null;
    return flag(
      days,
      `No interaction for ${days} days (last on ${subject.last_interaction_at.slice(0, 10)}).`,
    );
  }
  if (subject.last_interaction_at !== null) return null;
  // null: the subject says there has been no interaction at all.
  const age = daysSince(subject.created_at, now);
  if (age !== null) return flag(age, `No interaction recorded in the ${age} days since it was added.`);
  return {
    severity: 'medium',
    flag_type: 'no_recorded_interaction',
    category: 'relationship',
    description: 'No interaction with the company has been recorded.',
  };
};
