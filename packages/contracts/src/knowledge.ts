import { z } from 'zod';
import { ZTimestamp } from './deals.ts';
import { DOCUMENT_TYPES, ZDocumentAnalysisPreview } from './documents.ts';

/**
 * Knowledge search and company interactions (spec 02 §3 knowledge search result, §7 Knowledge).
 * Uploaded documents are searched page by page (sheet by sheet for workbooks), emails and notes as
 * interactions linked to companies, and companies by their name, industry and description.
 */

/** What a search hit is: an uploaded file, an email, a note, or a company record. */
export const KNOWLEDGE_DOC_TYPES = ['document', 'email', 'note', 'company'] as const;
export const ZKnowledgeDocType = z.enum(KNOWLEDGE_DOC_TYPES);
export type TKnowledgeDocType = z.infer<typeof ZKnowledgeDocType>;

export const KNOWLEDGE_SEARCH_DEFAULT_LIMIT = 20;
export const KNOWLEDGE_SEARCH_MAX_LIMIT = 100;
/** Characters of the preview around the hit (spec 02 §9). */
export const KNOWLEDGE_PREVIEW_CHARS = 200;
export const KNOWLEDGE_QUERY_MAX_CHARS = 500;

/**
 * POST /knowledge/search. `query` is what a person types: a question or keywords. Passages matching
 * most of its words rank first, without every word being required; web-search syntax works too
 * ("exact phrase", -excluded, or). An empty query lists the newest items, documents only unless
 * doc_types asks for others (the Knowledge Hub's fallback list).
 *
 * `doc_types` filters by kind (document, email, note, company) and may also name document types of
 * the analyst (term_sheet, financial_model, …), which keep only documents of those types.
 */
export const ZKnowledgeSearchRequest = z.object({
  query: z
    .string()
    .trim()
    .max(KNOWLEDGE_QUERY_MAX_CHARS, { message: `must be at most ${KNOWLEDGE_QUERY_MAX_CHARS} characters` }),
  limit: z.number().int().min(1).max(KNOWLEDGE_SEARCH_MAX_LIMIT).default(KNOWLEDGE_SEARCH_DEFAULT_LIMIT),
  /**
   * Passages answered per document, best first (default 1: one result per document, with its best
   * passage as the preview). More lets a reader see every page of a filing that answers.
   */
  passages_per_document: z.number().int().min(1).max(10).default(1),
  /** Only hits linked to one of these companies (a document's company or deal company, an email's companies). */
  company_ids: z.array(z.uuid()).max(200).optional(),
  doc_types: z
    .array(z.enum([...KNOWLEDGE_DOC_TYPES, ...DOCUMENT_TYPES]))
    .max(KNOWLEDGE_DOC_TYPES.length + DOCUMENT_TYPES.length)
    .optional(),
});
export type TKnowledgeSearchRequest = z.input<typeof ZKnowledgeSearchRequest>;

/** Where in a document the hit is: "page 12", "P&L!A1:F40"; null for emails, notes and companies. */
export const ZKnowledgeHitLocation = z.object({
  kind: z.enum(['page', 'slide', 'section', 'cell']),
  page: z.number().int().optional(),
  sheet: z.string().optional(),
  /** For a sheet: the range of cells the passage covers, e.g. "A1:F40". */
  cell: z.string().optional(),
  label: z.string(),
});
export type TKnowledgeHitLocation = z.infer<typeof ZKnowledgeHitLocation>;

/**
 * Spec 02 §3 metadata. Every key is present; the ones that do not apply to the hit's kind are null
 * (a company has no filename, a document no sender).
 */
