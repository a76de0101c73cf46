import { describe, expect, it } from 'vitest';
import { extractFundingRound, RUMOUR_CONFIDENCE } from './extract.ts';
import { FUNDING_HEADLINES, NOT_FUNDING_HEADLINES } from './headlines.fixtures.ts';

const NOW = new Date('2026-03-02T09:00:00Z');

describe('funding extraction on real-style headlines', () => {
  it('has a set of at least 60 rounds and 25 non-rounds', () => {
    expect(FUNDING_HEADLINES.length).toBeGreaterThanOrEqual(60);
    expect(NOT_FUNDING_HEADLINES.length).toBeGreaterThanOrEqual(25);
  });

  it.each(FUNDING_HEADLINES)('reads "$title"', ({ title, summary, expected }) => {
    const reading = extractFundingRound({ title, summary, source: 'EU-Startups' }, { now: NOW });
    expect(reading.kind).toBe('round');
    if (reading.kind !== 'round') return;
    const { company_name, amount_raised, currency, stage, investors, region, country, sector, rumoured } =
      reading.round;
    expect({
      company_name,
      amount_raised,
      currency,
      stage,
      investors,
      region,
      country,
      sector,
      rumoured,
    }).toEqual({ rumoured: false, ...expected });
  });

  it.each(NOT_FUNDING_HEADLINES)('keeps out "$title"', ({ title, summary, rule }) => {
    const reading = extractFundingRound({ title, summary, source: 'Sifted' }, { now: NOW });
    expect(reading.kind).toBe('not_funding');
    if (reading.kind === 'not_funding') expect(reading.reason.rule).toBe(rule);
  });
});

describe('the other fields', () => {
  it('dates the round by publication, else by the time of reading', () => {
    const published = extractFundingRound(
      { title: 'Tide raises £80m Series C', source: 'UKTN', published_at: '2026-02-27T07:30:00+01:00' },
      { now: NOW },
    );
    const unpublished = extractFundingRound(
      { title: 'Tide raises £80m Series C', source: 'UKTN' },
      { now: NOW },
    );
    expect(published.kind === 'round' && published.round.announced_at).toBe('2026-02-27T06:30:00.000Z');
    expect(unpublished.kind === 'round' && unpublished.round.announced_at).toBe(NOW.toISOString());
  });

  it('converts to EUR at the given rates and says which rate', () => {
    const reading = extractFundingRound(
      { title: 'Tide raises £80m Series C', source: 'UKTN' },
      { now: NOW, fxRates: { base: 'EUR', rate_date: '2026-01-01', per_base: { GBP: 0.8 } } },
    );
    expect(reading.kind).toBe('round');
    if (reading.kind !== 'round') return;
    expect(reading.round.amount_eur).toBe(100_000_000);
    expect(reading.round.evidence).toMatchObject({
      amount_text: '£80m',
      fx_rate: 1.25,
      fx_rate_date: '2026-01-01',
    });
    const unknownRate = extractFundingRound(
      { title: 'Tide raises £80m Series C', source: 'UKTN' },
      { now: NOW, fxRates: { base: 'EUR', rate_date: '2026-01-01', per_base: {} } },
    );
    expect(unknownRate.kind === 'round' && unknownRate.round.amount_eur).toBeNull();
  });

  it('rates confidence by the fields found: a full report above a bare headline', () => {
    const [full, bare] = [
      extractFundingRound(
        {
          title: 'London-based fintech Tallyfold raises £12m Series A',
          summary: 'The round was led by Northzone.',
          source: 'UKTN',
        },
        { now: NOW },
      ),
      extractFundingRound(
        { title: 'Tallyfold raises funding', summary: 'Seed round.', source: 'UKTN' },
        { now: NOW },
      ),
    ];
    expect(full.kind === 'round' && full.round.confidence_score).toBe(1);
    expect(bare.kind === 'round' && bare.round.confidence_score).toBe(0.45);
  });

  it('keeps a rumoured round, marked, at a confidence scaled to at most 0.6', () => {
    const summary = 'The round was led by Northzone.';
    const read = (title: string) => extractFundingRound({ title, summary, source: 'Sifted' }, { now: NOW });
    const closed = read('London-based fintech Tallyfold raises £12m Series A');
    expect(closed.kind === 'round' && [closed.round.rumoured, closed.round.confidence_score]).toEqual([
      false,
      1,
    ]);
    for (const title of [
      'London-based fintech Tallyfold is raising £12m Series A',
      'London-based fintech Tallyfold in talks to raise £12m Series A',
      'London-based fintech Tallyfold said to be raising £12m Series A',
      'London-based fintech Tallyfold is reportedly set to raise £12m Series A',
    ]) {
      const rumour = read(title);
      expect(rumour.kind === 'round' && rumour.round).toMatchObject({
        company_name: 'Tallyfold',
        rumoured: true,
        confidence_score: RUMOUR_CONFIDENCE,
      });
    }
  });

  it('names the investor of an "X leads round in Y" headline as lead, and the company never as its own investor', () => {
    const reading = extractFundingRound({
      title: 'Index Ventures leads $50M round in Finvio',
      source: 'TechCrunch',
    });
    expect(reading.kind === 'round' && reading.round.lead_investor).toBe('Index Ventures');
  });

  it('says so when no company name can be read', () => {
    const reading = extractFundingRound({ title: 'raises €5m seed round', source: 'Sifted' });
    expect(reading.kind).toBe('no_company');
  });

  it('survives hostile text without hanging', () => {
    const long = `${'Series '.repeat(3000)}${'led by '.repeat(3000)}€${'9'.repeat(400)}m`;
    const started = Date.now();
    extractFundingRound({ title: long.slice(0, 500), summary: long, source: 'x' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
