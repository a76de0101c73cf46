import type { Severity } from '../intents.ts';
import { hasAny, type NormalisedQuestion } from '../question.ts';
import { SEVERITY_PHRASES } from '../vocabulary.ts';

/** The red-flag severity the question narrows to, the highest named first; null when none. */
export function findSeverity(question: NormalisedQuestion): Severity | null {
  for (const severity of ['critical', 'high', 'medium', 'low'] as const) {
    const phrases = SEVERITY_PHRASES[severity];
    // "high" counts only next to flag/risk/severity words ("high-risk", "high severity").
    if (severity === 'high' || severity === 'low' || severity === 'medium') {
      if (
        new RegExp(
          ` (?:${phrases.join('|')})(?: severity| risk| priority)? (?:red )?(?:flags?|risks?|issues?|severity) `,
        ).test(question.padded)
      ) {
        return severity;
      }
      continue;
    }
    if (hasAny(question, phrases)) return severity;
  }
  return null;
}