export const ZKnowledgeResultMetadata = z.object({
  /** Documents: the file name. */
  filename: z.string().nullable(),
  /** Emails and notes: the subject. */
  subject: z.string().nullable(),
  /** What to show as the title: file name, subject or company name. */
  name: z.string(),
  /** The first linked company's name. */
  company_name: z.string().nullable(),
  company_names: z.array(z.string()),
  company_ids: z.array(z.uuid()),
  /** The hit's date: upload, received or created time. */
  date: ZTimestamp,
  /** Documents: bytes (size and file_size are the same figure, both names are in the spec). */
  size: z.number().int().nullable(),
  file_size: z.number().int().nullable(),
  /** Documents: pdf, docx, doc, xlsx or xls. */
  format: z.string().nullable(),
  /** Documents: the analyst's type (term_sheet, financial_model, …) once analysed. */
  document_type: z.string().nullable(),
  deal_id: z.uuid().nullable(),
  /** The uploader's or note author's name; an email's sender is in `sender`. */
  created_by: z.string().nullable(),
  sender: z.string().nullable(),
  modified_at: ZTimestamp.nullable(),
  processed_at: ZTimestamp.nullable(),
  /** Documents: GET /documents/{id}/download; companies: /companies/{id}. */
  url: z.string().nullable(),
  /** Documents: the analysis box of the Knowledge Hub card. */
  analysis: ZDocumentAnalysisPreview.nullable(),
  location: ZKnowledgeHitLocation.nullable(),
});
export type TKnowledgeResultMetadata = z.infer<typeof ZKnowledgeResultMetadata>;

export const ZKnowledgeSearchResult = z.object({
  /** The document's, email's, note's or company's id. */
  document_id: z.uuid(),
  doc_type: ZKnowledgeDocType,
  created_at: ZTimestamp,
  /** About 200 characters around the best hit, as written in the source. */
  content: z.string(),
  /** Relevance 0–1 (the Knowledge Hub shows it as a percentage); 0 for the empty-query list. */
  score: z.number().min(0).max(1),
  metadata: ZKnowledgeResultMetadata,
});
export type TKnowledgeSearchResult = z.infer<typeof ZKnowledgeSearchResult>;

export const ZKnowledgeSearchResponse = z.object({
  results: z.array(ZKnowledgeSearchResult),
  query: z.string(),
  /** Number of results answered (per document up to passages_per_document; one per email, note or company). */
  total: z.number().int(),
});
export type TKnowledgeSearchResponse = z.infer<typeof ZKnowledgeSearchResponse>;

/** GET /knowledge/similar-companies. At least one of description and name. */
export const ZSimilarCompaniesQuery = z
  .object({
    description: z.string().trim().max(2000).optional(),
    /** A company name to match fuzzily (trigram similarity), e.g. a misspelt name. */
    name: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(10),
  })
  .refine((q) => Boolean(q.description) || Boolean(q.name), {
    message: 'Give a description or a name to compare with',
    path: ['description'],
  });
export type TSimilarCompaniesQuery = z.infer<typeof ZSimilarCompaniesQuery>;

export const ZSimilarCompany = z.object({
  id: z.uuid(),
  name: z.string(),
  industry: z.string().nullable(),
  stage: z.string().nullable(),
  headquarters_country: z.string().nullable(),
  description: z.string().nullable(),
  thematic_score: z.number().nullable(),
  /** 0–1. */
  similarity: z.number().min(0).max(1),
});
export type TSimilarCompany = z.infer<typeof ZSimilarCompany>;

export const ZSimilarCompaniesResponse = z.object({
  companies: z.array(ZSimilarCompany),
  total: z.number().int(),
});
export type TSimilarCompaniesResponse = z.infer<typeof ZSimilarCompaniesResponse>;

export const INTERACTION_TYPES = ['document', 'email', 'note'] as const;
export const ZInteractionType = z.enum(INTERACTION_TYPES);
export type TInteractionType = z.infer<typeof ZInteractionType>;

