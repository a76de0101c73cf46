import type { TBenchmarksResponse, TResearchSource, TSourcedMetric } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import {
  annualRevenueOf,
  burnMultipleCalculation,
  isRevenueMetric,
  monthlyBurnOf,
  type SourcedValue,
} from '@atempo/scoring';
import { sourcedFiguresOf } from '../../assistant/index.ts';
import { companyProfileById, portfolioCompanyProfiles } from '../../companies/index.ts';
import { getThesis } from '../../thesis/index.ts';
import { companyMetricsOf } from '../investment-thesis.ts';
import { companyByName } from '../research-company.ts';
import { companySource, factOfMetric } from '../research-hits.ts';
import type { ResearchSubject } from '../research-subject.ts';
import { peerGroup } from './peer-group.ts';
import { PUBLISHED_SAAS_BENCHMARKS, type PublishedBenchmark } from './published-saas-benchmarks.ts';
import { quartilePosition, quartiles } from './quartiles.ts';

/**
 * A company's metrics against the organisation's own companies (quartiles of the other companies
 * of its sector that record the metric, or of the whole portfolio when too few share the sector:
 * peerGroup) and against published SaaS figures (PUBLISHED_SAAS_BENCHMARKS, cited). A metric the
 * company lacks is "not in the data".
 */

type Metric = PublishedBenchmark['metric'];
const METRICS: {
  metric: Metric;
  label: string;
  unit: 'fraction' | 'months' | 'ratio';
  higherIsBetter: boolean;
}[] = [
  { metric: 'gross_margin', label: 'Gross margin', unit: 'fraction', higherIsBetter: true },
  { metric: 'net_revenue_retention', label: 'Net revenue retention', unit: 'fraction', higherIsBetter: true },
  { metric: 'revenue_growth', label: 'Revenue growth', unit: 'fraction', higherIsBetter: true },
  { metric: 'cac_payback_months', label: 'CAC payback', unit: 'months', higherIsBetter: false },
  { metric: 'burn_multiple', label: 'Burn multiple', unit: 'ratio', higherIsBetter: false },
];

const NOT_IN_DATA = 'not in the data';

function shown(value: number, unit: 'fraction' | 'months' | 'ratio'): string {
  if (unit === 'fraction') return `${Math.round(value * 10_000) / 100}%`;
  if (unit === 'months') return `${Math.round(value * 100) / 100} months`;
  return `${Math.round(value * 100) / 100}x`;
}

interface Sourced {
  value: number;
  source: TResearchSource;
  /** How the figure was worked out from what its source states (a burn divided into months). */
  steps: string[];
  /** Revenue or ARR annualised from a quarter, a month or MRR: not reported annual revenue. */
  run_rate?: true;
}

/**
 * A figure of the company as a benchmark input: a document's net burn is the monthly burn it
 * gives (monthlyBurnOf), its revenue the annual revenue it gives (annualRevenueOf: MRR as ARR),
 * or nothing when the document does not say over how long the figure runs.
 */
function inputOf(metric: TSourcedMetric): { name: string; figure: Sourced } | null {
  // A company is benchmarked on what it did, not on what its deck forecasts.
  if (metric.projection) return null;
  const { source } = factOfMetric(metric);
  const { name } = metric;
  if (name === 'net_burn') {
    const burn = monthlyBurnOf(metric);
    if (burn.value === null) return null;
    return { name: 'monthly_burn', figure: { value: burn.value, source, steps: [burn.step] } };
  }
  if (metric.source.kind === 'document' && isRevenueMetric(name)) {
    const revenue = annualRevenueOf({ ...metric, name });
    if (revenue.value === null) return null;
    const figure: Sourced = { value: revenue.value, source, steps: [revenue.step] };
    if (!revenue.run_rate) return { name, figure };
    const excerpt = `${source.excerpt ?? source.name} (${revenue.step})`;
    return {
      name: name === 'mrr' ? 'arr' : name,
      figure: { ...figure, source: { ...source, excerpt }, run_rate: true },
    };
  }
  return { name, figure: { value: metric.value, source, steps: [] } };
}

/** What the response says of a revenue or ARR that is a run rate, so no one reads it as reported revenue. */
function runRateNote(label: string, figure: Sourced | undefined): string {
  return figure?.run_rate
    ? ` ${label} is an annualised run rate, not reported annual revenue: ${figure.steps.join(' ')}.`
    : '';
}

const BURN_MULTIPLE_INPUTS = ['monthly_burn', 'arr', 'revenue', 'revenue_growth'] as const;

/** Burn multiple from monthly burn, ARR (or revenue) and growth, with every step, when finite. */
function burnMultipleOf(
  values: Record<string, Sourced | undefined>,
): { value: number; inputs: string[]; steps: string[] } | null {
  const inputs: Record<string, SourcedValue> = {};
  for (const name of BURN_MULTIPLE_INPUTS) {
    const found = values[name];
    if (found) inputs[name] = { value: found.value, source: found.source.name };
  }
  const outcome = burnMultipleCalculation(inputs);
  if (outcome.result === null || !Number.isFinite(outcome.result)) return null;
  const used = outcome.inputs_used.map((input) => values[input.name]!);
  return {
    value: outcome.result,
    inputs: [...new Set(used.map((figure) => figure.source.name))],
    steps: [...used.flatMap((figure) => figure.steps), outcome.formula, ...outcome.steps],
  };
}

