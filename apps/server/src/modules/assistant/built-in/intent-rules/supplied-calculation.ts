import { CALCULATION_INPUTS } from '@atempo/scoring';
import { hasAny } from '../question.ts';
import { findGivenFigures, givenInputs } from '../question-terms/find-given-figures.ts';
import type { IntentRule } from './rule.ts';

const RUNWAY_WORDS = [
  'runway',
  'months of cash',
  'how long will the cash last',
  'how long does the cash last',
];

/**
 * A calculation whose inputs the question supplies ("if revenue is €2M and burn €150k a month,
 * what runway", "what is 15% of €4M"): worked out from the question's own figures, with no company
 * needed; a company it names fills in only what the question does not give.
 */
export const suppliedCalculationRule: IntentRule = ({ question, calculation, subject, sure }) => {
  const given = findGivenFigures(question.original);
  if (given.percentOf) {
    return sure(
      {
        kind: 'calculation',
        calculation: 'percentage_of',
        subject: null,
        given: { percent: given.percentOf.percent.value, amount: given.percentOf.amount.value },
      },
      0.95,
    );
  }
  const asked = calculation ?? (hasAny(question, RUNWAY_WORDS) ? 'runway' : null);
  if (!asked || asked === 'percentage_of') return null;
  const inputs = givenInputs(given);
  const wanted = CALCULATION_INPUTS[asked];
  const usable = Object.fromEntries(Object.entries(inputs).filter(([name]) => wanted.includes(name)));
  let assumption: string | undefined;
  // Runway needs cash: a lone amount given under another name (revenue, ARR, an unnamed sum) is
  // read as the cash available, and the answer says so, rather than refusing or guessing silently.
  if (asked === 'runway' && usable.monthly_burn !== undefined && usable.cash === undefined && !subject) {
    const others = given.figures.filter((f) => !f.percent && f.input !== 'monthly_burn');
    if (others.length === 1) {
      usable.cash = others[0]!.value;
      assumption = `The question gives no cash balance; the ${others[0]!.text} given${
        others[0]!.input ? ` as ${others[0]!.input.replaceAll('_', ' ')}` : ''
      } is taken as the cash available.`;
    }
  }
  if (Object.keys(usable).length === 0) return null;
  return sure(
    {
      kind: 'calculation',
      calculation: asked,
      subject,
      given: usable,
      ...(assumption ? { assumption } : {}),
    },
    0.9,
  );
};
