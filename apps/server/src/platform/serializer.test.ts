import { ZCompanyDetail, ZDeal, ZErrorResponse } from '@atempo/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer.ts';

const serializerFor = (schema: z.ZodType) => responseSerializerCompiler({ schema });

const DEAL = {
  id: '7d3c8a8e-3f6b-4b8e-9a51-0c1f2e3d4a5b',
  deal_number: 7,
  company: 'Ünïcode "quoted" \\ Ltd\n',
  company_id: '0b0c1d2e-3f40-4152-8364-758697a8b9ca',
  amount_requested: 7_500_000.5,
  stage: 'due_diligence',
  source_type: null,
  source_name: null,
  description: null,
  sector: 'B2B SaaS',
  geography: null,
  deal_type: 'venture_debt',
  financial_metrics: { revenue: 12_000_000, gross_margin: null, last_round_date: '2026-01-31' },
  thematic_score: null,
  thematic_recommendation: null,
  scoring_breakdown: null,
  red_flag_level: 'low_risk',
  red_flag_score: 0,
  red_flag_summary: null,
  red_flags: [],
  suggested_facility: null,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-02T10:30:00.000Z',
  last_interaction: null,
} as const;

describe('the response serializer', () => {
  it('writes what zod encode wrote before: nulls, enums, dates as ISO strings, escapes', () => {
    const written = serializerFor(ZDeal)(DEAL);
    expect(JSON.parse(written)).toEqual(ZDeal.encode(DEAL as unknown as z.infer<typeof ZDeal>));
    expect(written).toBe(JSON.stringify(ZDeal.encode(DEAL as unknown as z.infer<typeof ZDeal>)));
  });

  it('writes only the properties the contract declares, so a stray column never leaks', () => {
    const written = JSON.parse(
      serializerFor(ZDeal)({ ...DEAL, organization_id: 'someone else', password_hash: 'x' }),
    );
    expect(written).not.toHaveProperty('organization_id');
    expect(written).not.toHaveProperty('password_hash');
    expect(Object.keys(written).sort()).toEqual(Object.keys(ZDeal.shape).sort());
  });

  it('writes a nullable object as null or as the object', () => {
    const facility = { min: 1, max: 2, recommended: 1.5, rationale: 'ok' };
    const schema = z.object({ facility: z.object({ min: z.number(), rationale: z.string() }).nullable() });
    expect(serializerFor(schema)({ facility: null })).toBe('{"facility":null}');
    expect(JSON.parse(serializerFor(schema)({ facility }))).toEqual({
      facility: { min: 1, rationale: 'ok' },
    });
  });

  it('leaves optional fields out when absent, as the error shape needs', () => {
    expect(serializerFor(ZErrorResponse)({ detail: 'Nope', code: 'NOT_FOUND' })).toBe(
      '{"detail":"Nope","code":"NOT_FOUND"}',
    );
  });

  it('compiles every nested contract (company detail) without falling back to validation branches', () => {
    expect(() => serializerFor(ZCompanyDetail)).not.toThrow();
  });
});
