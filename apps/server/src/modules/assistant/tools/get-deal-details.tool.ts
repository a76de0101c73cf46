import { STAGE_LABELS } from '@atempo/contracts';
import { isoOf, isoOrNull, numberOf } from '../../../platform/sql-rows.ts';
import { dealCitation, euros } from './citations.ts';
import { dealDetails } from './get-deal-details.source.ts';
import { dealsOfCompanies, resolveSubject, type SubjectDeal } from './subject.source.ts';
import { defineTool } from './tool.ts';

export const getDealDetailsTool = defineTool(
  'get_deal_details',
  'One deal in full: company, stage, amount requested, sector, geography, thematic score and recommendation, red-flag level and count, suggested facility, documents and latest interaction. Name it by deal_id, or by company (company_id or company_name, matched leniently); a company with several deals answers its open, most recently updated deal and lists the others as alternatives. deal is null when nothing matches.',
  async (context, input) => {
    const subject = await resolveSubject(context, input);
    let chosen: SubjectDeal | null = subject?.deal ?? null;
    let others: SubjectDeal[] = [];
    if (subject && !subject.deal) {
      const ids = [subject.company.id, ...subject.otherMatches.map((match) => match.id)];
      const deals = await dealsOfCompanies(context, ids);
      // The best-matching company's best deal; a company without deals answers none rather than another's.
      chosen = deals[0]?.company_id === subject.company.id ? deals[0] : null;
      others = deals.filter((deal) => deal !== chosen);
    }
    const row = chosen ? await dealDetails(context, chosen.id) : null;
    const alternatives = others.map((deal) => ({
      id: deal.id,
      company_name: deal.company_name,
      stage: deal.stage,
    }));
    if (!row) return { deal: null, alternatives, citations: [] };
    const deal = {
      id: row.id,
      deal_number: row.deal_number,
      company_id: row.company_id,
      company_name: row.company_name,
      stage: row.stage,
      stage_label: STAGE_LABELS[row.stage],
      amount_requested: numberOf(row.amount_requested),
      sector: row.sector,
      geography: row.geography,
      deal_type: row.deal_type,
      description: row.description,
      thematic_score: row.thematic_score,
      thematic_recommendation: row.recommendation_override ?? row.thematic_recommendation,
      red_flag_level: row.red_flag_level,
      red_flag_count: numberOf(row.red_flag_count),
      suggested_facility: row.suggested_facility
        ? { min: row.suggested_facility.min ?? null, max: row.suggested_facility.max ?? null }
        : null,
      documents: (row.documents ?? []).map((document) => ({
        ...document,
        created_at: isoOf(document.created_at),
      })),
      created_at: isoOf(row.created_at),
      updated_at: isoOf(row.updated_at),
      last_interaction: isoOrNull(row.last_interaction),
    };
    const facts = [
      `Stage: ${deal.stage_label}`,
      `amount requested ${euros(deal.amount_requested)}`,
      deal.sector && `sector ${deal.sector}`,
      deal.geography && `geography ${deal.geography}`,
      deal.thematic_score !== null && `thematic score ${deal.thematic_score}/10`,
      deal.red_flag_level && `red-flag level ${deal.red_flag_level} (${deal.red_flag_count} flags)`,
    ].filter(Boolean);
    return { deal, alternatives, citations: [dealCitation(deal, `${facts.join(', ')}.`)] };
  },
);
