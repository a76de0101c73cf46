import { DEFAULT_THESIS } from '@atempo/contracts';
import { calculate } from '@atempo/scoring';
import { calculationCitation, euros } from '../../assistant/index.ts';
import type { CitedMetric, IcMemoFacts } from './fact-types.ts';

/** The runway (when no document states one) and a 12-month revenue forecast, from the cited metrics. */
export function calculations(metrics: CitedMetric[]): IcMemoFacts['calculations'] {
  const byName = new Map(metrics.map((metric) => [metric.name, metric]));
  const sourced = (name: string) => {
    const metric = byName.get(name);
    return metric ? { value: metric.value, source: metric.citation.source } : undefined;
  };
  let runway: IcMemoFacts['calculations']['runway'] = null;
  if (!byName.has('runway_months')) {
    const outcome = calculate(
      'runway',
      { cash: sourced('cash'), monthly_burn: sourced('monthly_burn') },
      DEFAULT_THESIS,
    );
    if (outcome.result !== null) {
      runway = {
        months: outcome.result,
        citation: calculationCitation('runway', [outcome.formula, ...outcome.steps].join(' ')),
      };
    }
  }
  let forecast: IcMemoFacts['calculations']['revenue_forecast'] = null;
  const revenue = byName.get('revenue') ?? byName.get('arr');
  const growth = byName.get('revenue_growth');
  if (revenue && growth && growth.unit === 'fraction') {
    const value = Math.round(revenue.value * (1 + growth.value));
    const percent = `${Math.round(growth.value * 10_000) / 100}%`;
    forecast = {
      value,
      citation: calculationCitation(
        'revenue in 12 months at the recorded growth',
        `${revenue.label}${revenue.run_rate ? ' (annualised run rate)' : ''} ${euros(revenue.value)} (${revenue.citation.source}) × (1 + ${percent} growth (${growth.citation.source})) = ${euros(value)}`,
      ),
    };
  }
  return { runway, revenue_forecast: forecast };
}
