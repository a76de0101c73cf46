/**
 * The suggested prompts of spec 01 (up to 3, §9). Without deal context the spec lists four
 * subjects: revenue growth, red flags this quarter, fintech trends, Series B vs C. Three are shown:
 * the first two every day (the questions a lender asks daily), and the last two taking turns by
 * the day, so every subject is offered and the card keeps the spec's limit. Fintech trends is answered from the collected market signals and funding announcements
 * (and says how to collect them when there are none). With deal context, comparison to similar
 * deals is left out: the three kept are answered from the deal's own record and documents, which
 * an analyst checks first.
 */
export const SUGGESTED_PROMPTS_LIMIT = 3;

export const PORTFOLIO_PROMPTS = [
  'Which companies are growing revenue fastest?',
  'Which deals raised red flags this quarter?',
  'What are the latest fintech funding trends?',
  'Compare our Series B and Series C deals on size, gross margin and burn',
] as const;

export const DEAL_PROMPTS = [
  'What is the latest financial status of this company: revenue, burn and runway?',
  'What are the red flags on this deal, and how serious are they?',
  'Which documents are we still missing for the credit review?',
] as const;

const DAY_MS = 86_400_000;

/** The prompts shown on `today`: all of them when they fit, else the fixed ones and one taking turns. */
export function suggestedPrompts(withDealContext: boolean, today: Date = new Date()): readonly string[] {
  const prompts: readonly string[] = withDealContext ? DEAL_PROMPTS : PORTFOLIO_PROMPTS;
  if (prompts.length <= SUGGESTED_PROMPTS_LIMIT) return prompts;
  const fixed = prompts.slice(0, SUGGESTED_PROMPTS_LIMIT - 1);
  const turns = prompts.slice(SUGGESTED_PROMPTS_LIMIT - 1);
  return [...fixed, turns[Math.floor(today.getTime() / DAY_MS) % turns.length]!];
}
