import { describe, expect, it } from 'vitest';
import { thesisErrorText, thesisFieldLabel } from './field-labels.ts';

const thesis = { target_sectors: { b2b_saas: { name: 'B2B SaaS', weight: 0.5, min_gross_margin: 0.6 } } };

describe('thesis field labels', () => {
  it('names fields as the settings screen labels them', () => {
    expect(thesisFieldLabel('primary_markets.Denmark', thesis)).toBe('Weight for Denmark');
    expect(thesisFieldLabel('target_sectors.b2b_saas.weight', thesis)).toBe('Weight for B2B SaaS');
    expect(thesisFieldLabel('target_sectors.b2b_saas.min_gross_margin', thesis)).toBe(
      'Minimum gross margin for B2B SaaS',
    );
    expect(thesisFieldLabel('risk_parameters.max_burn_multiple', thesis)).toBe('Max burn multiple');
  });

  it('rewrites the raw key at the head of a server message', () => {
    expect(thesisErrorText('primary_markets.Denmark: weight must be between 0 and 1', thesis)).toBe(
      'Weight for Denmark: weight must be between 0 and 1',
    );
    expect(
      thesisErrorText(
        'Primary markets denmark: primary_markets.Denmark: weight must be between 0 and 1',
        thesis,
      ),
    ).toBe('Weight for Denmark: weight must be between 0 and 1');
    expect(thesisErrorText('You need to be an admin', thesis)).toBe('You need to be an admin');
    expect(thesisErrorText('primary_markets.Denmark: weight must be between 0 and 1', thesis)).not.toContain(
      'primary_markets',
    );
  });
});
