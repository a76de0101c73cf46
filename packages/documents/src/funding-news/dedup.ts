/**
 * One round, many reports: how reports of the same round from several sources are recognised and
 * merged (decision 032). Two reports are the same round when the company's normalised name matches,
 * the stages do not contradict, they were published within DEDUP_WINDOW_DAYS of each other and the
 * amounts (in EUR) are within DEDUP_AMOUNT_TOLERANCE of each other or one is unknown.
 */
import { companyNameKey } from '../company-names.ts';
import type { ExtractedRound } from './extract.ts';

export const DEDUP_WINDOW_DAYS = 14;
export const DEDUP_AMOUNT_TOLERANCE = 0.2;
const DAY_MS = 86_400_000;

/** Two-week window number of a time: the bucket part of the stored key. */
export const windowOf = (iso: string) => Math.floor(new Date(iso).getTime() / (DEDUP_WINDOW_DAYS * DAY_MS));

const stageSlug = (stage: string | null) => (stage ?? 'unknown').toLowerCase().replace(/[^a-z0-9+]+/g, '-');

/** The stored key of a new announcement: company, stage and two-week window. */
export function dedupKey(round: Pick<ExtractedRound, 'company_name' | 'stage' | 'announced_at'>): string {
  return `${companyNameKey(round.company_name)}|${stageSlug(round.stage)}|${windowOf(round.announced_at)}`;
}

/**
 * The stored keys an earlier report of this round could have: the same company in this window and
 * the windows either side, under the same stage or, when either side does not know the stage, any.
 */
export function candidateKeys(
  round: Pick<ExtractedRound, 'company_name' | 'stage' | 'announced_at'>,
  stages: readonly string[],
): string[] {
  const company = companyNameKey(round.company_name);
  const window = windowOf(round.announced_at);
  const slugs = round.stage
    ? [stageSlug(round.stage), stageSlug(null)]
    : [stageSlug(null), ...stages.map(stageSlug)];
  return [window - 1, window, window + 1].flatMap((w) => slugs.map((slug) => `${company}|${slug}|${w}`));
}

export interface StoredRound {
  stage: string | null;
  amount_eur: number | null;
  announced_at: string;
}

/** Whether a stored announcement is another report of `round` (see the module comment). */
export function sameRound(
  stored: StoredRound,
  round: Pick<ExtractedRound, 'stage' | 'amount_eur' | 'announced_at'>,
): boolean {
  if (stored.stage && round.stage && stored.stage !== round.stage) return false;
  const apart = Math.abs(new Date(stored.announced_at).getTime() - new Date(round.announced_at).getTime());
  if (apart > DEDUP_WINDOW_DAYS * DAY_MS) return false;
  if (stored.amount_eur === null || round.amount_eur === null) return true;
  const larger = Math.max(stored.amount_eur, round.amount_eur);
  return Math.abs(stored.amount_eur - round.amount_eur) <= DEDUP_AMOUNT_TOLERANCE * larger;
}

/** An announcement's fields as merged from its reports. */
export type RoundFields = Omit<ExtractedRound, 'source' | 'evidence'> & {
  title: string;
  source_name: string;
  source_url: string | null;
};

/**
 * Merges two reports of one round: each field comes from the more confident report when it has it,
 * else from the other; investors are the union with the better report's lead first; the round is
 * dated by its earliest report; it is a rumour only while every report is; confidence is the higher
 * of the two.
 */
export function mergeRounds(a: RoundFields, b: RoundFields): RoundFields {
  const [best, other] = b.confidence_score > a.confidence_score ? [b, a] : [a, b];
  const pick = <K extends keyof RoundFields>(key: K, unknown: unknown = null): RoundFields[K] =>
    best[key] !== unknown && best[key] !== null ? best[key] : other[key];
  const amountFrom = best.amount_raised !== null ? best : other;
  const placeFrom = best.region !== 'Unknown' ? best : other;
  const seen = new Set<string>();
  const investors = [...best.investors, ...other.investors].filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    ...best,
    amount_raised: amountFrom.amount_raised,
    currency: amountFrom.currency,
    amount_eur: amountFrom.amount_eur,
    stage: pick('stage'),
    investors,
    lead_investor: best.lead_investor ?? other.lead_investor,
    region: placeFrom.region,
    country: placeFrom.country,
    sector: pick('sector', 'other'),
    announced_at: a.announced_at < b.announced_at ? a.announced_at : b.announced_at,
    // one report of the round as done confirms it
    rumoured: a.rumoured && b.rumoured,
    confidence_score: Math.max(a.confidence_score, b.confidence_score),
  };
}
