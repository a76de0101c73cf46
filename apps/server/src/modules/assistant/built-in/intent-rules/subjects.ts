import type { CompanyMention } from '../company-mentions.ts';
import type { Subject } from '../intents.ts';
import { hasAny, type NormalisedQuestion } from '../question.ts';

const FOLLOW_UP_WORDS = ['and', 'what about', 'how about', 'same for', 'and for', 'now'];

export function toSubject(mention: CompanyMention): Subject {
  return { kind: 'company', company_id: mention.id, name: mention.name, match: mention.match };
}

export function isFollowUp(question: NormalisedQuestion): boolean {
  const first = question.words.slice(0, 2).join(' ');
  return (
    FOLLOW_UP_WORDS.some((w) => first === w || first.startsWith(`${w} `)) ||
    hasAny(question, ['its', 'their', 'it', 'they', 'them', 'this company', 'that company'])
  );
}
