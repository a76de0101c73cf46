import type { TRiskLevel, TSourcedText } from '@atempo/contracts';

/**
 * A document's risk level from its flags alone (spec 01 §3 risk levels), by rules a credit
 * analyst can check, rather than a model's impression:
 * - critical: a flag names a doubt about the company's survival or its debt (going concern,
 *   insolvency, administration, an event of default, a covenant breach or waiver);
 * - high: three flags or more;
 * - medium: one or two flags;
 * - low: none.
 */
const CRITICAL = new RegExp(
  [
    'going[- ]concern',
    'material uncertainty',
    'insolven',
    'into administration',
    'administrators? (?:were |was |have been )?appointed',
    'receivership',
    'liquidation',
    'event of default',
    '\\bin default\\b',
    '\\bdefaulted\\b',
    'covenant (?:breach|waiver)',
    'breach\\w* (?:of )?(?:[\\w-]+ ){0,3}covenants?',
  ].join('|'),
  'i',
);

export const HIGH_FLAG_COUNT = 3;

export function riskLevel(flags: TSourcedText[]): { level: TRiskLevel; rationale: string } {
  const critical = flags.find((flag) => CRITICAL.test(flag.text));
  if (critical) {
    return {
      level: 'critical',
      rationale: `Critical: a flag questions the company's survival or its debt ("${critical.text}").`,
    };
  }
  const count = flags.length;
  if (count >= HIGH_FLAG_COUNT) return { level: 'high', rationale: `High: ${count} risk flags were found.` };
  if (count > 0) {
    return {
      level: 'medium',
      rationale: `Medium: ${count} risk flag${count === 1 ? ' was' : 's were'} found.`,
    };
  }
  return { level: 'low', rationale: 'Low: no risk flag was found in this document.' };
}
