import { rankCitations } from '../citations.ts';
import { count, day } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import type { Composed } from './composed.ts';

type InactiveIntent = Extract<Intent, { kind: 'inactive' }>;

const SHOWN = 10;

/** search_companies' companies with no email, note or recorded interaction in the window, never contacted first. */
export async function answerInactive(session: ToolSession, intent: InactiveIntent): Promise<Composed> {
  const output = await session.call(
    'search_companies',
    { not_contacted_for_days: intent.days, limit: 25 },
    'Looking for companies without recent contact…',
  );
  const neverContacted = output.never_contacted ?? 0;
  const contactedBefore = output.contacted_before ?? 0;
  const related = [
    `Which companies have we not spoken to in ${intent.days === 90 ? 30 : 90} days?`,
    output.companies[0]
      ? `Tell me about ${output.companies[0].name}`
      : 'What is the total pipeline by stage?',
    'Which deals in due diligence have critical red flags?',
  ];
  const window = `in the last ${count(intent.days)} days`;
  if (output.total === 0) {
    return {
      answer: `Every company has had an email, a note or a recorded interaction ${window}.`,
      response_type: 'answer',
      citations: [],
      related,
      completeness: 1,
    };
  }
  const split =
    neverContacted > 0 && contactedBefore > 0
      ? ` (${count(contactedBefore)} last contacted earlier, ${count(neverContacted)} with no contact recorded at all)`
      : neverContacted > 0
        ? ' (none has any contact recorded)'
        : '';
  const lines = [
    `${count(output.total)} compan${output.total === 1 ? 'y has' : 'ies have'} had no email, note or recorded interaction ${window}${split}:`,
  ];
  for (const company of output.companies.slice(0, SHOWN)) {
    lines.push(
      company.last_interaction === null
        ? `- **${company.name}**: no contact recorded`
        : `- **${company.name}**: last contact ${day(company.last_interaction)}, ${count(company.days_since_contact ?? 0)} days ago`,
    );
  }
  if (output.total > SHOWN) lines.push('More are on the Companies page; the longest silent are listed.');
  const citations = rankCitations(output.citations, {
    orderIds: output.companies.slice(0, SHOWN).map((company) => company.id),
  });
  return { answer: lines.join('\n'), response_type: 'answer', citations, related, completeness: 1 };
}
