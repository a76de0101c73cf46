/**
 * The suggested prompts of spec 01 (up to 3, §9). Without deal context the spec lists four
 * subjects: revenue growth, red flags this quarter, fintech trends, Series B vs C. Fintech trends
 * is left out: it rests on market signals, which the platform does not gather yet (roadmap #5),
 * so it would only ever be declined. With deal context, comparison to similar deals is left out:
 * the three kept are answered from the deal's own record and documents, which an analyst checks
 * first.
 */
export const SUGGESTED_PROMPTS_LIMIT = 3;

export const PORTFOLIO_PROMPTS = [
  'Which companies are growing revenue fastest?',
  'Which deals raised red flags this quarter?',
  'Compare our Series B and Series C deals on size, gross margin and burn',
] as const;

export const DEAL_PROMPTS = [
  'What is the latest financial status of this company: revenue, burn and runway?',
  'What are the red flags on this deal, and how serious are they?',
  'Which documents are we still missing for the credit review?',
] as const;

export function suggestedPrompts(withDealContext: boolean): readonly string[] {
  return (withDealContext ? DEAL_PROMPTS : PORTFOLIO_PROMPTS).slice(0, SUGGESTED_PROMPTS_LIMIT);
}
