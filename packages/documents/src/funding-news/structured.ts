/**
 * A round given as fields (a CSV export row) rather than prose: the same shapes and confidence as
 * an extracted article, so imports and articles merge into the same announcements.
 */
import type { TFundingSector } from '@atempo/contracts';
import { parseAmountCell } from '../analyst/amounts.ts';
import { convert, DEFAULT_FX_RATES, type FxRates } from '../analyst/fx-rates.ts';
import type { ExtractedRound } from './extract.ts';
import { findStage } from './stage.ts';

export interface RoundFieldsInput {
  company_name: string;
  /** As the export writes it: "Series A", "series_b", "Seed", "Venture - Series Unknown", "Debt Financing". */
  round_type: string | null;
  amount: number | null;
  currency: string | null;
  announced_at: string | null;
  investors: string[];
  lead_investors: string[];
  country: string | null;
  region: ExtractedRound['region'] | null;
  sector: TFundingSector | null;
  source: string;
}

export const CSV_CONFIDENCE_CAP = 0.8;

/** Crunchbase round types the stage words do not cover. */
const ROUND_TYPES: Record<string, ExtractedRound['stage']> = {
  angel: 'Pre-Seed',
  'pre seed': 'Pre-Seed',
  'private equity': 'Growth',
  'post ipo equity': 'Growth',
  'debt financing': 'Debt',
  debt: 'Debt',
  'venture debt': 'Debt',
};

export function stageFromRoundType(roundType: string | null): ExtractedRound['stage'] {
  if (!roundType) return null;
  const words = roundType.toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (/series unknown/.test(words)) return null;
  // a round-type cell names a stage, so a bare "seed" is one (in prose it needs round words)
  return ROUND_TYPES[words] ?? findStage(`${words} round`);
}

export function roundFromFields(
  input: RoundFieldsInput,
  options: { fxRates?: FxRates; now?: Date } = {},
): ExtractedRound {
  const fx = options.fxRates ?? DEFAULT_FX_RATES;
  const eur = input.amount !== null && input.currency ? convert(input.amount, input.currency, fx) : null;
  const stage = stageFromRoundType(input.round_type);
  const seen = new Set<string>();
  const investors = [...input.lead_investors, ...input.investors].filter((name) => {
    const key = name.toLowerCase();
    if (!name || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const announced = input.announced_at ?? (options.now ?? new Date()).toISOString();
  const region = input.region ?? 'Unknown';
  const sector = input.sector ?? 'other';
  // A row's fields are stated, not read from prose: each present field counts fully. An export is
  // a third party's uncorroborated record, so its confidence is scaled to at most 0.8: an import on
  // its own never passes the "confidence above 0.8" high-priority rule (decision 032).
  let score = 0.3;
  if (input.amount !== null) score += 0.3;
  if (stage) score += 0.15;
  if (investors.length > 0) score += 0.1;
  if (region !== 'Unknown') score += 0.1;
  if (sector !== 'other') score += 0.05;
  return {
    company_name: input.company_name,
    amount_raised: input.amount,
    currency: input.amount !== null ? input.currency : null,
    amount_eur: eur?.value ?? null,
    stage,
    investors,
    lead_investor: input.lead_investors[0] ?? null,
    region,
    country: input.country,
    sector,
    announced_at: announced,
    rumoured: false,
    confidence_score: Math.round(score * CSV_CONFIDENCE_CAP * 100) / 100,
    source: input.source,
    evidence: {
      amount_text: null,
      fx_rate: eur?.rate ?? null,
      fx_rate_date: eur?.rate_date ?? null,
      name_clear: true,
    },
  };
}

export interface AmountCell {
  value: number;
  /** From a marker in the cell ("$12.5M"), else null (the caller's currency column decides). */
  currency: string | null;
}

/** An export's amount cell: "12500000", "12,500,000", "$12.5M", "€ 3 million"; null when it is not one. */
export function readAmountCell(text: string): AmountCell | null {
  const cell = parseAmountCell(text);
  if (!cell || cell.percent || cell.multiple || !(cell.value > 0)) return null;
  return { value: Math.round(cell.value * 100) / 100, currency: cell.currency };
}
