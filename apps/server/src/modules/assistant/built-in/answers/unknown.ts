import { listing } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { Composed } from './composed.ts';

type UnknownCompanyIntent = Extract<Intent, { kind: 'unknown_company' }>;
type AmbiguousCompanyIntent = Extract<Intent, { kind: 'ambiguous_company' }>;

export function answerAmbiguousCompany(intent: AmbiguousCompanyIntent): Composed {
  return {
    answer: `Several companies match: ${listing(
      intent.names.map((n) => `**${n}**`),
      'or',
    )}. Which one do you mean? Ask again with its full name.`,
    response_type: 'clarification',
    citations: [],
    related: intent.names.slice(0, 4).map((name) => `Tell me about ${name}`),
    completeness: 0,
  };
}

export const EXAMPLE_QUESTIONS = [
  'What is the total pipeline by stage?',
  'Which deals in due diligence have critical red flags?',
  'Which companies have we not spoken to in 60 days?',
  'Which companies show the strongest revenue growth?',
];

export function answerUnknownCompany(intent: UnknownCompanyIntent): Composed {
  const names = listing(intent.names.map((n) => `"${n}"`));
  return {
    answer:
      `I found no company or deal named ${names} in your organisation, so I cannot answer about it. ` +
      'Check the spelling, or add the company to the pipeline and upload its documents.',
    response_type: 'no_data',
    citations: [],
    related: ['Which companies are in the pipeline?', ...EXAMPLE_QUESTIONS.slice(0, 2)],
    completeness: 0,
  };
}

export function answerNotUnderstood(): Composed {
  return {
    answer:
      'I did not understand the question. I answer from your pipeline, companies and documents: for example totals by stage or sector, ' +
      "a company's metrics (ARR, burn, runway, margin…), red flags, facility sizing, burn multiple or the Rule-of-40 score, companies without recent contact, " +
      'and what a document says.',
    response_type: 'clarification',
    citations: [],
    related: EXAMPLE_QUESTIONS,
    completeness: 0,
  };
}
