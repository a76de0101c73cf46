/**
 * The sentences of a summary that report a round now, as opposed to one in the company's past
 * ("which raised $8 million in a 2015 round", "following a $20 million round earlier this year").
 * A summary may carry the round when the headline talks about something else.
 */

/** Time words that put a raise in the past or make it a running total. */
const PAST_OR_TOTAL =
  /\b(?:last (?:year|month|week|spring|summer|fall|autumn|winter|round)|earlier (?:this|that|in the) (?:year|month|week|spring|summer|fall|autumn|winter)|(?:late|early) last year|(?:in|since|back in|during) (?:early |late |mid-)?(?:19|20)\d\d|(?:19|20)\d\d (?:funding|round|seed|series)|previously|prior (?:round|funding)|to date|so far|in total|a total of|altogether|following (?:a|an|its|their|the)\b|after (?:raising|closing|securing|landing)|(?:which|that|who) (?:has |had )?(?:raised|closed|secured)|had raised|had previously|its last round|earlier round|previous round|years? ago|months? ago|in (?:January|February|March|April|May|June|July|August|September|October|November|December)\b|(?:has|have) (?:now )?raised (?:more than|over|nearly|almost|about|around|some|north of|upwards of|in excess of|a combined)|raised a (?:combined|cumulative|total))\b/i;

/** A verb that reports money coming in, in a sentence of a summary. */
const RAISE_VERB =
  /\b(?:has |have |had )?(?:just )?(?:raised|raises|raising|closed|closes|secured|secures|landed|lands|completed|completes|announced|announces|received|receives|bagged|bags|picked up|picks up|nabbed|snagged|scored|pulled in|netted|attracted|is announcing that it has raised|is raising)\b/i;

/** Words that name a round in the sentence. */
/** Words that name one round (not "has raised $400M from investors", a running total). */
const ROUND_NOUN = /\b(?:funding|round|investment|financing|series [a-z]|seed|pre-seed|venture debt)\b/i;

export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[“"'‘(]?[\p{Lu}\d$€£])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const isPastOrTotal = (sentence: string) => PAST_OR_TOTAL.test(sentence);

export interface RoundSentence {
  sentence: string;
  /** Where the raise verb starts: the company is named before it. */
  verbAt: number;
}

/** Summary sentences that state a round now: a raise verb and round words, no past or total. */
export function currentRoundSentences(summary: string): RoundSentence[] {
  const found: RoundSentence[] = [];
  for (const sentence of sentencesOf(summary)) {
    if (isPastOrTotal(sentence)) continue;
    const verb = RAISE_VERB.exec(sentence);
    if (!verb || !ROUND_NOUN.test(sentence)) continue;
    found.push({ sentence, verbAt: verb.index });
  }
  return found;
}
