import { z } from 'zod';
import { MAX_AMOUNT } from './common.ts';

/** Investment thesis configuration (spec 02 §3, edited on /settings, read by packages/scoring). */

export const DEAL_TYPES = [
  'venture_debt',
  'revenue_based_financing',
  'convertible_debt',
  'growth_equity',
] as const;
export type TDealType = (typeof DEAL_TYPES)[number];

export const TARGET_STAGES = ['Seed', 'Series A', 'Series B', 'Series C', 'Series D+', 'Pre-IPO'] as const;
export type TTargetStage = (typeof TARGET_STAGES)[number];

export const REVENUE_MODELS = [
  'recurring_preferred',
  'recurring_required',
  'mixed_revenue',
  'one_time_ok',
] as const;
export type TRevenueModel = (typeof REVENUE_MODELS)[number];

export const RISK_APPROACHES = ['conservative', 'moderate', 'aggressive'] as const;
export type TRiskApproach = (typeof RISK_APPROACHES)[number];

/** How strongly a protection (covenants, milestones, board observer) is asked for. */
export const PROTECTION_LEVELS = ['required', 'preferred', 'optional'] as const;
export type TProtectionLevel = (typeof PROTECTION_LEVELS)[number];

/** Spec 02 §9: default CAC payback 18 months; a new sector's minimum gross margin 0.4. */
export const DEFAULT_CAC_PAYBACK_MONTHS = 18;
export const DEFAULT_SECTOR_MIN_GROSS_MARGIN = 0.4;

/** The key a sector is stored under: trimmed, lowercased, runs of spaces turned into one underscore. */
export function sectorKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '_');
}

// Messages start with the field's path (e.g. `primary_markets.UK: ...`): zod hands the error
// function the full path of the issue, so the settings form can show where the problem is.
type IssueLike = { path?: PropertyKey[]; input?: unknown };
const pathOf = (iss: IssueLike) => (iss.path ?? []).map(String).join('.');
const named = (text: string) => (iss: IssueLike) => `${pathOf(iss)}: ${text}`;

// Stored in jsonb (numeric), so tiny fractions are storable and need no storable() rule.
const fraction = (what: string) =>
  z
    .number({ error: named(`${what} must be a number`) })
    .min(0, { error: named(`${what} must be between 0 and 1`) })
    .max(1, { error: named(`${what} must be between 0 and 1`) });

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, {
    error: (iss: IssueLike) =>
      `${pathOf(iss)}: ${JSON.stringify(iss.input)} is not a known ${what}; expected one of ${values.join(', ')}`,
  });

const uniqueList = <const T extends readonly [string, ...string[]]>(values: T, field: string, what: string) =>
  z
    .array(oneOf(values, what), { error: named(`must be a list of ${what}s`) })
    .refine((list) => new Set(list).size === list.length, {
      message: `${field}: each ${what} may appear only once`,
    });

const dealSize = z
  .number({ error: named('deal size must be a number') })
  .int({ error: named('deal size must be a whole number of euros') })
  .min(0, { error: named('deal size must not be negative') })
  .max(MAX_AMOUNT, { error: named('deal size is too large') });

export const ZSectorPreference = z.object({
  /**
   * The sector as the user typed it ("B2B SaaS"), shown in place of its key; the key is the
   * case-insensitive identity (sectorKey(name)). Absent on sectors saved before names were kept.
   */
  name: z
    .string({ error: named('sector name must be text') })
    .trim()
    .min(1)
    .max(200)
    .optional(),
  weight: fraction('weight'),
  min_gross_margin: fraction('minimum gross margin').default(DEFAULT_SECTOR_MIN_GROSS_MARGIN),
  focus_areas: z.array(z.string({ error: named('focus area must be text') })).default([]),
});
export type TSectorPreference = z.infer<typeof ZSectorPreference>;

export const ZFinancialRequirements = z.object({
  gross_margin_min: fraction('minimum gross margin'),
  monthly_churn_max: fraction('maximum monthly churn'),
  cac_payback_months: z.object({
    max: z
      .number({ error: named('maximum CAC payback must be a number of months') })
      .gt(0, { error: named('maximum CAC payback must be more than 0 months') })
      .max(120, { error: named('maximum CAC payback must be at most 120 months') })
      .default(DEFAULT_CAC_PAYBACK_MONTHS),
  }),
  revenue_model: oneOf(REVENUE_MODELS, 'revenue model'),
});
export type TFinancialRequirements = z.infer<typeof ZFinancialRequirements>;

export const ZRiskParameters = z.object({
  approach: oneOf(RISK_APPROACHES, 'investment approach'),
  covenant_protection: oneOf(PROTECTION_LEVELS, 'protection level'),
  milestone_based_funding: oneOf(PROTECTION_LEVELS, 'protection level'),
  board_observer_rights: oneOf(PROTECTION_LEVELS, 'protection level'),
});
export type TRiskParameters = z.infer<typeof ZRiskParameters>;

