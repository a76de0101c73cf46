import {
  DOCUMENT_TYPES,
  KNOWLEDGE_DOC_TYPES,
  type TCitation,
  type TKnowledgeSearchRequest,
  type TKnowledgeSearchResult,
} from '@atempo/contracts';
import { searchKnowledge } from '../../knowledge/index.ts';
import { companyCitation, documentCitation } from './citations.ts';
import { defineTool } from './tool.ts';

type DocTypeFilter = NonNullable<TKnowledgeSearchRequest['doc_types']>[number];
const KNOWN_DOC_TYPES: readonly string[] = [...KNOWLEDGE_DOC_TYPES, ...DOCUMENT_TYPES];

/**
 * An email or note is cited through the company it is about (the client shows a company's
 * interactions on its page); a company hit is the company; a document its page or cell.
 */
function citationOf(
  result: TKnowledgeSearchResult,
  title: string,
  location: string | null,
): TCitation | null {
  const { metadata } = result;
  const relevance = Math.round(result.score * 1000) / 1000;
  if (result.doc_type === 'document') {
    return documentCitation(
      { id: result.document_id, name: title, created_at: result.created_at },
      location,
      result.content,
      relevance,
    );
  }
  if (result.doc_type === 'company') {
    return companyCitation(
      { id: result.document_id, name: title, updated_at: result.created_at },
      result.content,
      relevance,
    );
  }
  const companyId = metadata.company_ids[0];
  if (!companyId) return null;
  const kind = result.doc_type === 'email' ? 'Email' : 'Note';
  return {
    ...companyCitation(
      { id: companyId, name: `${kind} "${title}" (${metadata.company_name})`, updated_at: result.created_at },
      result.content,
      relevance,
    ),
  };
}

export const searchDocumentsTool = defineTool(
  'search_documents',
  "Full-text search over the organisation's knowledge: uploaded documents page by page (sheet by sheet for workbooks), emails, notes and company records. Answers the best passages with their excerpt, document, page or cell, and company. Optionally only some companies or types (document, email, note, company, or a document type such as term_sheet, financial_model, board_report).",
  async (context, input) => {
    const asked = input.doc_types;
    const docTypes = asked?.filter((type): type is DocTypeFilter => KNOWN_DOC_TYPES.includes(type));
    // Only unknown types were asked for: nothing can be of them.
    if (asked && asked.length > 0 && docTypes?.length === 0) return { results: [], citations: [] };
    const found = await searchKnowledge(context.db, context.organizationId, {
      query: input.query,
      limit: input.limit,
      passages_per_document: 1,
      company_ids: input.company_ids,
      doc_types: docTypes && docTypes.length > 0 ? docTypes : undefined,
    });
    const results = found.results.map((result) => ({
      document_id: result.document_id,
      title: result.metadata.name,
      doc_type: result.doc_type,
      company_name: result.metadata.company_name,
      location: result.metadata.location?.label ?? null,
      excerpt: result.content,
      score: result.score,
      created_at: result.created_at,
    }));
    const citations = found.results
      .map((result, index) => citationOf(result, results[index]!.title, results[index]!.location))
      .filter((citation): citation is TCitation => citation !== null);
    return { results, citations };
  },
);
