import { companyCitation, euros } from './citations.ts';
import { isoOf, isoOrNull, numberOf } from './rows.ts';
import { searchCompanies } from './search-companies.repository.ts';
import { defineTool } from './tool.ts';

export const searchCompaniesTool = defineTool(
  'search_companies',
  'Find companies of the organisation by name (case, accents and legal form do not matter: "Acme" finds "Acme Ltd") or by words of their industry and description, optionally within a sector or country. Answers each company with its deals (stage, amount requested) and the date of the latest email, note or recorded interaction. A blank query lists the most recently updated companies.',
  async (context, input) => {
    const rows = await searchCompanies(context, input);
    const companies = rows.map((row) => ({
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
      last_interaction: isoOrNull(row.last_interaction),
      updated_at: isoOf(row.updated_at),
    }));
    return {
      companies: companies.map(({ updated_at: _updated, ...company }) => company),
      total: rows.length > 0 ? numberOf(rows[0]!.total) : 0,
      citations: companies.map((company) =>
        companyCitation(
          company,
          [
            [company.industry, company.country].filter(Boolean).join(', ') ||
              'No industry or country recorded',
            company.deals.length > 0
              ? `${company.deals.length} deal${company.deals.length === 1 ? '' : 's'}: ${company.deals
                  .map((deal) => `${deal.stage} ${euros(deal.amount_requested)}`)
                  .join('; ')}`
              : 'No deals',
            `Last interaction: ${company.last_interaction ?? 'none recorded'}`,
          ].join('. '),
          input.query ? company.match : 1,
        ),
      ),
    };
  },
);
