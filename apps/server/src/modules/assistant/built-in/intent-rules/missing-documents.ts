import { hasAny } from '../question.ts';
import type { IntentRule } from './rule.ts';

/** "Which documents are we missing for Acme?": the deal's missing documents. */
export const missingDocumentsRule: IntentRule = ({ question, subject, sure }) => {
  const missingDocuments =
    hasAny(question, [
      'missing documents',
      'documents missing',
      'missing docs',
      'outstanding documents',
      'documents outstanding',
      'what documents',
      'which documents are missing',
      'documents do we need',
      'documents we need',
      'documents are we missing',
      'missing',
    ]) && hasAny(question, ['document', 'documents', 'docs', 'missing']);
  if (missingDocuments && subject) {
    return sure({ kind: 'deal', subject, focus: 'missing_documents' }, 0.9);
  }
  return null;
};
