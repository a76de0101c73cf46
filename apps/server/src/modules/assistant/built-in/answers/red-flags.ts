import { STAGE_LABELS } from '@atempo/contracts';
import { rankCitations } from '../citations.ts';
import { count, listing } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { type Composed, possessive, RED_FLAG_LEVEL_LABELS, subjectByName, subjectLabel } from './composed.ts';

type RedFlagsIntent = Extract<Intent, { kind: 'red_flags' }>;

const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low'] as const;
const SHOWN_DEALS = 10;
const SHOWN_FLAGS = 3;

export async function answerRedFlags(session: ToolSession, intent: RedFlagsIntent): Promise<Composed> {
  if (intent.without) return dealsWithoutFlags(session, intent);
  const output = await session.call(
    'get_red_flags',
    {
      ...(intent.subject ? subjectByName(intent.subject) : {}),
      ...(intent.stages ? { stages: intent.stages } : {}),
      ...(intent.min_severity ? { min_severity: intent.min_severity } : {}),
      limit: 25,
    },
    'Reading red flags…',
  );
  const scope = describeScope(intent);
  const severityWords = intent.min_severity
    ? `${intent.min_severity}${intent.min_severity === 'critical' ? '' : ' or worse'} `
    : '';
  const related = relatedFor(intent, output.deals[0]?.company_name ?? null);
  // The tool chose each deal's flags (for Critical Risk by score alone, its gravest), so every deal
  // it counted is listed with its reason.
  const deals = output.deals
    .map((deal) => ({
      ...deal,
      flags: [...deal.flags].sort(
        (a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity),
      ),
    }))
    .filter((deal) => deal.flags.length > 0 || intent.subject);

  if (deals.length === 0 && output.document_flags.length === 0) {
    const answer = intent.subject
      ? `No ${severityWords}red flags are recorded for ${subjectLabel(intent.subject)}.`
      : `No deals${scope} have ${severityWords}red flags.`;
    return {
      answer: `${answer} Red flags come from scoring each deal against the thesis and from the documents' analysis; upload recent financials to refresh them.`,
      response_type: 'answer',
      citations: rankCitations(output.citations, { limit: 3 }),
      related,
      completeness: 0.7,
    };
  }

  const lines: string[] = [];
  if (intent.subject) {
    const deal = deals[0];
    const level = deal?.red_flag_level ? ` (${RED_FLAG_LEVEL_LABELS[deal.red_flag_level]})` : '';
    if (deal) lines.push(flagCountLine(deal, intent.min_severity), '');
    lines.push(`Red flags for **${deal?.company_name ?? subjectLabel(intent.subject)}**${level}:`);
    for (const flag of deal?.flags ?? []) lines.push(`- ${flag.severity}: ${flag.description}`);
    if (deal && deal.flags.length === 0) lines.push(`- No ${severityWords}flags from scoring.`);
  } else {
    const total = output.total_deals;
    lines.push(
      `${count(total)} deal${total === 1 ? '' : 's'}${scope} ${total === 1 ? 'has' : 'have'} ${severityWords}red flags:`,
    );
    for (const deal of deals.slice(0, SHOWN_DEALS)) {
      const level = deal.red_flag_level ? `, ${RED_FLAG_LEVEL_LABELS[deal.red_flag_level]}` : '';
      const flags = deal.flags
        .slice(0, SHOWN_FLAGS)
        .map((f) => `${f.severity}: ${f.description.replace(/\.$/, '')}`);
      lines.push(`- **${deal.company_name}** (${STAGE_LABELS[deal.stage]}${level}): ${flags.join('; ')}`);
    }
    if (total > SHOWN_DEALS)
      lines.push('The deals with the most severe flags are listed; name a stage or a company to narrow it.');
  }
  if (output.document_flags.length > 0) {
    lines.push('', 'From the documents:');
    for (const flag of output.document_flags.slice(0, 5))
      lines.push(`- ${flag.text} (${flag.document_name})`);
  }
  const ids = [
    ...deals.slice(0, SHOWN_DEALS).flatMap((d) => [d.deal_id, d.company_id]),
    ...output.document_flags.map((f) => f.document_id),
  ];
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations(output.citations, { keepIds: ids, orderIds: ids }),
    related,
    completeness: 1,
  };
}

type DealFlags = {
  company_name: string;
  red_flag_score: number | null;
  flag_counts: Record<(typeof SEVERITY_ORDER)[number], number>;
};

/**
 * The count first, from the same flags as the deal's red-flag summary: "Beta Payments GmbH has 2
 * red flags (1 critical, 1 high); red-flag score 9.5."
 */
function flagCountLine(deal: DealFlags, minSeverity: RedFlagsIntent['min_severity']): string {
  const counted = minSeverity
    ? SEVERITY_ORDER.slice(0, SEVERITY_ORDER.indexOf(minSeverity) + 1)
    : [...SEVERITY_ORDER];
  const total = counted.reduce((sum, severity) => sum + deal.flag_counts[severity], 0);
  const words = minSeverity ? `${minSeverity}${minSeverity === 'critical' ? '' : ' or worse'} ` : '';
  const parts = counted.filter((severity) => deal.flag_counts[severity] > 0);
  const breakdown =
    parts.length > 1 || (!minSeverity && parts.length === 1)
      ? ` (${parts.map((severity) => `${count(deal.flag_counts[severity])} ${severity}`).join(', ')})`
      : '';
  const score = deal.red_flag_score === null ? '' : `; red-flag score ${deal.red_flag_score}`;
  return `**${deal.company_name}** has ${count(total)} ${words}red flag${total === 1 ? '' : 's'}${breakdown}${score}.`;
}

/** "Which deals have no red flags?": the count first, then the deals by name. */
async function dealsWithoutFlags(session: ToolSession, intent: RedFlagsIntent): Promise<Composed> {
  const output = await session.call(
    'get_red_flags',
    { without_flags: true, ...(intent.stages ? { stages: intent.stages } : {}), limit: 25 },
    'Reading red flags…',
  );
  const scope = describeScope(intent);
  const total = output.total_deals;
  const lines = [
    `${count(total)} deal${total === 1 ? '' : 's'}${scope} ${total === 1 ? 'has' : 'have'} no red flags${total > 0 ? ':' : '.'}`,
    ...output.deals.map((deal) => `- **${deal.company_name}** (${STAGE_LABELS[deal.stage]})`),
  ];
  if (total > output.deals.length) lines.push('The first of them are listed; the Deals table has them all.');
  const ids = output.deals.map((d) => d.deal_id);
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations(output.citations, { keepIds: ids, orderIds: ids }),
    related: ['Which deals in due diligence have critical red flags?', 'Show the pipeline by red flag level'],
    completeness: 1,
  };
}

function describeScope(intent: RedFlagsIntent): string {
  if (!intent.stages) return '';
  return ` in ${listing(intent.stages.map((s) => STAGE_LABELS[s]))}`;
}

function relatedFor(intent: RedFlagsIntent, firstCompany: string | null): string[] {
  if (intent.subject) {
    const name = firstCompany ?? subjectLabel(intent.subject);
    return [
      `What is ${possessive(name)} runway?`,
      `Size a facility for ${name}`,
      `What documents are missing for ${name}?`,
    ];
  }
  const related = [
    'Which deals in due diligence have critical red flags?',
    'Show the pipeline by red flag level',
  ];
  if (firstCompany) related.unshift(`What are the red flags for ${firstCompany}?`);
  return related.slice(0, 3);
}
