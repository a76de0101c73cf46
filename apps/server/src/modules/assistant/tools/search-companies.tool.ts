import type { TToolInput } from '@atempo/contracts';
import { isoOf, isoOrNull, numberOf } from '../../../platform/sql-rows.ts';
import { companyCitation, euros, quoted } from './citations.ts';
import { RECORD_METRICS } from './metric-names.ts';
import {
  type CompanySearchRow,
  rankCompanies,
  searchCompanies,
  silentCompanies,
} from './search-companies.source.ts';
import { defineTool } from './tool.ts';

type Input = Required<Pick<TToolInput<'search_companies'>, 'query' | 'limit'>> &
  Omit<TToolInput<'search_companies'>, 'query' | 'limit'>;

const DAY_MS = 86_400_000;

export const searchCompaniesTool = defineTool(
  'search_companies',
  'Find companies of the organisation by name (case, accents and legal form do not matter: "Acme" finds "Acme Ltd") or by words of their industry and description, optionally within a sector or country, or of one monitoring priority (priority high: the companies the Companies page counts as high priority; total counts them). Answers each company with its deals (stage, amount requested) and the date of the latest email, note or recorded interaction. A blank query lists the most recently updated companies. With rank_by (a financial fact such as revenue_growth, arr, gross_margin) and a blank query: the companies that have it recorded, highest first (order asc: lowest first), each with its value. With not_contacted_for_days and a blank query: the companies with no email, note or recorded interaction (company or deal) for that many days, never contacted first, each with its last contact and days since.',
  async (context, input) => {
    const mode = modeOf(input);
    const rows: (CompanySearchRow & {
      value?: number | string;
      never?: number | string;
      value_sum?: number | string;
      value_average?: number | string;
      value_median?: number | string;
    })[] =
      mode === 'rank'
        ? await rankCompanies(context, { ...input, metric: input.rank_by!, order: input.order ?? 'desc' })
        : mode === 'silent'
          ? await silentCompanies(context, {
              ...input,
              since: new Date(context.now.getTime() - input.not_contacted_for_days! * DAY_MS),
            })
          : await searchCompanies(context, input);
    const companies = rows.map((row) => {
      const lastInteraction = isoOrNull(row.last_interaction);
      return {
        id: row.id,
        name: row.name,
        industry: row.industry,
        country: row.country,
        description: row.description,
        match: Math.round(Math.min(1, Number(row.match)) * 1000) / 1000,
        deals: (row.deals ?? []).map((deal) => ({
          ...deal,
          amount_requested: numberOf(deal.amount_requested),
        })),
        last_interaction: lastInteraction,
        ...(mode === 'rank' ? { value: numberOf(row.value!) } : {}),
        ...(mode === 'silent'
          ? {
              days_since_contact:
                lastInteraction === null
                  ? null
                  : Math.floor((context.now.getTime() - Date.parse(lastInteraction)) / DAY_MS),
            }
          : {}),
        updated_at: isoOf(row.updated_at),
      };
    });
    const total = rows.length > 0 ? numberOf(rows[0]!.total) : 0;
    return {
      companies: companies.map(({ updated_at: _updated, ...company }) => company),
      total,
      ...(mode === 'rank' && rows.length > 0 ? { stats: statsOf(rows[0]!, total) } : {}),
      ...(mode === 'silent' ? silentCounts(total, rows.length > 0 ? numberOf(rows[0]!.never!) : 0) : {}),
      citations: companies.map((company, i) =>
        companyCitation(
          company,
          [
            company.value !== undefined && input.rank_by
              ? `${input.rank_by}: ${quotedMetric(input.rank_by, company.value)} (company financial facts)`
              : null,
            [company.industry, company.country].filter(Boolean).join(', ') ||
              'No industry or country recorded',
            company.deals.length > 0
              ? `${company.deals.length} deal${company.deals.length === 1 ? '' : 's'}: ${company.deals
                  .map((deal) => `${deal.stage} ${euros(deal.amount_requested)}`)
                  .join('; ')}`
              : 'No deals',
            mode === 'silent'
              ? company.last_interaction === null
                ? 'No email, note or interaction recorded'
                : `Last contact: ${company.last_interaction}`
              : `Last interaction: ${company.last_interaction ?? 'none recorded'}`,
          ]
            .filter(Boolean)
            .join('. '),
          // Listed companies are cited in their order, the first most relevant.
          input.query ? company.match : mode === 'search' ? 1 : Math.max(0.5, 1 - i * 0.05),
        ),
      ),
    };
  },
);

/** Sum, mean and median over every company with the ranked metric, carried on each ranked row. */
function statsOf(
  row: { value_sum?: number | string; value_average?: number | string; value_median?: number | string },
  total: number,
) {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    count: total,
    sum: round(numberOf(row.value_sum ?? 0)),
    average: round(numberOf(row.value_average ?? 0)),
    median: round(numberOf(row.value_median ?? 0)),
  };
}

const silentCounts = (total: number, never: number) => ({
  never_contacted: never,
  contacted_before: total - never,
});

function modeOf(input: Input): 'rank' | 'silent' | 'search' {
  if (input.rank_by) return 'rank';
  if (input.not_contacted_for_days) return 'silent';
  return 'search';
}

const quotedMetric = (metric: string, value: number) =>
  quoted({ unit: RECORD_METRICS[metric]?.unit ?? 'count', value });
