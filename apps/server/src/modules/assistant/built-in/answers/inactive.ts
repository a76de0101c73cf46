import { inactiveCompanies } from '../../../knowledge/companies.service.ts';
import { citation } from '../citations.ts';
import { count, day } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import type { Composed } from './composed.ts';

type InactiveIntent = Extract<Intent, { kind: 'inactive' }>;

const SHOWN = 10;

/** Companies with no document, email, note or deal activity in the window (the knowledge module). */
export async function answerInactive(session: ToolSession, intent: InactiveIntent): Promise<Composed> {
  const { db, organizationId, now } = session.context;
  const output = await session.read('Looking for companies without recent contact…', () =>
    inactiveCompanies(db, organizationId, { days: intent.days, limit: 25 }, now),
  );
  const related = [
    'Which companies have we not spoken to in 90 days?',
    output.companies[0]
      ? `What is ${output.companies[0].name}'s latest financial status?`
      : 'What is the total pipeline by stage?',
    'Which deals in due diligence have critical red flags?',
  ];
  if (output.total === 0) {
    return {
      answer: `Every company has had a document, email, note or deal update in the last ${count(output.days)} days.`,
      response_type: 'answer',
      citations: [],
      related,
      completeness: 1,
    };
  }
  const lines = [
    `${count(output.total)} compan${output.total === 1 ? 'y has' : 'ies have'} had no document, email, note or deal activity in the last ${count(output.days)} days (longest silent first):`,
  ];
  for (const company of output.companies.slice(0, SHOWN)) {
    lines.push(
      `- **${company.name}**: last ${company.last_activity_kind === 'created' ? 'activity was being added' : company.last_activity_kind} on ${day(company.last_activity_at)}, ${count(company.days_inactive)} days ago`,
    );
  }
  const citations = output.companies
    .slice(0, 8)
    .map((company, i) =>
      citation(
        company.name,
        `Last ${company.last_activity_kind} ${day(company.last_activity_at)}; ${company.days_inactive} days without activity`,
        { kind: 'company', id: company.id, location: null },
        0.9 - i * 0.05,
        company.last_activity_at,
      ),
    );
  return { answer: lines.join('\n'), response_type: 'answer', citations, related, completeness: 1 };
}
