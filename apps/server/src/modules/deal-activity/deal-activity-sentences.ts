import { STAGE_LABELS, type TDealStage } from '@atempo/contracts';
import type { DealActivityEntry } from './deal-activity.repository.ts';

/**
 * The sentences of a deal's activity log. Figures are written exactly (amounts to the euro,
 * scores to the one decimal the engine rounds to), and every entry keeps {from, to} in its details
 * so a screen can show them its own way.
 */

const stageLabel = (stage: string) => STAGE_LABELS[stage as TDealStage] ?? stage;

const wholeEuros = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const euroCents = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
});

/** "€7,500,000", "€1,250,000.50": the exact amount, never rounded to millions in a log. */
export const formatEuro = (amount: number) =>
  (Number.isInteger(amount) ? wholeEuros : euroCents).format(amount);

/** "6.2", or "unscored". Matches the SQL of score-change-log.ts: round(x::numeric, 1)::text. */
export const formatScore = (score: number | null) => (score === null ? 'unscored' : score.toFixed(1));

/** "moderate risk", or "none" before the first scoring. */
export const formatRedFlagLevel = (level: string | null) =>
  level === null ? 'none' : level.replaceAll('_', ' ');

type Subject = Pick<DealActivityEntry, 'organizationId' | 'dealId' | 'actorId'>;

export function dealCreated(
  subject: Subject,
  deal: { companyName: string; amountRequested: number; stage: string; dealNumber: number },
  via: 'api' | 'csv_import',
): DealActivityEntry {
  const how = via === 'csv_import' ? 'imported from CSV' : 'created';
  return {
    ...subject,
    kind: 'deal_created',
    summary: `Deal #${deal.dealNumber} ${how} for ${deal.companyName}: ${formatEuro(deal.amountRequested)} requested at ${stageLabel(deal.stage)}`,
    details: {
      via,
      deal_number: deal.dealNumber,
      company_name: deal.companyName,
      amount_requested: deal.amountRequested,
      stage: deal.stage,
    },
  };
}

export function stageChanged(subject: Subject, from: string, to: string): DealActivityEntry {
  return {
    ...subject,
    kind: 'stage_changed',
    summary: `Stage changed from ${stageLabel(from)} to ${stageLabel(to)}`,
    details: { from, to },
  };
}

export function amountChanged(subject: Subject, from: number, to: number): DealActivityEntry {
  return {
    ...subject,
    kind: 'amount_changed',
    summary: `Amount requested changed from ${formatEuro(from)} to ${formatEuro(to)}`,
    details: { from, to },
  };
}

export interface ScoreState {
  thematic_score: number | null;
  red_flag_level: string | null;
  /** The identifier (flag_type) of each red flag raised, in the engine's order; none before scoring. */
  red_flags: string[];
}

/** The identifiers of a stored red-flag list (the SQL of score-change-log.ts reads them the same way). */
export function redFlagIds(flags: unknown): string[] {
  if (!Array.isArray(flags)) return [];
  return flags.flatMap((flag) => {
    const id = (flag as { flag_type?: unknown } | null)?.flag_type;
    return typeof id === 'string' ? [id] : [];
  });
}

/** The red flags raised in `to` that `from` did not have. */
export const newRedFlags = (from: readonly string[], to: readonly string[]) =>
  to.filter((id) => !from.includes(id));

/**
 * "Thematic score changed from 6.2 to 7.1", "Red-flag level changed from low risk to moderate
 * risk", "New red flag: short runway", or several joined: "Thematic score changed from 6.2 to 7.1;
 * new red flags: short runway, high burn". Answers null when none of these changed (a re-score that
 * only moved a breakdown, or only cleared a flag, is not news). The rescore writes the same
 * sentence in SQL (score-change-log.ts).
 */
export function scoreChanged(subject: Subject, from: ScoreState, to: ScoreState): DealActivityEntry | null {
  const score = from.thematic_score !== to.thematic_score;
  const level = from.red_flag_level !== to.red_flag_level;
  const added = newRedFlags(from.red_flags, to.red_flags);
  if (!score && !level && added.length === 0) return null;
  const parts: string[] = [];
  if (score)
    parts.push(
      `thematic score changed from ${formatScore(from.thematic_score)} to ${formatScore(to.thematic_score)}`,
    );
  if (level) {
    parts.push(
      `red-flag level changed from ${formatRedFlagLevel(from.red_flag_level)} to ${formatRedFlagLevel(to.red_flag_level)}`,
    );
  }
  if (added.length > 0) {
    const labels = added.map((id) => id.replaceAll('_', ' ')).join(', ');
    parts.push(`new red flag${added.length === 1 ? '' : 's'}: ${labels}`);
  }
  const joined = parts.join('; ');
  const summary = joined.charAt(0).toUpperCase() + joined.slice(1);
  return { ...subject, kind: 'score_changed', summary, details: { from, to } };
}

/** For the upload pipeline: the document events of a deal's log, one sentence each. */
type DocumentRef = { id: string; name: string };

export function documentAdded(subject: Subject, document: DocumentRef): DealActivityEntry {
  return {
    ...subject,
    kind: 'document_added',
    summary: `Document added: ${document.name}`,
    details: { document_id: document.id, document_name: document.name },
  };
}

export function documentAnalysed(
  subject: Subject,
  document: DocumentRef & { documentType: string; metrics: number; riskFlags: number },
): DealActivityEntry {
  const type = document.documentType.replaceAll('_', ' ');
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return {
    ...subject,
    kind: 'document_analysed',
    summary: `${document.name} analysed as a ${type}: ${count(document.metrics, 'figure')}, ${count(document.riskFlags, 'risk flag')}`,
    details: {
      document_id: document.id,
      document_name: document.name,
      document_type: document.documentType,
      metrics: document.metrics,
      risk_flags: document.riskFlags,
    },
  };
}

export function documentFailed(
  subject: Subject,
  document: DocumentRef & { error: string },
): DealActivityEntry {
  return {
    ...subject,
    kind: 'document_failed',
    summary: document.error,
    details: { document_id: document.id, document_name: document.name },
  };
}

export function documentDeleted(subject: Subject, document: DocumentRef): DealActivityEntry {
  return {
    ...subject,
    kind: 'document_deleted',
    summary: `Document deleted: ${document.name}`,
    details: { document_id: document.id, document_name: document.name },
  };
}
