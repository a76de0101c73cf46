import { rankCitations } from '../citations.ts';
import { count, listing, money, months } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { type Composed, noData } from './composed.ts';

type RankingIntent = Extract<Intent, { kind: 'ranking' }>;

/** search_companies lists at most this many companies; the answer says so when there are more. */
const MAX_COMPANIES = 25;

/**
 * "Which company will run out of cash first?", "shortest runway": runway is cash ÷ monthly burn,
 * worked out by calculate_metrics for each company from its recorded figures (a recorded runway
 * is not needed). It reads the figures as they stand today — no forecast — and names the
 * companies that lack cash or burn, so an unranked company is not read as a safe one.
 */
export async function answerRunwayRanking(session: ToolSession, intent: RankingIntent): Promise<Composed> {
  const listed = await session.call(
    'search_companies',
    { query: '', limit: MAX_COMPANIES, ...(intent.sector ? { sector: intent.sector } : {}) },
    'Listing the companies…',
  );
  const worked: { id: string; name: string; runway: number; cash: number; burn: number }[] = [];
  const lacking: string[] = [];
  const generative: string[] = [];
  const citations = [...listed.citations];
  for (const company of listed.companies) {
    const output = await session.call(
      'calculate_metrics',
      { calculation: 'runway', company_id: company.id },
      `Working out ${company.name}'s runway…`,
    );
    const cash = output.inputs_used.find((i) => i.name === 'cash')?.value;
    const burn = output.inputs_used.find((i) => i.name === 'monthly_burn')?.value;
    if (output.result === null && cash !== undefined && burn !== undefined && burn <= 0) {
      // A recorded burn of zero or less: cash generative, its runway is not limited by burn.
      generative.push(company.name);
      citations.push(...output.citations);
      continue;
    }
    if (output.result === null || cash === undefined || burn === undefined) {
      lacking.push(company.name);
      continue;
    }
    worked.push({ id: company.id, name: company.name, runway: output.result, cash, burn });
    citations.push(...output.citations);
  }
  const related = [
    'Which deals have critical red flags?',
    'What is the open pipeline worth?',
    'Which companies have the highest burn?',
  ];
  const scope = intent.sector ? ` ${intent.sector}` : '';
  if (worked.length === 0) {
    return noData(
      `No${scope} company has both cash and monthly burn recorded, so no runway can be worked out${lacking.length > 0 ? ` (${listing(lacking)} lack them)` : ''}.`,
      related,
    );
  }
  const ascending = intent.order === 'asc';
  worked.sort((a, b) => (ascending ? a.runway - b.runway : b.runway - a.runway));
  const shown = worked.slice(0, intent.limit ?? 5);
  const first = shown[0]!;
  const lines = [
    `${ascending ? 'Shortest' : 'Longest'} runway on the recorded figures: **${first.name}**, ${months(first.runway)} (cash ${money(first.cash)} ÷ monthly burn ${money(first.burn)}). This reads today's recorded cash and burn; it is not a forecast.`,
    '',
    `Runway (cash ÷ monthly burn) of the ${count(worked.length)}${scope} ${worked.length === 1 ? 'company' : 'companies'} with both recorded, ${ascending ? 'shortest' : 'longest'} first:`,
    ...shown.map((c) => `- **${c.name}**: ${months(c.runway)}`),
  ];
  if (generative.length > 0) {
    lines.push(
      '',
      `Not burning cash (recorded monthly burn of zero or less), so not limited by burn: ${listing(generative)}.`,
    );
  }
  if (lacking.length > 0)
    lines.push('', `Not ranked (cash or monthly burn not recorded): ${listing(lacking)}.`);
  if (listed.total > listed.companies.length) {
    lines.push(
      `Only the ${count(listed.companies.length)} most recently updated of ${count(listed.total)} companies were read.`,
    );
  }
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations(citations, { orderIds: shown.map((c) => c.id) }),
    related,
    completeness: listed.total > listed.companies.length ? 0.8 : 1,
  };
}
