import { rankCitations } from '../citations.ts';
import type { Intent } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { type Composed, noData } from './composed.ts';

type DocumentsIntent = Extract<Intent, { kind: 'documents' }>;

export async function answerDocuments(session: ToolSession, intent: DocumentsIntent): Promise<Composed> {
  const search = (docTypes: string[] | null) =>
    session.call(
      'search_documents',
      {
        query: intent.query,
        limit: 5,
        ...(intent.subject?.kind === 'company' ? { company_ids: [intent.subject.company_id] } : {}),
        ...(docTypes ? { doc_types: docTypes } : {}),
      },
      'Searching the documents…',
    );
  // The document type the question names first; when none of that type says it, every document.
  let output = await search(intent.doc_types.length > 0 ? intent.doc_types : null);
  const ofType = intent.doc_types.length > 0 && output.results.length > 0;
  if (output.results.length === 0 && intent.doc_types.length > 0) output = await search(null);
  const results = output.results;
  const related = [
    'What documents are missing for this deal?',
    'Which deals in due diligence have critical red flags?',
    'What is the total pipeline by stage?',
  ];
  if (results.length === 0) {
    const what =
      intent.doc_types.length > 0
        ? intent.doc_types.map((t) => t.replaceAll('_', ' ')).join(' or ')
        : 'document';
    return noData(
      `No ${what} in your documents mentions "${intent.query}". Upload the ${what} (PDF, Word or Excel) and it will be searchable once analysed, or try other words.`,
      related,
    );
  }
  const lines = ['The documents say:'];
  for (const result of results.slice(0, 4)) {
    const where = [result.title, result.location].filter(Boolean).join(', ');
    lines.push(
      `- "${result.excerpt.replace(/\s+/g, ' ').trim()}" (${where}${result.company_name ? `, ${result.company_name}` : ''})`,
    );
  }
  const ids = results.slice(0, 4).map((r) => r.document_id);
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations: rankCitations(output.citations, { keepIds: ids, orderIds: ids }),
    related,
    // Found in another kind of document than the one asked about: a weaker answer.
    completeness: intent.doc_types.length === 0 || ofType ? 1 : 0.7,
  };
}
