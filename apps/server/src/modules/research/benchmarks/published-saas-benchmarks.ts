/**
 * Published SaaS benchmarks the company's figures are compared with. These are figures from
 * public surveys of (mostly US-based, private B2B) SaaS companies, NOT the organisation's data:
 * each row says which report, which year, what exactly was measured, and whether the figure is a
 * median or a rating threshold. Update the table when a new edition appears (decision 029);
 * a row without a verifiable public source does not belong here.
 */

export interface PublishedBenchmark {
  metric:
    | 'gross_margin'
    | 'net_revenue_retention'
    | 'cac_payback_months'
    | 'burn_multiple'
    | 'revenue_growth';
  /** Fraction for margins, retention and growth; months; or a ratio (burn multiple). */
  value: number;
  kind: 'median' | 'threshold';
  /** What the figure is, in the report's terms. */
  description: string;
  source: string;
  year: number;
  url: string;
}

export const PUBLISHED_SAAS_BENCHMARKS: readonly PublishedBenchmark[] = [
  {
    metric: 'gross_margin',
    value: 0.8,
    kind: 'median',
    description:
      'Published median subscription gross margin of the private SaaS companies surveyed (stock-based pay backed out, customer support included).',
    source: 'KBCM Technology Group (KeyBanc) & forEntrepreneurs, 2018 Private SaaS Company Survey, part 2',
    year: 2018,
    url: 'https://www.forentrepreneurs.com/2018-private-saas-company-survey-part-2',
  },
  {
    metric: 'net_revenue_retention',
    value: 1.01,
    kind: 'median',
    description:
      'Published median net revenue retention of the ~1,000 B2B SaaS companies surveyed, 2024 actuals.',
    source: 'Benchmarkit, 2025 SaaS Performance Metrics Benchmarks',
    year: 2025,
    url: 'https://www.benchmarkit.ai/2025benchmarks',
  },
  {
    metric: 'revenue_growth',
    value: 0.26,
    kind: 'median',
    description: 'Published median year-on-year ARR growth of the B2B SaaS companies surveyed, 2024 actuals.',
    source: 'Benchmarkit, 2025 SaaS Performance Metrics Benchmarks',
    year: 2025,
    url: 'https://www.benchmarkit.ai/2025benchmarks',
  },
  {
    metric: 'cac_payback_months',
    value: 18,
    kind: 'median',
    description:
      'Published median CAC payback period in months of the B2B SaaS companies surveyed, 2024 actuals.',
    source: 'Benchmarkit, 2025 SaaS Performance Metrics Benchmarks',
    year: 2025,
    url: 'https://www.benchmarkit.ai/2025benchmarks',
  },
  {
    metric: 'burn_multiple',
    value: 2,
    kind: 'threshold',
    description:
      'Rating scale, not a median: under 1x amazing, 1–1.5x great, 1.5–2x good, 2–3x suspect, over 3x bad. The figure is the upper bound of "good".',
    source: 'David Sacks (Craft Ventures), The Burn Multiple',
    year: 2020,
    url: 'https://sacks.substack.com/p/the-burn-multiple-51a7e43cb200',
  },
];
