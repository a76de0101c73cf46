import { describe, expect, it } from 'vitest';
import { context } from '../../testing/fixtures.ts';
import { staleRelationship } from './stale-relationship.ts';

// NOW is 2025-06-01T12:00Z.
const lastContact = (iso: string | null | undefined, created_at?: string) =>
  staleRelationship(context({}, { last_interaction_at: iso, created_at }));

describe('stale relationship rule', () => {
  it.each([
    ['2025-03-04T12:00:00Z', null], // 89 days
    ['2025-03-03T12:00:00Z', 'medium'], // 90 days
    ['2024-12-04T12:00:00Z', 'medium'], // 179 days
    ['2024-12-03T12:00:00Z', 'high'], // 180 days
  ])('last interaction %s → %s', (iso, severity) => {
    expect(lastContact(iso)?.severity ?? null).toBe(severity);
  });

  it('describes the silence with its length and date', () => {
    expect(lastContact('2025-01-01')).toEqual({
      severity: 'medium',
      flag_type: 'stale_relationship',
      category: 'relationship',
      description: 'No interaction for 151 days (last on 2025-01-01).',
    });
  });

  it('says nothing when interactions are unknown, unparseable or in the future', () => {
    expect(lastContact(undefined)).toBeNull();
    expect(lastContact('not a date')).toBeNull();
    expect(lastContact('2026-01-01')).toBeNull();
  });

  it('measures from creation when the subject has had no interaction', () => {
    expect(lastContact(null, '2025-05-01')).toBeNull();
    expect(lastContact(null, '2024-06-01')).toEqual({
      severity: 'high',
      flag_type: 'stale_relationship',
      category: 'relationship',
      description: 'No interaction recorded in the 365 days since it was added.',
    });
  });

  it('flags a subject with no interaction and no known age as medium', () => {
    expect(lastContact(null)).toMatchObject({ severity: 'medium', flag_type: 'no_recorded_interaction' });
  });
});
