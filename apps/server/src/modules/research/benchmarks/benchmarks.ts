import type { TBenchmarksResponse, TResearchSource } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { burnMultipleCalculation, type CalculationValues } from '@atempo/scoring';
import { sourcedMetricsOf } from '../../assistant/tools/sourced-metrics.ts';
import { findCompany } from '../../assistant/tools/subject.repository.ts';
import { companyMetricsOf } from '../investment-thesis.ts';
import { factOfMetric } from '../research-hits.ts';
import { companyByName, portfolioCompanies } from '../research-sources.repository.ts';
import type { ResearchSubject } from '../research-subject.ts';
import { PUBLISHED_SAAS_BENCHMARKS, type PublishedBenchmark } from './published-saas-benchmarks.ts';
import { quartilePosition, quartiles } from './quartiles.ts';

/**
 * A company's metrics against the organisation's own companies (quartiles of every other company
 * the organisation tracks that records the metric) and against published SaaS figures
 * (PUBLISHED_SAAS_BENCHMARKS, cited). A metric the company lacks is "not in the data".
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
}

/** Burn multiple from burn, ARR (or revenue) and growth, when all are known and it is finite. */
function burnMultipleOf(values: Record<string, Sourced | undefined>): number | null {
  const inputs: Record<string, { value: number; source: string }> = {};
  for (const name of ['monthly_burn', 'net_burn', 'arr', 'revenue', 'revenue_growth']) {
    const found = values[name];
    if (found) inputs[name] = { value: found.value, source: found.source.name };
  }
  // Document net burn is monthly (the analyst's convention); the calculation reads net_burn as annual.
  if (!inputs.monthly_burn && inputs.net_burn) inputs.monthly_burn = inputs.net_burn;
  delete inputs.net_burn;
  const outcome = burnMultipleCalculation(inputs as CalculationValues);
  return outcome.result !== null && Number.isFinite(outcome.result) ? outcome.result : null;
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
  const context = { db, organizationId, userId: '', now };
  const companyId =
    subject.companyId ??
    (overrides.company_name
      ? ((await companyByName(db, organizationId, overrides.company_name))?.id ?? null)
      : null);
  const company = companyId ? await findCompany(context, companyId) : null;

  const values: Record<string, Sourced | undefined> = {};
  if (company) {
    const { metrics } = await sourcedMetricsOf(context, {
      // As a company: its record, then its deal's record for what it lacks, then every document.
      kind: 'company',
      company,
      deal: null,
      otherMatches: [],
    });
    for (const metric of metrics) {
      if (values[metric.name]) continue; // the record first, then the newest document
      const fact = factOfMetric(metric);
      values[metric.name] = { value: metric.value, source: fact.source };
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
    };
  }
  const burnMultiple = burnMultipleOf(values);
  const companyValue = (metric: Metric): Sourced | null => {
    if (metric !== 'burn_multiple') return values[metric] ?? null;
    if (burnMultiple === null) return null;
    const inputs = ['monthly_burn', 'net_burn', 'arr', 'revenue', 'revenue_growth']
      .flatMap((name) => (values[name] ? [values[name]!.source.name] : []))
      .filter((name, index, all) => all.indexOf(name) === index);
    return {
      value: burnMultiple,
      source: {
        kind: 'company',
        id: company?.id ?? null,
        name: `Calculation: burn multiple from ${inputs.join('; ')}`,
        location: null,
        url: null,
        date: null,
        excerpt: null,
      },
    };
  };

  const others = (await portfolioCompanies(db, organizationId)).filter((row) => row.id !== company?.id);
  const portfolioValues = (metric: Metric): number[] =>
    others.flatMap((row) => {
      const metrics = companyMetricsOf(row) as Record<string, number | undefined>;
      if (metric === 'burn_multiple') {
        const sourced = Object.fromEntries(
          Object.entries(metrics).map(([name, value]) => [
            name,
            typeof value === 'number'
              ? {
                  value,
                  source: {
                    kind: 'company' as const,
                    id: row.id,
                    name: row.name,
                    location: null,
                    url: null,
                    date: null,
                    excerpt: null,
                  },
                }
              : undefined,
          ]),
        );
        const multiple = burnMultipleOf(sourced);
        return multiple === null ? [] : [multiple];
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
          : 'no other company in the portfolio records this metric',
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
    sector: overrides.sector ?? subject.industrySector,
    revenue: values.revenue?.value ?? null,
    revenue_source: values.revenue?.source ?? null,
    portfolio_size: others.length,
    metrics: rows,
    note: "Portfolio quartiles are over the other companies this organisation tracks that record the metric. Published figures are medians (or, for burn multiple, a rating threshold) from public SaaS surveys, not this organisation's data; each names its report and year.",
  };
}
