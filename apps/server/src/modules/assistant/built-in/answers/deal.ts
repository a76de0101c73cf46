import { STAGE_LABELS, type TToolOutput } from '@atempo/contracts';
import { rankCitations } from '../citations.ts';
import { count, day, listing, money } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { EXPECTED_DOCUMENTS } from '../vocabulary.ts';
import {
  type Composed,
  noData,
  possessive,
  RED_FLAG_LEVEL_LABELS,
  subjectInput,
  subjectLabel,
} from './composed.ts';

type DealIntent = Extract<Intent, { kind: 'deal' }>;
type Deal = NonNullable<TToolOutput<'get_deal_details'>['deal']>;

export async function answerDeal(session: ToolSession, intent: DealIntent): Promise<Composed> {
  const output = await session.call(
    'get_deal_details',
    subjectInput(intent.subject),
    `Reading ${possessive(subjectLabel(intent.subject))} deal…`,
  );
  const deal = output.deal;
  if (!deal) {
    const name = subjectLabel(intent.subject);
    return noData(
      intent.subject.kind === 'company'
        ? `${name} has no deal in the pipeline, so there are no deal details to show. Create a deal for it to track its stage, documents and red flags.`
        : 'I could not find this deal in your organisation.',
      [`What is ${possessive(name)} ARR?`, 'What is the total pipeline by stage?'],
      rankCitations(output.citations, { limit: 3 }),
    );
  }
  if (intent.focus === 'missing_documents') return missingDocuments(output, deal);
  if (intent.focus === 'similar') return similarDeals(session, output, deal);
  return overview(output, deal);
}

function overview(output: TToolOutput<'get_deal_details'>, deal: Deal): Composed {
  const where = [deal.sector, deal.geography].filter(Boolean).join(', ');
  const lines = [
    `**${deal.company_name}** — deal #${deal.deal_number}, ${deal.stage_label}, requesting ${money(deal.amount_requested)}${where ? ` (${where})` : ''}.`,
  ];
  if (deal.thematic_score !== null) {
    lines.push(
      `- Thematic score: ${Math.round(deal.thematic_score * 10) / 10}${deal.thematic_recommendation ? ` (${deal.thematic_recommendation.replaceAll('_', ' ')})` : ''}`,
    );
  }
  lines.push(
    deal.red_flag_level
      ? `- Red flags: ${RED_FLAG_LEVEL_LABELS[deal.red_flag_level]}, ${count(deal.red_flag_count)} flag${deal.red_flag_count === 1 ? '' : 's'}`
      : '- Red flags: not scored yet',
  );
  const facility = deal.suggested_facility;
  if (facility?.min != null && facility.max != null) {
    const range =
      facility.min === facility.max
        ? money(facility.min)
        : `${money(facility.min)} to ${money(facility.max)}`;
    lines.push(`- Suggested facility: ${range}`);
  }
  lines.push(
    deal.documents.length > 0
      ? `- Documents: ${listing(deal.documents.slice(0, 5).map((d) => d.name))}${deal.documents.length > 5 ? ' and more' : ''}`
      : '- Documents: none uploaded yet',
  );
  const last = day(deal.last_interaction);
  if (last) lines.push(`- Last interaction: ${last}`);
  if (output.alternatives.length > 0) {
    lines.push(
      '',
      `Other deals under that name: ${listing(output.alternatives.map((a) => `${a.company_name} (${STAGE_LABELS[a.stage]})`))}.`,
    );
  }
  const name = deal.company_name;
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations(output.citations, { orderIds: [deal.id, deal.company_id] }),
    related: [
      `What is ${possessive(name)} latest financial status?`,
      `What are the red flags for ${name}?`,
      `Size a facility for ${name}`,
    ],
    completeness: deal.thematic_score === null ? 0.8 : 1,
  };
}

function missingDocuments(output: TToolOutput<'get_deal_details'>, deal: Deal): Composed {
  const onFile = EXPECTED_DOCUMENTS.filter((e) => deal.documents.some((d) => d.document_type === e.type));
  const missing = EXPECTED_DOCUMENTS.filter((e) => !onFile.includes(e));
  const lines: string[] = [];
  if (missing.length === 0) {
    lines.push(
      `${possessive(deal.company_name)} deal room holds every document a credit review expects: ${listing(onFile.map((e) => e.label))}.`,
    );
  } else {
    lines.push(`Missing for **${deal.company_name}** (${deal.stage_label}):`);
    for (const expected of missing) lines.push(`- ${capitalise(expected.label)}: ${expected.why}`);
    lines.push(
      '',
      onFile.length > 0
        ? `On file: ${listing(onFile.map((e) => `${e.label} (${deal.documents.find((d) => d.document_type === e.type)?.name})`))}.`
        : deal.documents.length > 0
          ? `On file but not classified as any of these: ${listing(deal.documents.slice(0, 5).map((d) => d.name))}.`
          : 'No documents are uploaded for this deal yet.',
    );
  }
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations(output.citations, { orderIds: [deal.id] }),
    related: [
      `What is ${possessive(deal.company_name)} latest financial status?`,
      `What are the red flags for ${deal.company_name}?`,
      'Compare this deal to similar deals',
    ],
    completeness: 1,
  };
}

async function similarDeals(
  session: ToolSession,
  output: TToolOutput<'get_deal_details'>,
  deal: Deal,
): Promise<Composed> {
  const portfolio = await session.call(
    'analyse_portfolio',
    { group_by: 'sector' },
    'Comparing with similar deals…',
  );
  const sector = deal.sector?.trim().toLowerCase();
  const group = portfolio.groups.find(
    (g) => sector && (g.key.toLowerCase() === sector || g.label.toLowerCase() === sector),
  );
  const peers = group ?? null;
  const lines = [
    `**${deal.company_name}** requests ${money(deal.amount_requested)} (${deal.stage_label}${deal.sector ? `, ${deal.sector}` : ''}).`,
  ];
  if (peers && peers.count > 1) {
    lines.push(
      `Across the ${count(peers.count)} ${peers.label} deals in the portfolio (this one included), requests total ${money(peers.total_amount)}` +
        (peers.average_amount === null ? '.' : `, ${money(peers.average_amount)} on average.`),
    );
    if (peers.average_score !== null && deal.thematic_score !== null) {
      lines.push(
        `Its thematic score is ${round1(deal.thematic_score)} against a ${peers.label} average of ${round1(peers.average_score)}.`,
      );
    }
  } else {
    lines.push(
      `No other deal shares its sector${deal.sector ? '' : ' (none is recorded)'}; across all ${count(portfolio.totals.count)} deals the average request is ` +
        `${portfolio.totals.average_amount === null ? 'not known' : money(portfolio.totals.average_amount)}.`,
    );
  }
  const name = deal.company_name;
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations([...output.citations, ...portfolio.citations], { orderIds: [deal.id] }),
    related: [
      `What are the red flags for ${name}?`,
      `Size a facility for ${name}`,
      'Show the portfolio by sector',
    ],
    completeness: peers && peers.count > 1 ? 1 : 0.6,
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
