import type { CompanyMention } from '../company-mentions.ts';
import { findPhrase, has, hasAny, type NormalisedQuestion } from '../question.ts';
import { DOCUMENT_TYPE_PHRASES } from '../vocabulary.ts';
import type { IntentRule } from './rule.ts';

/** "What does the term sheet say about covenants?": a search of the documents. */
export const documentsRule: IntentRule = ({ question, input, subject, sure }) => {
  const docTypes = Object.entries(DOCUMENT_TYPE_PHRASES)
    .filter(([, phrases]) => hasAny(question, phrases))
    .map(([type]) => type);
  const asksText = hasAny(question, [
    'say',
    'says',
    'said',
    'mention',
    'mentions',
    'mentioned',
    'state',
    'states',
    'clause',
    'clauses',
    'covenant',
    'covenants',
    'wording',
    'language',
    'provision',
    'provisions',
    'quote',
    'search documents',
    'search the documents',
    'in the documents',
    'in our documents',
    'find documents',
    'documents about',
    'documents mentioning',
    'which documents',
  ]);
  if (
    (docTypes.length > 0 && asksText) ||
    hasAny(question, [
      'search documents',
      'in the documents',
      'in our documents',
      'documents mentioning',
      'documents about',
      'find documents',
      'which documents',
    ])
  ) {
    return sure(
      { kind: 'documents', query: documentQuery(question, input.mentions), subject, doc_types: docTypes },
      0.85,
    );
  }
  return null;
};

/** What to search the documents for: the question without its asking words, company and document-type names. */
function documentQuery(question: NormalisedQuestion, mentions: CompanyMention[]): string {
  const drop = new Set(
    `what does do did the a an our say says said about mention mentions mentioned in of on for is are was
    there any which documents document find search show me tell regarding concerning state states
    and or to from with we have has how`.split(/\s+/),
  );
  const skip = new Set<number>();
  for (const mention of mentions) for (let i = mention.start; i < mention.end; i++) skip.add(i);
  const typeWords = new Set(
    Object.values(DOCUMENT_TYPE_PHRASES)
      .flat()
      .filter((phrase) => has(question, phrase))
      .flatMap((phrase) => phrase.split(' ')),
  );
  const kept = question.words.filter((word, i) => !skip.has(i) && !drop.has(word));
  const withoutTypes = kept.filter((word) => !typeWords.has(word));
  const found = findPhrase(question, Object.values(DOCUMENT_TYPE_PHRASES).flat());
  const query = (withoutTypes.length > 0 ? withoutTypes : kept).join(' ').trim();
  return (query || found?.phrase || question.words.join(' ')).slice(0, 300);
}
