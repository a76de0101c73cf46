import WordExtractor from 'word-extractor';
import type { ExtractionBudget } from '../budget.ts';
import { UNREADABLE } from '../messages.ts';
import { isCompoundFile } from '../signatures.ts';
import { type ExtractedDocument, UnreadableDocumentError } from '../types.ts';
import { SectionBuilder, sectionLimitNotice } from './sections.ts';

/**
 * Word 97-2003 (.doc) text with word-extractor. The binary format keeps no page breaks that the
 * reader exposes, so sections are cut by paragraph count. Table cells arrive tab-separated, one row
 * a line; the tabs become two spaces, the same column gap as the other formats.
 */
export async function extractDoc(bytes: Uint8Array, budget: ExtractionBudget): Promise<ExtractedDocument> {
  if (!isCompoundFile(bytes)) throw new UnreadableDocumentError(UNREADABLE.notDoc);
  let body: string;
  try {
    const document = await new WordExtractor().extract(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    );
    body = document.getBody();
  } catch (error) {
    if (/encrypt|password/i.test(String((error as Error)?.message))) {
      throw new UnreadableDocumentError(UNREADABLE.officePassword, { cause: error });
    }
    throw new UnreadableDocumentError(UNREADABLE.docDamaged, { cause: error });
  }
  budget.checkTime();

  const sections = new SectionBuilder(budget);
  for (const line of body.split('\n')) {
    if (sections.full) break;
    sections.add([line.replace(/\t/g, '  ')]);
  }
  const pages = sections.finish();
  return {
    format: 'doc',
    pages,
    sheets: [],
    metadata: { pageCount: pages.length },
    notices: [...sectionLimitNotice(sections, budget.limits.maxPages), ...budget.notices],
  };
}
