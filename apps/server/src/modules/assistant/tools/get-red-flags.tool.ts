import { RED_FLAG_SEVERITIES, type TCitation } from '@atempo/contracts';
import { isoOf, numberOf } from '../../../platform/sql-rows.ts';
import { dealCitation, documentCitation } from './citations.ts';
import {
  dealsWithRedFlags,
  documentRiskFlags,
  type RedFlagDealRow,
  type Severity,
  severitiesFrom,
} from './get-red-flags.source.ts';
import { dealsOfCompanies, resolveSubject } from './subject.source.ts';
import { defineTool } from './tool.ts';

type Flag = RedFlagDealRow['red_flags'][number];

/**
 * A deal's flags of the severities asked, gravest first. A deal at "Critical Risk" by its red-flag
 * score alone (8 or more, no single critical flag) shows its gravest flags instead, so the deals
 * counted as critical are the Deals table's and each still says why.
 */
function flagsShown(flags: Flag[], severities: Severity[]) {
  const gravestFirst = [...(Array.isArray(flags) ? flags : [])].sort(
    (a, b) => RED_FLAG_SEVERITIES.indexOf(a.severity) - RED_FLAG_SEVERITIES.indexOf(b.severity),
  );
  const asked = gravestFirst.filter((flag) => severities.includes(flag.severity));
  const gravest = gravestFirst[0]?.severity;
  return (asked.length > 0 ? asked : gravestFirst.filter((flag) => flag.severity === gravest)).map(
    (flag) => ({ severity: flag.severity, category: flag.category, description: flag.description }),
  );
}

/** Every flag counted by severity, as the deal's red-flag summary counts them (summariseRedFlags). */
function flagCounts(flags: Flag[]) {
  const list = Array.isArray(flags) ? flags : [];
  const of = (severity: Severity) => list.filter((flag) => flag.severity === severity).length;
  return { critical: of('critical'), high: of('high'), medium: of('medium'), low: of('low') };
}

export const getRedFlagsTool = defineTool(
  'get_red_flags',
  "Red flags the scoring engine raised on the organisation's deals (severity critical, high, medium or low; category; description), gravest deals first, optionally only some stages and flags of at least a severity. without_flags lists the deals with no red flag at all instead. min_severity critical lists the deals the Deals table shows as Critical Risk (red-flag level reject: a critical flag or a red-flag score of 8 or more); total_deals counts them. Name a deal (deal_id, or company_name matched leniently) to see only its flags plus the risk flags the document analyst found in its documents, with their pages.",
  async (context, input) => {
    let dealIds: string[] | undefined;
    let namedDealId: string | null = null;
    if (input.deal_id || input.company_name) {
      const subject = await resolveSubject(context, input);
      if (subject?.deal) dealIds = [subject.deal.id];
      else if (subject)
        dealIds = (await dealsOfCompanies(context, [subject.company.id])).map((deal) => deal.id);
      else dealIds = [];
      namedDealId = dealIds[0] ?? null;
    }
    const severities = severitiesFrom(input.min_severity);
    const [rows, documentRows] = await Promise.all([
      dealsWithRedFlags(context, {
        dealIds,
        stages: input.stages,
        severities,
        limit: input.limit,
        ...(input.without_flags ? { withoutFlags: true } : {}),
      }),
      namedDealId ? documentRiskFlags(context, namedDealId) : Promise.resolve([]),
    ]);
    const deals = rows.map((row) => ({
      deal_id: row.deal_id,
      company_id: row.company_id,
      company_name: row.company_name,
      stage: row.stage,
      red_flag_level: row.red_flag_level,
      red_flag_score:
        row.red_flag_score === null ? null : Math.round(numberOf(row.red_flag_score) * 100) / 100,
      flag_counts: flagCounts(row.red_flags),
      flags: flagsShown(row.red_flags, severities),
    }));
    const citations: TCitation[] = rows.map((row, index) =>
      dealCitation(
        {
          id: row.deal_id,
          deal_number: row.deal_number,
          company_name: row.company_name,
          updated_at: isoOf(row.updated_at),
        },
        deals[index]!.flags.map((flag) => `${flag.severity}: ${flag.description}`).join(' '),
      ),
    );
    for (const flag of documentRows) {
      citations.push(
        documentCitation(
          { id: flag.document_id, name: flag.document_name, created_at: isoOf(flag.created_at) },
          flag.location,
          flag.excerpt ?? flag.text,
        ),
      );
    }
    return {
      deals,
      total_deals: rows.length > 0 ? numberOf(rows[0]!.total) : 0,
      document_flags: documentRows.map((flag) => ({
        document_id: flag.document_id,
        document_name: flag.document_name,
        text: flag.text,
      })),
      citations,
    };
  },
);
