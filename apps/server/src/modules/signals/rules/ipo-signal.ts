import type { TDocumentType } from '@atempo/contracts';
import { normaliseStage } from '@atempo/scoring';
import { citeHit, firstPassageMatching } from './document-evidence.ts';
import type { RuleContext } from './rule-context.ts';
import {
  type DerivedSignal,
  type RoundFact,
  raisedPhrase,
  relevanceData,
  roundAmount,
  roundKind,
  roundSource,
  sourceSentence,
} from './signal-facts.ts';
import { isOurs, isRecent } from './signal-priority.ts';

/** Words that say a company plans to list (checked in a round's title and summary, and in documents). */
export const LISTING_PLANS =
  /\b(IPO|initial public offering|going public|go public|public listing|stock market listing|listing on the|to list on|flotation|float on)\b/i;
/** A round this large at Series D+ or growth stage is the last private money before a listing. */
export const LATE_STAGE_ROUND_EUR = 100_000_000;
/**
 * Contracts name an IPO as an event (repayment on a listing, a change of control), not as a plan:
 * their mentions are not read as listing plans.
 */
const CONTRACT_TYPES: ReadonlySet<TDocumentType> = new Set(['term_sheet', 'legal_agreement']);

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
 * late-stage round; a tracked company flagged with IPO signals; and a tracked company's document
 * (not a contract) mentioning listing plans. High when the company is ours.
 */
export function ipoSignals(context: RuleContext): DerivedSignal[] {
  return [...roundSignals(context), ...flaggedCompanySignals(context), ...documentSignals(context)];
}

function roundSignals(context: RuleContext): DerivedSignal[] {
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
      description: `${round.companyName} ${raisedPhrase(round)} in a ${roundKind(round)}; ${reasons.join('; ')}. ${sourceSentence(round)}`,
      relevanceScore: relevance.score,
      impactLevel: isOurs(tracked) && isRecent(round.announcedAt, context.now) ? 'high' : 'medium',
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
  return signals;
}

/** A company flagged by hand or by scoring: one standing signal per company, whatever the rounds. */
function flaggedCompanySignals(context: RuleContext): DerivedSignal[] {
  if (!context.fullScan) return [];
  const signals: DerivedSignal[] = [];
  for (const company of context.companies) {
    if (!company.ipoSignals) continue;
    const relevance = context.relevanceOfCompany(company);
    signals.push({
      dedupKey: `ipo_signal:company:${company.id}`,
      signalType: 'ipo_signal',
      companyName: company.name,
      companyId: company.id,
      announcementId: null,
      title: `${company.name} shows IPO signals`,
      description: `${company.name} is flagged with IPO signals in its company record.`,
      relevanceScore: relevance.score,
      // A standing flag, not this week's news.
      impactLevel: 'medium',
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
  return signals;
}

/** A tracked company's document speaking of listing plans: one standing signal per document, citing the page. */
function documentSignals(context: RuleContext): DerivedSignal[] {
  if (!context.fullScan) return [];
  const signals: DerivedSignal[] = [];
  for (const document of context.documents) {
    if (CONTRACT_TYPES.has(document.documentType)) continue;
    const company = context.companyById.get(document.companyId);
    const hit = company ? firstPassageMatching(document, LISTING_PLANS) : null;
    if (!company || !hit) continue;
    const source = citeHit(document, hit);
    const relevance = context.relevanceOfCompany(company);
    signals.push({
      dedupKey: `ipo_signal:document:${document.id}`,
      signalType: 'ipo_signal',
      companyName: company.name,
      companyId: company.id,
      announcementId: null,
      title: `${company.name}'s documents mention listing plans`,
      description: `${document.name} (${source.location.label}): "${source.excerpt}"`,
      relevanceScore: relevance.score,
      impactLevel: isOurs(company) && isRecent(document.processedAt, context.now) ? 'high' : 'medium',
      recommendedActions: IPO_ACTIONS(company.name),
      data: {
        rule: 'ipo_signal',
        reason: `a document of the company mentions listing plans ("${hit.found}")`,
        document: source,
        relevance: relevanceData(relevance),
      },
      occurredAt: document.processedAt,
    });
  }
  return signals;
}
