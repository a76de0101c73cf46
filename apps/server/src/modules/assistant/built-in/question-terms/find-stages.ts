import { DEAL_STAGES, type TDealStage } from '@atempo/contracts';
import { hasAny, type NormalisedQuestion } from '../question.ts';
import { AMBIGUOUS_STAGE_PHRASES, OPEN_STAGES, STAGE_PHRASES } from '../vocabulary.ts';

/** The deal stages the question names, in pipeline order; null when it names none. */
export function findStages(question: NormalisedQuestion): TDealStage[] | null {
  const found = new Set<TDealStage>();
  for (const stage of DEAL_STAGES) {
    if (hasAny(question, STAGE_PHRASES[stage])) found.add(stage);
    for (const phrase of AMBIGUOUS_STAGE_PHRASES[stage] ?? []) {
      if (new RegExp(` (?:in|at|to|reached|reach) (?:the )?${phrase}(?: stage)? `).test(question.padded))
        found.add(stage);
    }
  }
  // "in IC review and term sheet": an ambiguous phrase joined to a stage already named is a stage too.
  if (found.size > 0) {
    for (const stage of DEAL_STAGES) {
      for (const phrase of AMBIGUOUS_STAGE_PHRASES[stage] ?? []) {
        if (new RegExp(` (?:and|or) (?:the )?${phrase}(?: stage)? `).test(question.padded)) found.add(stage);
      }
    }
  }
  // "ic" inside "ic review" was matched; a bare "ic" word only counts with stage words around it.
  if (
    found.has('ic_review') &&
    !hasAny(question, ['ic review', 'investment committee', 'credit committee', 'committee review']) &&
    !/ (?:in|at|for|to|before) ic /.test(question.padded)
  ) {
    found.delete('ic_review');
  }
  if (
    found.has('lead') &&
    !hasAny(question, ['leads', 'lead stage', 'new leads']) &&
    !/ (?:in|at) (?:the )?lead /.test(question.padded)
  ) {
    found.delete('lead');
  }
  // "closed" in "closed deals" is a stage; "lost" in "lost money" is rare enough to accept.
  if (hasAny(question, ['open pipeline', 'open deals', 'active deals', 'active pipeline', 'live deals'])) {
    for (const stage of OPEN_STAGES) found.add(stage);
  }
  // "excluding closed deals", "except rejected", "not counting closed": every other stage.
  const excluded = [...found].filter((stage) =>
    [...(STAGE_PHRASES[stage] ?? []), ...(AMBIGUOUS_STAGE_PHRASES[stage] ?? [])].some((phrase) =>
      new RegExp(
        ` (?:excluding|exclude|except|without|besides|not counting|other than|apart from|but not|not) (?:the )?(?:\\S+ (?:and|or) )?${phrase} `,
      ).test(question.padded),
    ),
  );
  if (excluded.length > 0) {
    const kept = DEAL_STAGES.filter(
      (stage) => !excluded.includes(stage) && (found.size === excluded.length || found.has(stage)),
    );
    return kept.length > 0 ? kept : null;
  }
  return found.size > 0 ? DEAL_STAGES.filter((s) => found.has(s)) : null;
}
