import { describe, expect, it } from 'vitest';
import { companyNameKey } from '../company-names.ts';
import { candidateKeys, dedupKey, mergeRounds, type RoundFields, sameRound } from './dedup.ts';
import { extractFundingRound } from './extract.ts';

const NOW = new Date('2026-03-02T09:00:00Z');

function read(title: string, summary: string, source: string, published_at: string): RoundFields {
  const reading = extractFundingRound({ title, summary, source, published_at }, { now: NOW });
  if (reading.kind !== 'round') throw new Error(`not a round: ${title}`);
  const { source: _s, evidence: _e, ...fields } = reading.round;
  return { ...fields, title, source_name: source, source_url: null };
}

/** One round as three outlets reported it over two days. */
const sifted = read(
  'Berlin-based Voltaro raises €12.5m',
  'The climate startup will install heat pumps across Germany.',
  'Sifted',
  '2026-02-24T08:00:00Z',
);
const euStartups = read(
  'Voltaro secures €12.5 million Series A led by Extantia Capital',
  'With participation from Speedinvest.',
  'EU-Startups',
  '2026-02-25T10:00:00Z',
);
const techCrunch = read('Heat pump installer Voltaro lands $13M', '', 'TechCrunch', '2026-02-23T18:00:00Z');

describe('deduplication across sources', () => {
  it('normalises company names: case, accents, punctuation and legal suffixes', () => {
    expect(companyNameKey('Voltaro GmbH')).toBe('voltaro');
    expect(companyNameKey('VOLTARO')).toBe('voltaro');
    expect(companyNameKey('Café Crème Ltd.')).toBe('cafe creme');
    expect(companyNameKey('Smith & Sons Holdings plc')).toBe('smith and sons holdings');
  });

  it('recognises the three reports as one round and a later round of the same company as another', () => {
    expect(sameRound(sifted, euStartups)).toBe(true);
    expect(sameRound(euStartups, techCrunch)).toBe(true);
    const nextYear = read('Voltaro raises €40m Series B', '', 'Sifted', '2027-02-24T08:00:00Z');
    expect(sameRound(euStartups, nextYear)).toBe(false);
    const otherAmount = { ...sifted, amount_eur: 40_000_000 };
    expect(sameRound(otherAmount, euStartups)).toBe(false);
  });

  it('finds an earlier report by key whatever stage either side knows', () => {
    const stages = ['Seed', 'Series A', 'Series B'];
    expect(candidateKeys(euStartups, stages)).toContain(dedupKey(sifted));
    expect(candidateKeys(sifted, stages)).toContain(dedupKey(euStartups));
    expect(candidateKeys(techCrunch, stages)).toContain(dedupKey(euStartups));
  });

  it('merges field by field, the more confident report winning, with every investor and the earliest date', () => {
    const merged = mergeRounds(mergeRounds(sifted, euStartups), techCrunch);
    expect(euStartups.confidence_score).toBeGreaterThan(sifted.confidence_score);
    expect(merged).toMatchObject({
      company_name: 'Voltaro',
      amount_raised: 12_500_000,
      currency: 'EUR',
      stage: 'Series A',
      investors: ['Extantia Capital', 'Speedinvest'],
      lead_investor: 'Extantia Capital',
      region: 'Europe',
      country: 'Germany',
      sector: 'climate_tech',
      announced_at: '2026-02-23T18:00:00.000Z',
      confidence_score: euStartups.confidence_score,
      source_name: 'EU-Startups',
    });
  });

  it('keeps a round rumoured only while every report is a rumour', () => {
    const talks = read('Voltaro in talks to raise €12m', '', 'Sifted', '2026-02-20T08:00:00Z');
    const reportedly = read('Voltaro reportedly raising €12.5m', '', 'Handelsblatt', '2026-02-21T08:00:00Z');
    expect([talks.rumoured, reportedly.rumoured, sifted.rumoured]).toEqual([true, true, false]);
    expect(sameRound(talks, sifted)).toBe(true);
    expect(mergeRounds(talks, reportedly).rumoured).toBe(true);
    expect(mergeRounds(talks, sifted)).toMatchObject({ rumoured: false, announced_at: talks.announced_at });
    expect(mergeRounds(sifted, talks).rumoured).toBe(false);
  });
});
