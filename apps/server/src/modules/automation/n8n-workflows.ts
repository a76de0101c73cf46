import {
  horizonMonths,
  type TExtractedMetric,
  type TKeyMetric,
  type TN8nMetricsExtractionRequest,
  type TN8nScenarioForecastRequest,
  type TN8nUploadDeckRequest,
  type TScenarioForecastResult,
  ZN8nMetricsExtractionRequest,
  ZN8nScenarioForecastRequest,
  ZN8nUploadDeckRequest,
} from '@atempo/contracts';
import {
  type ForecastCase,
  type ForecastDocument,
  forecastScenarios,
  gatherForecastFacility,
  gatherForecastInputs,
} from '@atempo/scoring';
import {
  StepFailed,
  StepSkipped,
  type WorkflowDefinition,
  type WorkflowRun,
} from '../../platform/workflows/index.ts';
import { latestExecutionFor } from '../../platform/workflows/workflow-status.ts';
import {
  type DealDocument,
  type DealSubject,
  findDealDocumentByName,
  findDealSubject,
  listDealDocuments,
} from './deal-subject.repository.ts';

/**
 * The workflows behind the n8n-compatible endpoints (decision 030): each a few steps over the
 * organisation's own data, run by the workflow runner, every step logged.
 */

export const N8N_WORKFLOW_TYPES = {
  uploadDeck: 'n8n_upload_deck',
  metricsExtraction: 'n8n_metrics_extraction',
  scenarioForecasts: 'n8n_scenario_forecasts',
} as const;

