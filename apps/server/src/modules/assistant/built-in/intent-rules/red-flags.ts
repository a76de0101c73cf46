import { hasAny, type NormalisedQuestion } from '../question.ts';
import type { IntentRule } from './rule.ts';

const RED_FLAG_WORDS = [
  'red flag',
  'red flags',
  'redflags',
  'flags',
  'flagged',
  'risk',
  'risks',
  'risky',
  'warning signs',
  'warning sign',
  'concerns',
  'issues',
  'problems',
];

/** Words that take a question beyond the deal in context to the organisation's deals. */
const PORTFOLIO_SCOPE_WORDS = [
  'deals',
  'portfolio',
  'pipeline',
  'companies',
  'which deal',
  'any deal',
  'all deals',
  'other deals',
  'across',
];

/** The red flags of a company, of the deal in context, or of the deals in some stages. */
export const redFlagsRule: IntentRule = (context) => {
  const { question, subject, unknownNames, stages, window, notes, dealSubject, named, severity, sure } =
    context;
  // "pipeline by risk level" is a portfolio breakdown, not a list of flags.
  const byRiskLevel = / by (?:risk|risk level|red flag level|flag level|red flag) /.test(question.padded);
  if (!hasAny(question, RED_FLAG_WORDS) || byRiskLevel) return null;
  if (!subject && unknownNames.length > 0 && !stages) {
    return sure({ kind: 'unknown_company', names: unknownNames, asked: 'red flags' }, 0.8);
  }
  if (window)
    notes.push(
      `Red flags are shown as they stand today; they are not dated, so "${window.label}" could not narrow them.`,
    );
  // "How many deals are high risk?": the Deals table's badge (red-flag level), counted as it shows it.
  const badge = question.padded.match(/ (high|moderate|medium|low) risk (?!flags? |red flags? )/);
  if (badge && named.length === 0 && !(dealSubject && !asksAboutPortfolio(question))) {
    const level = badge[1] === 'high' ? 'high_risk' : badge[1] === 'low' ? 'low_risk' : 'moderate_risk';
    return sure(
      {
        kind: 'portfolio',
        focus: 'count',
        group_by: 'stage',
        stages,
        place: null,
        red_flag_level: level,
        ...(hasAny(question, ['which', 'list', 'show', 'name']) ? { list: true } : {}),
      },
      0.9,
    );
  }
  // "Which deals have no red flags?", "deals without any flags": the clean ones, not the flagged.
  const without =
    / (?:no|without|zero|free of|not any|without any|with no) (?:red )?(?:flags?|risks?|red flags?) /.test(
      question.padded,
    );
  if (without && named.length === 0 && !(dealSubject && !asksAboutPortfolio(question))) {
    return sure(
      { kind: 'red_flags', subject: null, stages, min_severity: null, window: null, without: true },
      0.9,
    );
  }
  // In a deal's panel, "what will the credit committee flag?" is about that deal, not the IC Review
  // stage: the deal wins unless the question asks about the portfolio ("which deals…").
  const theDeal = dealSubject && named.length === 0 && !asksAboutPortfolio(question);
  return sure(
    {
      kind: 'red_flags',
      subject: theDeal ? dealSubject : stages ? (named[0] ?? null) : subject,
      stages: theDeal ? null : stages,
      min_severity: severity,
      window,
    },
    0.95,
  );
};

function asksAboutPortfolio(question: NormalisedQuestion): boolean {
  return hasAny(question, PORTFOLIO_SCOPE_WORDS);
}
