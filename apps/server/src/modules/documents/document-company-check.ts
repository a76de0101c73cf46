import type { TDocumentIssuer, TDocumentType, TOtherCompany } from '@atempo/contracts';
import { type ExtractedDocument, findIssuer, otherCompanyMessage, otherCompanyOf } from '@atempo/documents';

export interface CompanyCheck {
  issuer: TDocumentIssuer | null;
  other_company: TOtherCompany | null;
}

/**
 * Who the document is about (its issuer, with the words that say so) and, when that is another
 * company than the one it was filed under (the deal's company), the warning the upload result and
 * the intelligence card show before its figures (issue 18 §4).
 */
export function companyCheckOf(
  extracted: ExtractedDocument,
  documentType: TDocumentType,
  expectedCompany: string | null,
): CompanyCheck {
  const issuer = findIssuer(extracted, { slides: documentType === 'pitch_deck' });
  const other = otherCompanyOf(extracted, issuer, expectedCompany);
  return {
    issuer,
    other_company:
      other && expectedCompany
        ? {
            name: other.name,
            expected_company: expectedCompany,
            message: otherCompanyMessage(other.name, expectedCompany),
            source: other.source,
          }
        : null,
  };
}
