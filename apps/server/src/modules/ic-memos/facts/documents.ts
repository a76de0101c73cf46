import type { TDealIntelligence } from '@atempo/contracts';
import { documentCitation } from '../../assistant/index.ts';
import type { IcMemoFacts } from './fact-types.ts';

export type DocumentIntelligence = TDealIntelligence['document_intelligence'];

/** What a document citation names of one of the deal's documents. */
export function documentRefOf(documentIntelligence: DocumentIntelligence) {
  const documentOf = (id: string) => documentIntelligence.documents.find((document) => document.id === id);
  return (id: string, name: string) => ({
    id,
    name,
    created_at: documentOf(id)?.created_at ?? null,
  });
}

/** The deal's documents with their analysis status and type. */
export function documentFacts(documentIntelligence: DocumentIntelligence): IcMemoFacts['documents'] {
  return documentIntelligence.documents.map((document) => ({
    id: document.id,
    name: document.name,
    status: document.status,
    document_type: document.analysis?.document_type ?? null,
    other_company: document.analysis?.other_company?.message ?? null,
  }));
}

/** The risks the documents state, each cited to its page or cell. */
export function documentRiskFacts(documentIntelligence: DocumentIntelligence): IcMemoFacts['document_risks'] {
  const documentRef = documentRefOf(documentIntelligence);
  return documentIntelligence.risk_flags.map((flag) => ({
    text: flag.text,
    citation: documentCitation(
      documentRef(flag.document_id, flag.document_name),
      flag.source?.label ?? null,
      flag.source?.excerpt ?? flag.text,
    ),
  }));
}
