import { citation } from '../citations.ts';
import { count, day } from '../format.ts';
import type { Intent } from '../intents.ts';
import { companiesWithoutContact } from '../portfolio-insights.repository.ts';
import type { ToolSession } from '../session.ts';
import type { Composed } from './composed.ts';

type InactiveIntent = Extract<Intent, { kind: 'inactive' }>;

const SHOWN = 10;
const DAY_MS = 86_400_000;

/** Companies with no email, note or recorded interaction in the window, never contacted first. */
export async function answerInactive(session: ToolSession, intent: InactiveIntent): Promise<Composed> {
  const { db, organizationId, now } = session.context;
  const output = await session.read('Looking for companies without recent contact…', () =>
    companiesWithoutContact(db, organizationId, {
      since: new Date(now.getTime() - intent.days * DAY_MS),
      now,
      limit: 25,
    }),
  );
  const related = [
    `Which companies have we not spoken to in ${intent.days === 90 ? 30 : 90} days?`,
    output.companies[0]
      ? `Tell me about ${output.companies[0].name}`
      : 'What is the total pipeline by stage?',
    'Which deals in due diligence have critical red flags?',
  ];
  const window = `in the last ${count(output.days)} days`;
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
    output.never_contacted > 0 && output.contacted_before > 0
      ? ` (${count(output.contacted_before)} last contacted earlier, ${count(output.never_contacted)} with no contact recorded at all)`
      : output.never_contacted > 0
        ? ' (none has any contact recorded)'
        : '';
  const lines = [
    `${count(output.total)} compan${output.total === 1 ? 'y has' : 'ies have'} had no email, note or recorded interaction ${window}${split}:`,
  ];
  for (const company of output.companies.slice(0, SHOWN)) {
    lines.push(
      company.last_contact_at === null
        ? `- **${company.name}**: no contact recorded`
        : `- **${company.name}**: last contact ${day(company.last_contact_at)}, ${count(company.days_since_contact ?? 0)} days ago`,
    );
  }
  if (output.total > SHOWN) lines.push('More are on the Companies page; the longest silent are listed.');
  const citations = output.companies
    .slice(0, 8)
    .map((company, i) =>
      citation(
        company.name,
        company.last_contact_at === null
          ? 'No email, note or interaction recorded'
          : `Last contact ${day(company.last_contact_at)}`,
        { kind: 'company', id: company.id, location: null },
        0.9 - i * 0.05,
        company.last_contact_at,
      ),
    );
  return { answer: lines.join('\n'), response_type: 'answer', citations, related, completeness: 1 };
}