/** The deal, read again when the job runs: it may have been deleted since the call (no retry brings it back). */
async function dealOf(run: WorkflowRun<{ deal_id: string }>): Promise<DealSubject> {
  const deal = await findDealSubject(run.deps.db, run.organizationId, run.input.deal_id);
  if (!deal) throw new StepFailed('The deal no longer exists');
  return deal;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

// upload-deck: find the uploaded document by its file name, report its processing and analysis.

interface FoundDocument {
  document_id: string;
  name: string;
  status: string;
  document_type: string | null;
  created_at: string;
}

export const uploadDeckWorkflow: WorkflowDefinition<TN8nUploadDeckRequest> = {
  type: N8N_WORKFLOW_TYPES.uploadDeck,
  input: ZN8nUploadDeckRequest,
  steps: [
    {
      name: 'find_document',
      run: async (run) => {
        const deal = await dealOf(run);
        const document = await findDealDocumentByName(
          run.deps.db,
          run.organizationId,
          deal,
          run.input.file_name,
        );
        if (!document) {
          throw new StepFailed(
            `No document named '${run.input.file_name}' was uploaded to deal #${deal.number}`,
          );
        }
        await run.log('info', `Found '${document.name}' on deal #${deal.number}`, {
          document_id: document.id,
        });
        return {
          document_id: document.id,
          name: document.name,
          status: document.status,
          document_type: document.documentType,
          created_at: document.createdAt.toISOString(),
        } satisfies FoundDocument;
      },
    },
    {
      name: 'processing_status',
      run: async (run) => {
        const found = run.outputs.find_document as FoundDocument;
        const execution = await latestExecutionFor(run.deps.db, run.organizationId, found.document_id);
        const processing = execution
          ? {
              execution_id: execution.id,
              status: execution.status,
              stage: execution.stage,
              progress: execution.progress,
              error: execution.error,
            }
          : { execution_id: null, status: found.status, stage: null, progress: null, error: null };
        await run.log('info', `Processing is ${processing.status}`, processing);
        return processing;
      },
    },
    {
      name: 'analysis',
      run: async (run) => {
        const found = run.outputs.find_document as FoundDocument;
        const deal = await dealOf(run);
        const document = await findDealDocumentByName(run.deps.db, run.organizationId, deal, found.name);
        if (!document || document.status === 'processing')
          throw new StepSkipped('The document is still being analysed');
        if (document.status === 'failed') {
          throw new StepSkipped(
            `The document could not be analysed: ${document.error ?? 'no reason recorded'}`,
          );
        }
        const analysis = document.analysis ?? {};
        const metrics = Object.keys(analysis.key_metrics ?? {});
        await run.log(
          'info',
          `Analysed as ${document.documentType ?? 'other'}: ${metrics.length} metrics, ${(analysis.risk_flags ?? []).length} risk flags`,
        );
        return {
          document_type: document.documentType,
          confidence_score: analysis.confidence_score ?? null,
          content_summary: analysis.content_summary ?? null,
          key_metrics: analysis.key_metrics ?? {},
          risk_flags: analysis.risk_flags ?? [],
          action_items: analysis.action_items ?? [],
          processed_at: iso(document.processedAt),
        };
      },
    },
  ],
  result: (outputs) => ({
    document: outputs.find_document ?? null,
    processing: outputs.processing_status ?? null,
    analysis: outputs.analysis ?? null,
  }),
};

// metrics-extraction: the extracted metrics of the deal's documents, each cited.

const analysed = (documents: DealDocument[]) =>
  documents.filter((document) => document.status === 'completed');

export const metricsExtractionWorkflow: WorkflowDefinition<TN8nMetricsExtractionRequest> = {
  type: N8N_WORKFLOW_TYPES.metricsExtraction,
  input: ZN8nMetricsExtractionRequest,
  steps: [
    {
      name: 'find_documents',
      run: async (run) => {
        const deal = await dealOf(run);
        const all = analysed(await listDealDocuments(run.deps.db, run.organizationId, deal));
        const wanted = run.input.document_type;
        const ofType = wanted === 'all' ? all : all.filter((document) => document.documentType === wanted);
        const chosen = ofType.length > 0 ? ofType : all;
        if (ofType.length === 0 && wanted !== 'all' && all.length > 0) {
          await run.log(
            'warn',
            `No ${wanted} document on deal #${deal.number}: reading all ${all.length} analysed documents`,
          );
        }
        if (chosen.length === 0) throw new StepSkipped(`Deal #${deal.number} has no analysed document`);
        await run.log('info', `${chosen.length} analysed documents to read`);
        return {
          document_type_matched: ofType.length > 0 || wanted === 'all',
          documents: chosen.map((document) => ({
            id: document.id,
            name: document.name,
            document_type: document.documentType,
          })),
        };
      },
    },
    {
      name: 'gather_metrics',
      run: async (run) => {
        const found = run.outputs.find_documents as { documents: { id: string }[] } | undefined;
        if (!found) throw new StepSkipped('No documents to read');
        const deal = await dealOf(run);
        const ids = new Set(found.documents.map((document) => document.id));
        const documents = analysed(await listDealDocuments(run.deps.db, run.organizationId, deal)).filter(
          (d) => ids.has(d.id),
        );
        const metrics: TExtractedMetric[] = [];
        for (const document of documents) {
          for (const [name, metric] of Object.entries(document.analysis?.key_metrics ?? {}) as [
            string,
            TKeyMetric,
          ][]) {
            metrics.push({
              name,
              value: metric.value,
              unit: metric.unit,
              currency: metric.currency,
              period: metric.period,
              ...(metric.months_covered !== undefined ? { months_covered: metric.months_covered } : {}),
              document_id: document.id,
              document_name: document.name,
              source: metric.source,
            });
          }
        }
        await run.log('info', `${metrics.length} metrics gathered from ${documents.length} documents`);
        return { metrics };
      },
    },
    {
      name: 'summarise',
      run: async (run) => {
        const gathered = run.outputs.gather_metrics as { metrics: TExtractedMetric[] } | undefined;
        if (!gathered) throw new StepSkipped('No metrics were gathered');
        // Newest document first, so each name's first value is the latest reading.
        const latest: Record<string, TExtractedMetric> = {};
        const conflicts: {
          name: string;
          period: string | null;
          values: { value: number; document_name: string }[];
        }[] = [];
        const byNamePeriod = new Map<string, TExtractedMetric[]>();
        for (const metric of gathered.metrics) {
          latest[metric.name] ??= metric;
          // A quarter's revenue and a monthly rate named for the same quarter are not in conflict.
          const key = `${metric.name}|${metric.period ?? ''}|${metric.months_covered ?? ''}`;
          byNamePeriod.set(key, [...(byNamePeriod.get(key) ?? []), metric]);
        }
        for (const group of byNamePeriod.values()) {
          if (new Set(group.map((metric) => metric.value)).size > 1) {
            conflicts.push({
              name: group[0]!.name,
              period: group[0]!.period,
              values: group.map((metric) => ({ value: metric.value, document_name: metric.document_name })),
            });
          }
        }
        if (conflicts.length > 0)
          await run.log('warn', `${conflicts.length} metrics differ between documents`, conflicts);
        return { latest, conflicts };
      },
    },
  ],
  result: (outputs) => {
    const found = outputs.find_documents as
      | { documents: unknown[]; document_type_matched: boolean }
      | undefined;
    const gathered = outputs.gather_metrics as { metrics: TExtractedMetric[] } | undefined;
    const summary = outputs.summarise as { latest: unknown; conflicts: unknown[] } | undefined;
    return {
      documents: found?.documents ?? [],
      document_type_matched: found?.document_type_matched ?? false,
      metrics: gathered?.metrics ?? [],
      latest: summary?.latest ?? {},
      conflicts: summary?.conflicts ?? [],
    };
  },
};

// scenario-forecasts: the model of packages/scoring over the deal's cited figures.

const cents = (value: number) => Math.round(value * 100) / 100;

function publicCase(projection: ForecastCase) {
  return {
    annual_growth: projection.annual_growth,
    months: projection.months.map((month) => ({
      month: month.month,
      revenue: cents(month.revenue),
      burn: cents(month.burn),
      cash: cents(month.cash),
      cash_with_facility: month.cash_with_facility === null ? null : cents(month.cash_with_facility),
    })),
    cash_out_month: projection.cash_out_month,
    cash_out_month_with_facility: projection.cash_out_month_with_facility,
  };
}

export const scenarioForecastWorkflow: WorkflowDefinition<TN8nScenarioForecastRequest> = {
  type: N8N_WORKFLOW_TYPES.scenarioForecasts,
  input: ZN8nScenarioForecastRequest,
  steps: [
    {
      name: 'gather_inputs',
      run: async (run) => {
        const deal = await dealOf(run);
        const documents: ForecastDocument[] = analysed(
          await listDealDocuments(run.deps.db, run.organizationId, deal),
        ).map((document) => ({
          name: document.name,
          analysis: {
            key_metrics: document.analysis?.key_metrics ?? {},
            facility_terms: document.analysis?.facility_terms ?? null,
          },
        }));
        const dealFacts = {
          number: deal.number,
          financial_metrics: deal.financialMetrics,
          suggested_facility: deal.suggestedFacility,
        };
        const inputs = gatherForecastInputs(
          dealFacts,
          {
            name: deal.company.name,
            financial_metrics: deal.company.financialMetrics,
            revenue: deal.company.revenue,
            revenue_growth: deal.company.revenueGrowth,
          },
          documents,
        );
        const facility = gatherForecastFacility(dealFacts, documents);
        const found = Object.entries(inputs)
          .filter(([, figure]) => figure)
          .map(([name]) => name);
        await run.log(
          'info',
          `Inputs found: ${found.join(', ') || 'none'}; facility ${facility ? 'known' : 'not in the data'}`,
        );
        return { company_name: deal.company.name, inputs, facility };
      },
    },
    {
      name: 'project',
      run: async (run): Promise<TScenarioForecastResult> => {
        const gathered = run.outputs.gather_inputs as {
          company_name: string;
          inputs: Parameters<typeof forecastScenarios>[0];
          facility: Parameters<typeof forecastScenarios>[1];
        };
        const forecast = forecastScenarios(
          gathered.inputs,
          gathered.facility,
          horizonMonths(run.input.time_horizon),
        );
        for (const note of forecast.notes) await run.log('warn', note);
        if (forecast.cases) {
          const { base, downside } = forecast.cases;
          await run.log(
            'info',
            `Base case cash below zero in month ${base.cash_out_month ?? 'none'} (${base.cash_out_month_with_facility ?? 'none'} with the facility); downside month ${downside.cash_out_month ?? 'none'}`,
          );
        }
        return {
          deal_id: run.input.deal_id,
          company_name: gathered.company_name,
          forecast_type: run.input.forecast_type,
          time_horizon: run.input.time_horizon,
          horizon_months: forecast.horizon_months,
          currency: 'EUR',
          status: forecast.status,
          cases: forecast.cases
            ? {
                base: publicCase(forecast.cases.base),
                upside: publicCase(forecast.cases.upside),
                downside: publicCase(forecast.cases.downside),
              }
            : null,
          assumptions: forecast.assumptions,
          missing: forecast.missing,
          notes: forecast.notes,
        };
      },
    },
  ],
};
