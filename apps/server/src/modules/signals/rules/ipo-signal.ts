import { normaliseStage } from '@atempo/scoring';
import { scoreRelevance } from '../signal-relevance.ts';
import type { RuleContext } from './rule-context.ts';
import {
  type DerivedSignal,
  type RoundFact,
  relevanceData,
  roundAmount,
  roundKind,
  roundSource,
  sourceSentence,
} from './signal-facts.ts';

/** Words that say a company plans to list (checked in the title and summary of a round). */
export const LISTING_PLANS =
  /\b(IPO|initial public offering|going public|go public|public listing|stock market listing|listing on the|to list on|flotation|float on)\b/i;
/** A round this large at Series D+ or growth stage is the last private money before a listing. */
export const LATE_STAGE_ROUND_EUR = 100_000_000;

function listingMention(round: RoundFact): string | null {
  for (const text of [round.title, round.summary ?? '']) {
    const match = LISTING_PLANS.exec(text);
    if (match) return match[0];
  }
  return null;
}

function isLateStage(round: RoundFact): boolean {
  const stage = round.stage ? normaliseStage(round.stage) : null;
  if (stage === 'Pre-IPO') return true;
  const growth = stage === 'Series D+' || round.stage?.toLowerCase() === 'growth';
  return growth && round.amountEur !== null && round.amountEur >= LATE_STAGE_ROUND_EUR;
}

const IPO_ACTIONS = (name: string) => [
  `Offer ${name} a pre-IPO bridge or a refinancing of existing debt before the listing`,
  `Check ${name}'s existing facilities for change-of-control and prepayment terms`,
];

/**
 * ipo_signal: a round whose report mentions listing plans; a tracked company's pre-IPO or large
 * late-stage round; and a tracked company flagged with IPO signals. High when the company is ours.
 */
export function ipoSignals(context: RuleContext): DerivedSignal[] {
  const signals: DerivedSignal[] = [];
  for (const round of context.focus) {
    const tracked = round.companyId ? context.companyById.get(round.companyId) : undefined;
    const mention = listingMention(round);
    const lateStage = tracked !== undefined && isLateStage(round);
    if (!mention && !lateStage) continue;
    const reasons: string[] = [];
    if (mention) reasons.push(`the report mentions listing plans ("${mention}")`);
    if (lateStage) {
      reasons.push(
        round.stage && normaliseStage(round.stage) === 'Pre-IPO'
          ? 'a tracked company raised a pre-IPO round'
          : `a tracked company raised a late-stage round of ${roundAmount(round)} (from €100M counts)`,
      );
    }
    const relevance = context.relevanceOf(round);
    signals.push({
      dedupKey: `ipo_signal:announcement:${round.id}`,
      signalType: 'ipo_signal',
      companyName: round.companyName,
      companyId: tracked?.id ?? null,
      announcementId: round.id,
      title: `${round.companyName} may be preparing to list`,
      description: `${round.companyName} raised ${roundAmount(round)} in a ${roundKind(round)}; ${reasons.join('; ')}. ${sourceSentence(round)}`,
      relevanceScore: relevance.score,
      impactLevel: tracked ? 'high' : 'medium',
      recommendedActions: IPO_ACTIONS(round.companyName),
      data: {
        rule: 'ipo_signal',
        reason: reasons.join('; '),
        round: roundSource(round),
        relevance: relevanceData(relevance),
      },
      occurredAt: round.announcedAt,
    });
  }
  // A company flagged by hand or by scoring: one standing signal per company, whatever the rounds.
  if (context.focus.length === context.rounds.length) {
    for (const company of context.companies) {
      if (!company.ipoSignals) continue;
      const relevance = scoreRelevance(
        { sector: company.industry, geography: company.country, stage: company.stage, amountEur: null },
        context.thesis,
      );
      signals.push({
        dedupKey: `ipo_signal:company:${company.id}`,
        signalType: 'ipo_signal',
        companyName: company.name,
        companyId: company.id,
        announcementId: null,
        title: `${company.name} shows IPO signals`,
        description: `${company.name} is flagged with IPO signals in its company record.`,
        relevanceScore: relevance.score,
        impactLevel: 'high',
        recommendedActions: IPO_ACTIONS(company.name),
        data: {
          rule: 'ipo_signal',
          reason: 'the company record has ipo_signals set',
          company: { id: company.id, ipo_signals: true },
          relevance: relevanceData(relevance),
        },
        occurredAt: context.now,
      });
    }
  }
  return signals;
}
