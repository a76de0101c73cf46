import { DEFAULT_THESIS, type TCitation, type TSourcedMetric } from '@atempo/contracts';
import {
  annualRevenueOf,
  CALCULATION_INPUTS,
  CALCULATION_LABELS,
  calculate,
  isRevenueMetric,
  monthlyBurnOf,
  type SourcedValue,
} from '@atempo/scoring';
import { getThesis } from '../../thesis/index.ts';
import { calculationCitation, documentCitation } from './citations.ts';
import { metricKey } from './metric-names.ts';
import { recordCitations, type SourcedMetrics, sourcedMetricsOf } from './sourced-metrics.ts';
import { resolveSubject } from './subject.source.ts';
import { defineTool } from './tool.ts';

type Input = { name: string; value: number; source: string; run_rate?: true };

/**
 * The calculation input a recorded or document metric provides, or null. A document's net burn is
 * the monthly burn it gives (monthlyBurnOf: a year's total ÷ 12), its revenue the annual revenue
 * it gives (annualRevenueOf: a quarter's × 4, MRR as ARR × 12), the arithmetic in the source.
 */
function inputOf(metric: TSourcedMetric): Input | null {
  // A forecast is not a fact to calculate from.
  if (metric.projection) return null;
  const { name } = metric;
  if (name === 'net_burn') {
    const burn = monthlyBurnOf(metric);
    if (burn.value === null) return null;
    return { name: 'monthly_burn', value: burn.value, source: `${sourceLabel(metric)}; ${burn.step}` };
  }
  if (metric.source.kind === 'document' && isRevenueMetric(name)) {
    const revenue = annualRevenueOf({ ...metric, name });
    if (revenue.value === null) return null;
    const input: Input = {
      name: name === 'mrr' ? 'arr' : name,
      value: revenue.value,
      source: `${sourceLabel(metric)}; ${revenue.step}`,
    };
    return revenue.run_rate ? { ...input, run_rate: true } : input;
  }
  return {
    name: name === 'last_round' ? 'last_round_amount' : name,
    value: metric.value,
    source: sourceLabel(metric),
  };
}

function sourceLabel(metric: TSourcedMetric): string {
  const { source } = metric;
  if (source.location) return `${source.name}, ${source.location.label}: "${source.location.excerpt}"`;
  return source.kind === 'company' ? `${source.name} (company record)` : source.name;
}

type Found = SourcedValue & { metric?: TSourcedMetric; run_rate?: true };

/**
 * The inputs of a calculation: those given win; the rest come from the subject's figures, its
 * record first, then its documents, newest first, a figure stated for a year before a run rate. A
 * margin is worked out from one document's own EBITDA and revenue (of the same period, as stated),
 * never from figures of different reports.
 */
function gatherInputs(
  wanted: readonly string[],
  given: Record<string, number>,
  known: TSourcedMetric[],
): Record<string, Found> {
  const values: Record<string, Found> = {};
  for (const [name, value] of Object.entries(given)) {
    const key = metricKey(name);
    if (wanted.includes(key)) values[key] = { value, source: 'given in the request' };
  }
  for (const metric of known) {
    const input = inputOf(metric);
    if (!input || !wanted.includes(input.name)) continue;
    const current = values[input.name];
    if (!current || (current.run_rate && !input.run_rate))
      values[input.name] = { value: input.value, source: input.source, run_rate: input.run_rate, metric };
  }
  const ebitda = values.ebitda?.metric;
  if (ebitda?.source.kind === 'document' && values.revenue?.source !== 'given in the request') {
    const sameReport = known.find(
      (metric) => metric.name === 'revenue' && metric.source.id === ebitda.source.id,
    );
    if (sameReport)
      values.revenue = { value: sameReport.value, source: sourceLabel(sameReport), metric: sameReport };
  }
  return values;
}

export const calculateMetricsTool = defineTool(
  'calculate_metrics',
  `Exact lending arithmetic, shown step by step with each input's source: burn_multiple (annual net burn ÷ net new ARR), runway (cash ÷ monthly net burn), rule_of_40 (growth % + EBITDA or FCF margin %), ltv_cac, cac_payback, debt_service_coverage (cash flow available ÷ debt service) and facility_sizing (the indicative venture-debt range). Inputs given in \`inputs\` win; the others are read from the named deal or company (deal_id, company_id or company_name) and its documents. Input names: ${Object.entries(
    CALCULATION_INPUTS,
  )
    .map(([name, inputs]) => `${name}: ${inputs.join(', ')}`)
    .join(
      '; ',
    )}. Amounts in EUR, fractions as fractions (0.6 = 60%), monthly_burn and arpa per month. When an input is missing, result is null and \`missing\` names it.`,
  async (context, input) => {
    const named = Boolean(input.deal_id || input.company_id || input.company_name);
    const subject = named ? await resolveSubject(context, input) : null;
    const known: SourcedMetrics | null = subject ? await sourcedMetricsOf(context, subject) : null;
    const values = gatherInputs(
      CALCULATION_INPUTS[input.calculation],
      input.inputs ?? {},
      known?.metrics ?? [],
    );
    const thesis =
      input.calculation === 'facility_sizing'
        ? await getThesis(context.db, context.organizationId)
        : DEFAULT_THESIS;
    const result = calculate(input.calculation, values, thesis);
    let interpretation = result.interpretation;
    if (named && !subject) {
      interpretation = `No deal or company of the organisation matches${
        input.company_name ? ` "${input.company_name}"` : ' that id'
      }, so only the inputs given were used.`;
    }

    const label = CALCULATION_LABELS[input.calculation];
    const citations: TCitation[] = [calculationCitation(label, [result.formula, ...result.steps].join(' '))];
    const used = result.inputs_used
      .map((item) => values[item.name]?.metric)
      .filter((m): m is TSourcedMetric => !!m);
    citations.push(...recordCitations(used));
    for (const metric of used) {
      if (metric.source.kind !== 'document') continue;
      citations.push(
        documentCitation(
          { id: metric.source.id, name: metric.source.name, created_at: metric.source.date },
          metric.source.location?.label ?? null,
          metric.source.location?.excerpt ?? String(metric.value),
        ),
      );
    }
    return { calculation: input.calculation, ...result, interpretation, citations };
  },
);
