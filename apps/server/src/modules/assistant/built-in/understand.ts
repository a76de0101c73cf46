import { unmatchedNames } from './company-mentions.ts';
import { ambiguousCompanyRule } from './intent-rules/ambiguous-company.ts';
import { calculationRule } from './intent-rules/calculation.ts';
import { compareRule } from './intent-rules/compare.ts';
import { dealOverviewRule } from './intent-rules/deal-overview.ts';
import { dealSuperlativeRule } from './intent-rules/deal-superlative.ts';
import { documentsRule } from './intent-rules/documents.ts';
import { fundingStagesRule } from './intent-rules/funding-stages.ts';
import { futureRule } from './intent-rules/future.ts';
import { inactiveRule } from './intent-rules/inactive.ts';
import { marketRule } from './intent-rules/market.ts';
import { metricStatRule } from './intent-rules/metric-stat.ts';
import { metricsRule } from './intent-rules/metrics.ts';
import { missingDocumentsRule } from './intent-rules/missing-documents.ts';
import { portfolioRule } from './intent-rules/portfolio.ts';
import { priorityRule } from './intent-rules/priority.ts';
import { rankingRule } from './intent-rules/ranking.ts';
import { redFlagsRule } from './intent-rules/red-flags.ts';
import type { IntentRule, QuestionContext, UnderstandInput } from './intent-rules/rule.ts';
import { groupShareRule, pipelinePercentageRule } from './intent-rules/shares.ts';
import { similarDealsRule } from './intent-rules/similar-deals.ts';
import { isFollowUp, toSubject } from './intent-rules/subjects.ts';
import { suppliedCalculationRule } from './intent-rules/supplied-calculation.ts';
import { unknownCompanyRule } from './intent-rules/unknown-company.ts';
import type { Intent, Subject, Understanding } from './intents.ts';
import { findTimeWindow } from './question.ts';
import { findCalculation } from './question-terms/find-calculation.ts';
import { findMetrics } from './question-terms/find-metrics.ts';
import { findSeverity } from './question-terms/find-severity.ts';
import { findStages } from './question-terms/find-stages.ts';

export type { UnderstandInput } from './intent-rules/rule.ts';
export { findSector } from './question-terms/find-place.ts';
export { findMetrics, findSeverity, findStages };

/**
 * Question understanding, deterministic: the question's words decide the intent; the companies it
 * names (already matched against the organisation), the deal in context and the conversation so
 * far fill in who it is about. No model, no network: the same question always gets the same plan.
 */

/** One rule per intent, tried in this order: the first that recognises the question decides. */
const RULES: readonly IntentRule[] = [
  ambiguousCompanyRule,
  suppliedCalculationRule,
  pipelinePercentageRule,
  futureRule,
  priorityRule,
  inactiveRule,
  groupShareRule,
  calculationRule,
  missingDocumentsRule,
  documentsRule,
  redFlagsRule,
  fundingStagesRule,
  compareRule,
  similarDealsRule,
  marketRule,
  metricStatRule,
  dealSuperlativeRule,
  metricsRule,
  rankingRule,
  portfolioRule,
  dealOverviewRule,
  unknownCompanyRule,
];

export function understand(input: UnderstandInput): Understanding {
  const context = questionContext(input);
  for (const rule of RULES) {
    const understood = rule(context);
    if (understood) return understood;
  }
  return { intent: { kind: 'unknown' }, match: 0, notes: context.notes };
}

function questionContext(input: UnderstandInput): QuestionContext {
  const { question } = input;
  const notes: string[] = [];
  const metrics = findMetrics(question);
  const dealSubject: Subject | null = input.dealId
    ? { kind: 'deal', deal_id: input.dealId, name: null }
    : null;
  const named = input.mentions.map(toSubject);
  // The company named in this question, else the deal in context, else the last company named.
  const subject = named[0] ?? dealSubject;
  const followUpSubject = input.previousMentions[0] ? toSubject(input.previousMentions[0]) : null;
  return {
    input,
    question,
    notes,
    metrics,
    stages: findStages(question),
    severity: findSeverity(question),
    window: findTimeWindow(question, input.now),
    calculation: findCalculation(question),
    dealSubject,
    named,
    subject,
    followUpSubject,
    unknownNames: unmatchedNames(question.original, input.mentions),
    subjectOrFollowUp: subject ?? (isFollowUp(question) || metrics.length > 0 ? followUpSubject : null),
    sure: (intent: Intent, match: number): Understanding => ({ intent, match, notes }),
  };
}
