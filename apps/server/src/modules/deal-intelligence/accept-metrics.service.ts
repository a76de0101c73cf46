import type { TAcceptMetricsResult, TFinancialMetrics, TKeyMetricName } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { conflict } from '../../platform/errors.ts';
import * as companies from '../companies/index.ts';
import { recordDealActivity } from '../deal-activity/index.ts';
import * as deals from '../deals/index.ts';
import { type CurrentValues, planAcceptMetrics } from './accept-metrics-plan.ts';
import { analysedDocument } from './analysed-document.ts';

const NAMES: Partial<Record<TKeyMetricName, string>> = {
  arr: 'ARR',
  net_revenue_retention: 'NRR',
  cac_payback_months: 'CAC payback',
  runway_months: 'runway',
};
const label = (name: TKeyMetricName) => NAMES[name] ?? name.replaceAll('_', ' ');

/**
 * Writes chosen figures of an analysed document onto its deal's financial_metrics and its
 * company's fields, in one transaction: each record is updated through its own service (so it is
 * re-scored exactly as an edit would be, and the deal's score change is logged), then the deal
 * logs metrics_accepted with every old and new value. A dry run answers the same plan and writes
 * nothing, so the client can show old → new before the person confirms.
 */
export async function acceptMetrics(
  db: Database,
  caller: { organizationId: string; userId: string },
  documentId: string,
  request: { metrics: TKeyMetricName[]; dryRun: boolean; confirmOtherCompany?: boolean },
): Promise<TAcceptMetricsResult> {
  const { organizationId, userId } = caller;
  return db.transaction(async (tx) => {
    const { row, analysis } = await analysedDocument(tx, organizationId, documentId);
    const deal = row.dealId ? await deals.getDeal(tx, organizationId, row.dealId) : null;
    const companyId = deal?.company_id ?? row.companyId;
    if (!companyId) {
      throw conflict(
        `${row.name} belongs to no deal or company; link it to one before accepting its figures`,
        'DOCUMENT_NOT_LINKED',
      );
    }
    const company = await companies.getCompanyRow(tx, organizationId, companyId);
    // A document about another company writes onto this deal only when the person said so.
    const otherCompany = analysis.other_company ?? null;
    if (otherCompany && !request.dryRun && request.confirmOtherCompany !== true) {
      throw conflict(
        `${otherCompany.message} Its figures are written onto ${company.name} only with confirm_other_company: true.`,
        'OTHER_COMPANY',
      );
    }
    const current: CurrentValues = {
      deal: deal?.financial_metrics ?? null,
      company: {
        columns: {
          revenue: company.revenue,
          revenue_growth: company.revenueGrowth,
          employee_count: company.employeeCount,
          last_funding_amount: company.lastFundingAmount,
        },
        metrics: company.financialMetrics as TFinancialMetrics,
      },
    };
    const plan = planAcceptMetrics(request.metrics, analysis.key_metrics, current);
    const result: TAcceptMetricsResult = {
      dry_run: request.dryRun,
      deal_id: deal?.id ?? null,
      company_id: companyId,
      accepted: plan.accepted,
      skipped: plan.skipped,
      changes: plan.changes,
      notes: plan.notes,
      ...(otherCompany ? { other_company: otherCompany } : {}),
    };
    if (request.dryRun || plan.accepted.length === 0) return result;

    if (Object.keys(plan.companyPatch).length > 0) {
      await companies.updateCompany(tx, organizationId, companyId, plan.companyPatch);
    }
    if (deal && plan.dealMetrics) {
      const names = plan.accepted.map((metric) => label(metric.name)).join(', ');
      await recordDealActivity(tx, {
        organizationId,
        dealId: deal.id,
        actorId: userId,
        kind: 'metrics_accepted',
        summary: `Accepted ${plan.accepted.length === 1 ? 'a figure' : `${plan.accepted.length} figures`} from ${row.name}: ${names}`,
        details: {
          document_id: row.id,
          document_name: row.name,
          changes: plan.changes,
          notes: plan.notes,
          ...(otherCompany ? { other_company: otherCompany, confirmed_other_company: true } : {}),
          sources: Object.fromEntries(
            plan.accepted.map((metric) => [metric.name, analysis.key_metrics[metric.name]?.source ?? null]),
          ),
        },
      });
      // After the entry above, so the log reads: figures accepted, then the score they moved.
      await deals.updateDeal(tx, organizationId, deal.id, { financial_metrics: plan.dealMetrics }, userId);
    }
    return result;
  });
}
