import { documentCitation } from '../../assistant/index.ts';
import { type DocumentIntelligence, documentRefOf } from './documents.ts';
import type { IcMemoFacts } from './fact-types.ts';

/** The facility terms and covenants of the newest term sheet or loan agreement; null when none. */
export function termFacts(documentIntelligence: DocumentIntelligence): IcMemoFacts['terms'] {
  const documentRef = documentRefOf(documentIntelligence);
  const facility = documentIntelligence.facility_terms;
  return facility
    ? {
        document: { id: facility.document_id, name: facility.document_name },
        items: Object.entries(facility.terms).map(([name, term]) => ({
          name,
          value: term.value,
          unit: term.unit,
          text: term.text,
          citation: documentCitation(
            documentRef(facility.document_id, facility.document_name),
            term.source.label,
            term.source.excerpt,
          ),
        })),
        covenants: facility.covenants.map((covenant) => ({
          text: covenant.text,
          citation: documentCitation(
            documentRef(facility.document_id, facility.document_name),
            covenant.source?.label ?? null,
            covenant.source?.excerpt ?? covenant.text,
          ),
        })),
      }
    : null;
}