function publishedComparison(
  value: number | null,
  row: (typeof METRICS)[number],
  published: PublishedBenchmark | undefined,
): string {
  if (!published) return 'No published benchmark for this metric.';
  const cite = `${published.source}, ${published.year}`;
  const figure = shown(published.value, row.unit);
  if (value === null) return `${NOT_IN_DATA}; the published ${published.kind} is ${figure} (${cite}).`;
  if (published.kind === 'threshold') {
    const within = value <= published.value;
    return `${shown(value, row.unit)} is ${within ? 'within' : 'above'} the published "good" bound of ${figure} (${cite}).`;
  }
  if (value === published.value)
    return `${shown(value, row.unit)} equals the published median of ${figure} (${cite}).`;
  const better = row.higherIsBetter ? value > published.value : value < published.value;
  return `${shown(value, row.unit)} is ${better ? 'better' : 'worse'} than the published median of ${figure} (${cite}).`;
}

export interface BenchmarkOverrides {
  company_name?: string;
  revenue?: number;
  sector?: string;
}

export async function benchmarks(
  db: Database,
  organizationId: string,
  subject: ResearchSubject,
  overrides: BenchmarkOverrides,
  now: Date,
): Promise<TBenchmarksResponse> {
  const company = subject.companyId
    ? await companyProfileById(db, organizationId, subject.companyId)
    : overrides.company_name
      ? await companyByName(db, organizationId, overrides.company_name)
      : undefined;

  const values: Record<string, Sourced | undefined> = {};
  if (company) {
    // As a company: its record, then its deal's record for what it lacks, then every document.
    const figures = await sourcedFiguresOf(
      { db, organizationId, userId: '', now },
      { company_id: company.id },
    );
    for (const metric of figures ?? []) {
      const input = inputOf(metric);
      if (!input) continue;
      // The record first, then the newest document; a figure stated for a year before a run rate.
      const current = values[input.name];
      if (!current || (current.run_rate && !input.figure.run_rate)) values[input.name] = input.figure;
    }
  }
  if (overrides.revenue !== undefined) {
    values.revenue = {
      value: overrides.revenue,
      source: {
        kind: 'company',
        id: null,
        name: 'Given in the request (revenue)',
        location: null,
        url: null,
        date: null,
        excerpt: null,
      },
      steps: [],
    };
  }
  const burnMultiple = burnMultipleOf(values);
  const companyValue = (metric: Metric): Sourced | null => {
    if (metric !== 'burn_multiple') return values[metric] ?? null;
    if (burnMultiple === null) return null;
    return {
      value: burnMultiple.value,
      source: {
        kind: 'company',
        id: company?.id ?? null,
        name: `Calculation: burn multiple from ${burnMultiple.inputs.join('; ')}`,
        location: null,
        url: null,
        date: null,
        excerpt: burnMultiple.steps.join(' '),
      },
      steps: burnMultiple.steps,
    };
  };

  const sector = overrides.sector || subject.industrySector || company?.industry || null;
  const others = (await portfolioCompanyProfiles(db, organizationId)).filter((row) => row.id !== company?.id);
  const peers = peerGroup(others, sector, await getThesis(db, organizationId));
  const portfolioValues = (metric: Metric): number[] =>
    peers.companies.flatMap((row) => {
      const metrics = companyMetricsOf(row) as Record<string, number | undefined>;
      if (metric === 'burn_multiple') {
        const source = companySource(row);
        const recorded: Record<string, Sourced | undefined> = {};
        for (const [name, value] of Object.entries(metrics)) {
          if (typeof value === 'number') recorded[name] = { value, source, steps: [] };
        }
        const multiple = burnMultipleOf(recorded);
        return multiple === null ? [] : [multiple.value];
      }
      const value = metrics[metric];
      return typeof value === 'number' && Number.isFinite(value) ? [value] : [];
    });

  const rows = METRICS.map((row) => {
    const own = companyValue(row.metric);
    const portfolio = quartiles(portfolioValues(row.metric));
    const published = PUBLISHED_SAAS_BENCHMARKS.find((item) => item.metric === row.metric);
    return {
      metric: row.metric,
      label: row.label,
      unit: row.unit,
      higher_is_better: row.higherIsBetter,
      company_value: own?.value ?? null,
      company_value_text: own ? shown(own.value, row.unit) : NOT_IN_DATA,
      company_source: own?.source ?? null,
      portfolio,
      portfolio_position: !own
        ? NOT_IN_DATA
        : portfolio
          ? quartilePosition(own.value, portfolio, row.higherIsBetter)
          : `no other company ${peers.sector ? `in ${peers.sector}` : 'in the portfolio'} records this metric`,
      published: published
        ? {
            value: published.value,
            kind: published.kind,
            description: published.description,
            year: published.year,
            source: {
              kind: 'benchmark' as const,
              id: null,
              name: `${published.source} (${published.year})`,
              location: null,
              url: published.url,
              date: null,
              excerpt: null,
            },
          }
        : null,
      published_comparison: publishedComparison(own?.value ?? null, row, published),
    };
  });

  return {
    company_name: company?.name ?? overrides.company_name ?? subject.companyName,
    company_id: company?.id ?? null,
    sector,
    revenue: values.revenue?.value ?? null,
    revenue_source: values.revenue?.source ?? null,
    portfolio_size: peers.companies.length,
    portfolio_sector: peers.sector,
    portfolio_note: peers.note,
    metrics: rows,
    note:
      "Portfolio quartiles are over the peers portfolio_note names that record the metric. Published figures are medians (or, for burn multiple, a rating threshold) from public SaaS surveys, not this organisation's data; each names its report and year." +
      runRateNote('Revenue', values.revenue) +
      (burnMultiple ? runRateNote('The ARR in the burn multiple', values.arr) : ''),
  };
}
