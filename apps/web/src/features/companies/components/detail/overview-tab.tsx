import type { TCompanyDetail, TFinancialMetrics } from '@atempo/contracts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { formatEuroCompact } from '../../../../lib/format/money.ts';
import { formatPercent } from '../../../../lib/format/percent.ts';
import { formatDate } from '../../../../lib/format.ts';
import { humanize } from '../../../../lib/humanize.ts';
import { displayUrl, externalUrl, formatCount } from '../../lib/format.ts';
import { ConfidenceLevel } from '../company-badges.tsx';
import { type Fact, FactList, TabSection } from './facts.tsx';

type MetricKind = 'money' | 'percent' | 'months' | 'count' | 'date';

/** The detailed metrics beyond the headline ones, with how each is shown. */
const EXTRA_METRICS: { key: keyof TFinancialMetrics; label: string; kind: MetricKind }[] = [
  { key: 'arr', label: 'ARR', kind: 'money' },
  { key: 'gross_margin', label: 'Gross margin', kind: 'percent' },
  { key: 'monthly_burn', label: 'Monthly burn', kind: 'money' },
  { key: 'cash', label: 'Cash', kind: 'money' },
  { key: 'runway_months', label: 'Runway', kind: 'months' },
  { key: 'monthly_churn', label: 'Monthly churn', kind: 'percent' },
  { key: 'net_revenue_retention', label: 'Net revenue retention', kind: 'percent' },
  { key: 'cac_payback_months', label: 'CAC payback', kind: 'months' },
  { key: 'last_round_amount', label: 'Last round', kind: 'money' },
  { key: 'last_round_date', label: 'Last round date', kind: 'date' },
];

function formatMetric(value: number | string, kind: MetricKind): string {
  if (typeof value === 'string') return kind === 'date' ? formatDate(value) : value;
  switch (kind) {
    case 'money':
      return formatEuroCompact(value);
    case 'percent':
      return formatPercent(value);
    case 'months':
      return `${Math.round(value * 10) / 10} months`;
    default:
      return formatCount(value);
  }
}

export function OverviewTab({ company }: { company: TCompanyDetail }) {
  const signals = [
    company.has_tier1_vc && 'Tier 1 VC backed',
    company.recent_cfo_hire && 'Recent CFO hire',
    company.ipo_signals && 'IPO signals',
  ].filter((signal): signal is string => Boolean(signal));

  const keyFacts: Fact[] = [
    { label: 'Industry', value: company.industry },
    { label: 'Headquarters', value: company.headquarters_country },
    { label: 'Stage', value: company.stage },
    { label: 'Founded', value: company.founded_year },
    { label: 'CEO', value: company.ceo_name },
    {
      label: 'Employees',
      value: company.employee_count === null ? null : formatCount(company.employee_count),
    },
    {
      label: 'Website',
      value: company.website ? (
        <a
          href={externalUrl(company.website)}
          target="_blank"
          rel="noopener noreferrer"
          className="text-indigo-600 hover:underline"
        >
          {displayUrl(company.website)}
        </a>
      ) : null,
    },
    { label: 'Source', value: company.source ? humanize(company.source) : null },
    { label: 'Data confidence', value: <ConfidenceLevel level={company.confidence_level} /> },
    { label: 'Added', value: formatDate(company.created_at) },
  ];

  const headline: Fact[] = [
    { label: 'Revenue', value: company.revenue === null ? null : formatEuroCompact(company.revenue) },
    {
      label: 'Revenue growth',
      value: company.revenue_growth === null ? null : formatPercent(company.revenue_growth, { signed: true }),
    },
    {
      label: 'Last funding',
      value: company.last_funding_amount === null ? null : formatEuroCompact(company.last_funding_amount),
    },
    {
      label: 'Total funding',
      value: company.total_funding === null ? null : formatEuroCompact(company.total_funding),
    },
  ];
  const metrics = company.financial_metrics ?? {};
  const extras: Fact[] = EXTRA_METRICS.flatMap(({ key, label, kind }) => {
    const value = metrics[key];
    return value === null || value === undefined ? [] : [{ label, value: formatMetric(value, kind) }];
  });

  return (
    <div className="space-y-8">
      <TabSection title="About">
        {company.description ? (
          <p className="text-sm leading-relaxed whitespace-pre-line text-slate-700">{company.description}</p>
        ) : (
          <p className="text-sm text-slate-400">No description yet.</p>
        )}
        {signals.length > 0 && (
          <ul aria-label="Signals" className="flex flex-wrap gap-2">
            {signals.map((signal) => (
              <li key={signal}>
                <Badge tone="accent">{signal}</Badge>
              </li>
            ))}
          </ul>
        )}
      </TabSection>
      <TabSection title="Key facts">
        <FactList label="Key facts" facts={keyFacts} />
      </TabSection>
      <TabSection title="Financial metrics">
        <FactList label="Financial metrics" facts={[...headline, ...extras]} />
      </TabSection>
    </div>
  );
}
