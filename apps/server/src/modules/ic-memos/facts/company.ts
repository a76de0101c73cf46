import { isoOf } from '../../../platform/sql-rows.ts';
import { companyCitation, euros } from '../../assistant/index.ts';
import type { CompanyRow } from '../../companies/index.ts';
import type { IcMemoFacts } from './fact-types.ts';

/** The company record, cited to its headline facts; its description cited to its own words. */
export function companyFacts(companyRow: CompanyRow): IcMemoFacts['company'] {
  const investors = Array.isArray(companyRow.investors)
    ? (companyRow.investors as unknown[]).map(String)
    : [];
  return {
    id: companyRow.id,
    name: companyRow.name,
    industry: companyRow.industry,
    country: companyRow.headquartersCountry,
    stage: companyRow.stage,
    description: companyRow.description,
    description_citation: companyRow.description
      ? companyCitation(
          { id: companyRow.id, name: companyRow.name, updated_at: isoOf(companyRow.updatedAt) },
          companyRow.description,
        )
      : null,
    website: companyRow.website,
    founded_year: companyRow.foundedYear ?? null,
    ceo_name: companyRow.ceoName ?? null,
    investors,
    has_tier1_vc: companyRow.hasTier1Vc ?? null,
    recent_cfo_hire: companyRow.recentCfoHire ?? null,
    total_funding: companyRow.totalFunding ?? null,
    citation: companyCitation(
      { id: companyRow.id, name: companyRow.name, updated_at: isoOf(companyRow.updatedAt) },
      [
        companyRow.industry,
        companyRow.headquartersCountry,
        companyRow.stage,
        companyRow.foundedYear != null && `founded ${companyRow.foundedYear}`,
        companyRow.totalFunding != null && `total funding ${euros(companyRow.totalFunding)}`,
      ]
        .filter(Boolean)
        .join(', ') || 'company record',
    ),
  };
}
