import { answerCalculation } from './answers/calculation.ts';
import type { Composed } from './answers/composed.ts';
import { answerDeal } from './answers/deal.ts';
import { answerDocuments } from './answers/documents.ts';
import { answerInactive } from './answers/inactive.ts';
import { answerFundingStages, answerRanking } from './answers/insights.ts';
import { answerMarket } from './answers/market.ts';
import { answerMetricStat } from './answers/metric-stat.ts';
import { answerCompare, answerMetrics } from './answers/metrics.ts';
import { answerPortfolio } from './answers/portfolio.ts';
import { answerRedFlags } from './answers/red-flags.ts';
import { answerGroupShare, answerPipelinePercentage } from './answers/shares.ts';
import {
  answerDealSuperlative,
  answerFuture,
  answerPriorityCompanies,
  answerUnknownAttribute,
} from './answers/superlative.ts';
import { answerAmbiguousCompany, answerNotUnderstood, answerUnknownCompany } from './answers/unknown.ts';
import type { Intent } from './intents.ts';
import type { ToolSession } from './session.ts';

/** Each intent's tool plan and answer: the tools it calls, in order, and how their outputs read. */
export function compose(session: ToolSession, intent: Intent): Promise<Composed> {
  switch (intent.kind) {
    case 'red_flags':
      return answerRedFlags(session, intent);
    case 'portfolio':
      return answerPortfolio(session, intent);
    case 'metrics':
      return answerMetrics(session, intent);
    case 'compare':
      return answerCompare(session, intent);
    case 'calculation':
      return answerCalculation(session, intent);
    case 'inactive':
      return answerInactive(session, intent);
    case 'documents':
      return answerDocuments(session, intent);
    case 'deal':
      return answerDeal(session, intent);
    case 'market':
      return answerMarket(session, intent);
    case 'ranking':
      return answerRanking(session, intent);
    case 'pipeline_percentage':
      return answerPipelinePercentage(session, intent);
    case 'group_share':
      return answerGroupShare(session, intent);
    case 'metric_stat':
      return answerMetricStat(session, intent);
    case 'deal_superlative':
      return answerDealSuperlative(session, intent);
    case 'priority_companies':
      return answerPriorityCompanies(session, intent);
    case 'unknown_attribute':
      return Promise.resolve(answerUnknownAttribute(intent));
    case 'future':
      return Promise.resolve(answerFuture());
    case 'funding_stages':
      return answerFundingStages(session, intent);
    case 'ambiguous_company':
      return Promise.resolve(answerAmbiguousCompany(intent));
    case 'unknown_company':
      return Promise.resolve(answerUnknownCompany(intent));
    default:
      return Promise.resolve(answerNotUnderstood());
  }
}
