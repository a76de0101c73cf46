import type { TToolOutput } from '@atempo/contracts';
import { rankCitations } from '../citations.ts';
import { figure, listing, money, percent } from '../format.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { CALCULATION_LABELS } from '../vocabulary.ts';
import { type Composed, nameAsWords, possessive, subjectInput, subjectLabel } from './composed.ts';

type CalculationIntent = Extract<Intent, { kind: 'calculation' }>;

/** What to upload when a calculation's inputs are missing. */
const WHERE_INPUTS_COME_FROM: Record<string, string> = {
  facility_sizing:
    'recent financial statements (ARR or revenue, cash, monthly burn) and the last equity round',
  burn_multiple: 'management accounts with the monthly burn and ARR growth',
  runway: 'recent management accounts or a bank statement with cash and monthly burn',
  rule_of_40: 'financial statements with revenue growth and an EBITDA or profit margin',
  ltv_cac: 'a KPI pack with customer acquisition cost, margin and churn',
  cac_payback: 'a KPI pack with customer acquisition cost, new ARR and gross margin',
  debt_service_coverage: 'financial statements with EBITDA and the debt service schedule',
};

export async function answerCalculation(session: ToolSession, intent: CalculationIntent): Promise<Composed> {
  const label = CALCULATION_LABELS[intent.calculation];
  if (!intent.subject && !intent.given) {
    return {
      answer: `Which company or deal should I work out the ${label} for? Name it, for example "${example(intent.calculation)} for Acme", or ask from the deal's page.`,
      response_type: 'clarification',
      citations: [],
      related: [
        'What is the total pipeline by stage?',
        'Which deals in due diligence have critical red flags?',
      ],
      completeness: 0,
    };
  }
  const output = await session.call(
    'calculate_metrics',
    {
      calculation: intent.calculation,
      ...(intent.subject ? subjectInput(intent.subject) : {}),
      ...(intent.given ? { inputs: intent.given } : {}),
    },
    `Calculating the ${label}…`,
  );
  const citations = rankCitations(output.citations);
  if (!intent.subject) return fromGivenFigures(intent, output, citations);
  const name = subjectLabel(intent.subject);
  const related = relatedFor(intent.calculation, name);
  if (output.result === null && output.range === null) {
    const missing = output.missing.map(nameAsWords);
    return {
      answer:
        `I cannot work out ${possessive(name)} ${label}: the data does not hold ${listing(missing) || 'its inputs'}. ` +
        `Upload ${WHERE_INPUTS_COME_FROM[intent.calculation] ?? 'recent financials'}, or add the figures to the financial facts.`,
      response_type: 'no_data',
      citations,
      related,
      completeness: 0,
    };
  }
  const lines: string[] = [];
  if (output.range) {
    lines.push(
      `A facility for ${name} of ${money(output.range.min)} to ${money(output.range.max)} fits the data` +
        (output.result === null ? '.' : `, ${money(output.result)} at the centre.`),
    );
  } else if (output.result !== null) {
    lines.push(`${capitalise(possessive(name))} ${label} is ${figure(output.result, output.unit)}.`);
  }
  lines.push('', `Formula: ${output.formula}`);
  // Each input's figure is in the steps; its source is named once here.
  if (output.inputs_used.length > 0) {
    lines.push(
      '',
      'Inputs:',
      ...output.inputs_used.map((input) => `- ${nameAsWords(input.name)}: ${input.source}`),
    );
  }
  if (output.steps.length > 0) lines.push('', ...output.steps.map((step) => `- ${step}`));
  if (output.interpretation) lines.push('', output.interpretation);
  if (output.missing.length > 0)
    lines.push('', `Not in the data: ${listing(output.missing.map(nameAsWords))}.`);
  const inputs = output.inputs_used.length + output.missing.length;
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations,
    related,
    completeness: inputs === 0 ? 1 : output.inputs_used.length / inputs,
  };
}

type CalculationOutput = TToolOutput<'calculate_metrics'>;

/**
 * A calculation on the question's own figures, no company: the result first, then the formula and
 * each step with the figures given; what it lacks is named, never looked up elsewhere.
 */
function fromGivenFigures(
  intent: CalculationIntent,
  output: CalculationOutput,
  citations: Composed['citations'],
): Composed {
  const label = CALCULATION_LABELS[intent.calculation];
  const related = [
    'What is the total pipeline by stage?',
    'Which companies show the strongest revenue growth?',
    'Size a facility for Acme',
  ];
  const assumption = intent.assumption ? [intent.assumption, ''] : [];
  if (output.result === null && output.range === null) {
    return {
      answer: `I cannot work out the ${label} from the figures the question gives: it also needs ${listing(
        output.missing.map(nameAsWords),
      )}. Give ${output.missing.length === 1 ? 'it' : 'them'} in the question, or name a company whose figures I should use.`,
      response_type: 'no_data',
      citations: [],
      related,
      completeness: 0,
    };
  }
  const headline =
    intent.calculation === 'percentage_of' && output.result !== null && intent.given
      ? `${percent(intent.given.percent ?? 0)} of ${money(intent.given.amount ?? 0)} is ${money(output.result)}.`
      : output.range
        ? `With the figures given, a facility of ${money(output.range.min)} to ${money(output.range.max)} fits.`
        : `With the figures given, the ${label} is ${figure(output.result ?? 0, output.unit)}.`;
  const lines = [
    ...assumption,
    headline,
    '',
    `Formula: ${output.formula}`,
    ...output.steps.map((step) => `- ${step}`),
  ];
  if (intent.calculation !== 'percentage_of' && output.interpretation) lines.push('', output.interpretation);
  return { answer: lines.join('\n'), response_type: 'answer', citations, related, completeness: 1 };
}

function example(calculation: string): string {
  return calculation === 'facility_sizing'
    ? 'Size a facility'
    : `Calculate the ${CALCULATION_LABELS[calculation as 'runway']}`;
}

function relatedFor(calculation: string, name: string): string[] {
  const all: [string, string][] = [
    ['runway', `What is ${possessive(name)} runway?`],
    ['burn_multiple', `What is ${possessive(name)} burn multiple?`],
    ['facility_sizing', `Size a facility for ${name}`],
    ['rule_of_40', `What is ${possessive(name)} Rule-of-40 score?`],
    ['red_flags', `What are the red flags for ${name}?`],
  ];
  return all
    .filter(([key]) => key !== calculation)
    .map(([, q]) => q)
    .slice(0, 3);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