export const ZInvestmentThesis = z.object({
  /** [minimum, maximum] ticket in EUR. */
  deal_size_range: z
    .tuple([dealSize, dealSize], { error: named('must be [minimum, maximum]') })
    .refine(([min, max]) => min <= max, {
      message: 'deal_size_range: minimum deal size must not exceed the maximum',
    }),
  /** Market (country or region) name → weight 0–1. */
  primary_markets: z.record(z.string(), fraction('weight')).superRefine((markets, ctx) => {
    for (const name of Object.keys(markets)) {
      if (name.trim() === '') {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'primary_markets: a market name must not be blank',
        });
      } else if (name !== name.trim()) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `primary_markets.${name}: market name must not start or end with spaces`,
        });
      }
    }
  }),
  deal_types: uniqueList(DEAL_TYPES, 'deal_types', 'deal type'),
  target_stages: uniqueList(TARGET_STAGES, 'target_stages', 'stage'),
  /** sectorKey(name) → preference. */
  target_sectors: z.record(z.string(), ZSectorPreference).superRefine((sectors, ctx) => {
    for (const key of Object.keys(sectors)) {
      if (key.trim() === '') {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'target_sectors: a sector key must not be blank',
        });
      } else if (key !== sectorKey(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `target_sectors.${key}: sector key must be lowercase with underscores for spaces ("${sectorKey(key)}")`,
        });
      } else {
        const name = sectors[key]?.name;
        if (name !== undefined && sectorKey(name) !== key) {
          ctx.addIssue({
            code: 'custom',
            path: [key, 'name'],
            message: `target_sectors.${key}.name: "${name}" is not the sector ${key} (its key would be "${sectorKey(name)}")`,
          });
        }
      }
    }
  }),
  financial_requirements: ZFinancialRequirements,
  risk_parameters: ZRiskParameters,
});
/** A validated thesis (defaults filled in). */
export type TInvestmentThesis = z.infer<typeof ZInvestmentThesis>;
/** What a client may send: defaulted fields may be left out. */
export type TInvestmentThesisInput = z.input<typeof ZInvestmentThesis>;

/**
 * A sensible starting thesis for a European venture-debt lender: tickets of €2M–€25M to
 * Series A–C companies in the UK and the larger continental ecosystems, recurring-revenue
 * businesses with healthy margins, covenants required.
 */
export const DEFAULT_THESIS: TInvestmentThesis = {
  deal_size_range: [2_000_000, 25_000_000],
  primary_markets: {
    'United Kingdom': 1,
    Germany: 0.9,
    France: 0.85,
    Netherlands: 0.8,
    Nordics: 0.8,
    Ireland: 0.75,
    Switzerland: 0.7,
    Spain: 0.65,
    Belgium: 0.6,
    Austria: 0.6,
    Portugal: 0.55,
    Italy: 0.5,
    Poland: 0.4,
    Baltics: 0.4,
  },
  deal_types: ['venture_debt', 'revenue_based_financing'],
  target_stages: ['Series A', 'Series B', 'Series C'],
  target_sectors: {
    b2b_saas: {
      name: 'B2B SaaS',
      weight: 1,
      min_gross_margin: 0.65,
      focus_areas: ['vertical SaaS', 'infrastructure software', 'security'],
    },
    fintech: {
      name: 'Fintech',
      weight: 0.9,
      min_gross_margin: 0.5,
      focus_areas: ['payments', 'embedded finance', 'regtech', 'insurtech'],
    },
    healthtech: {
      name: 'Healthtech',
      weight: 0.8,
      min_gross_margin: 0.55,
      focus_areas: ['digital health', 'healthcare software', 'diagnostics'],
    },
    climate_tech: {
      name: 'Climate Tech',
      weight: 0.75,
      min_gross_margin: 0.4,
      focus_areas: ['energy software', 'carbon accounting', 'mobility'],
    },
    deeptech: {
      name: 'Deeptech',
      weight: 0.6,
      min_gross_margin: 0.5,
      focus_areas: ['AI infrastructure', 'semiconductors', 'robotics'],
    },
    marketplaces: {
      name: 'Marketplaces',
      weight: 0.6,
      min_gross_margin: 0.4,
      focus_areas: ['B2B marketplaces', 'managed marketplaces'],
    },
  },
  financial_requirements: {
    gross_margin_min: 0.5,
    monthly_churn_max: 0.03,
    cac_payback_months: { max: DEFAULT_CAC_PAYBACK_MONTHS },
    revenue_model: 'recurring_preferred',
  },
  risk_parameters: {
    approach: 'moderate',
    covenant_protection: 'required',
    milestone_based_funding: 'preferred',
    board_observer_rights: 'preferred',
  },
};