/** GET /knowledge/company/{id}/interactions. */
export const ZCompanyInteractionsQuery = z.object({
  /** Absent: every kind. */
  interaction_type: ZInteractionType.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TCompanyInteractionsQuery = z.infer<typeof ZCompanyInteractionsQuery>;

export const ZCompanyInteraction = z.object({
  id: z.uuid(),
  interaction_type: ZInteractionType,
  /** File name or subject. */
  title: z.string(),
  /** The start of an email or note body, or a document's summary when analysed. */
  preview: z.string(),
  /** Upload time for documents, received time for emails, creation time for notes. */
  occurred_at: ZTimestamp,
  sender: z.string().nullable(),
  created_by: z.string().nullable(),
  deal_id: z.uuid().nullable(),
  /** Documents only. */
  document_type: z.string().nullable(),
  url: z.string().nullable(),
});
export type TCompanyInteraction = z.infer<typeof ZCompanyInteraction>;

export const ZCompanyInteractionsResponse = z.object({
  company_id: z.uuid(),
  company_name: z.string(),
  /** Newest first. */
  interactions: z.array(ZCompanyInteraction),
  total: z.number().int(),
});
export type TCompanyInteractionsResponse = z.infer<typeof ZCompanyInteractionsResponse>;

export const DEFAULT_INACTIVE_DAYS = 30;

/** GET /knowledge/companies/inactive. */
export const ZInactiveCompaniesQuery = z.object({
  days: z.coerce.number().int().min(1).max(3650).default(DEFAULT_INACTIVE_DAYS),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type TInactiveCompaniesQuery = z.infer<typeof ZInactiveCompaniesQuery>;

export const ACTIVITY_KINDS = ['created', 'document', 'email', 'note', 'deal'] as const;

export const ZInactiveCompany = z.object({
  id: z.uuid(),
  name: z.string(),
  industry: z.string().nullable(),
  monitoring_priority: z.string().nullable(),
  /** The latest document, email, note or deal change; the company's creation when none. */
  last_activity_at: ZTimestamp,
  last_activity_kind: z.enum(ACTIVITY_KINDS),
  days_inactive: z.number().int(),
});
export type TInactiveCompany = z.infer<typeof ZInactiveCompany>;

export const ZInactiveCompaniesResponse = z.object({
  days: z.number().int(),
  /** Companies with no activity since this time. */
  since: ZTimestamp,
  /** Longest inactive first. */
  companies: z.array(ZInactiveCompany),
  total: z.number().int(),
});
export type TInactiveCompaniesResponse = z.infer<typeof ZInactiveCompaniesResponse>;

const interactionText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });

/** POST /knowledge/process-email: stores an email as a searchable interaction. */
export const ZProcessEmailRequest = z.object({
  subject: interactionText(1000),
  body: interactionText(200_000).min(1, { message: 'Body is required' }),
  sender: interactionText(320).min(1, { message: 'Sender is required' }),
  received_at: ZTimestamp,
  /** Companies the email is about; also found by their names in the subject and body. */
  company_names: z.array(interactionText(200).min(1)).max(50).optional(),
});
export type TProcessEmailRequest = z.infer<typeof ZProcessEmailRequest>;

/** POST /knowledge/notes: a note on one or more companies. */
export const ZCreateNoteRequest = z.object({
  company_ids: z.array(z.uuid()).min(1, { message: 'Choose at least one company' }).max(50),
  subject: interactionText(1000).default(''),
  body: interactionText(200_000).min(1, { message: 'Body is required' }),
});
export type TCreateNoteRequest = z.infer<typeof ZCreateNoteRequest>;

export const ZLinkedCompany = z.object({
  id: z.uuid(),
  name: z.string(),
  /** How the link was made: named in company_names, the name appears in the text, or a close spelling. */
  matched_by: z.enum(['named', 'mentioned', 'fuzzy', 'chosen']),
});

export const ZInteractionCreatedResponse = z.object({
  id: z.uuid(),
  interaction_type: ZInteractionType,
  companies: z.array(ZLinkedCompany),
  /** Names given in company_names that match no company of the organisation. */
  unmatched_company_names: z.array(z.string()),
  created_at: ZTimestamp,
});
export type TInteractionCreatedResponse = z.infer<typeof ZInteractionCreatedResponse>;

/** POST /knowledge/initialize: answers at once; the (re)indexing runs as a job. */
export const ZKnowledgeInitializeResponse = z.object({
  execution_id: z.uuid(),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
});
export type TKnowledgeInitializeResponse = z.infer<typeof ZKnowledgeInitializeResponse>;

/** What the initialize job writes in its workflow execution. */
export const KNOWLEDGE_INDEX_WORKFLOW = 'knowledge_index';
