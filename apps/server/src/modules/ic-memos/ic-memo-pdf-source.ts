import {
  IC_MEMO_SECTIONS,
  type TIcMemoFootnote,
  type TIcMemoSection,
  ZIcMemoFootnote,
} from '@atempo/contracts';
import { companies, type Database, deals, icMemos } from '@atempo/db';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';

/**
 * A stored memo as the PDF and the email need it: its sections, footnotes and the deal it is about
 * (for the cover). Read only within the caller's organisation; another organisation's memo is absent.
 */
export interface MemoForExport {
  id: string;
  dealId: string;
  dealNumber: number;
  companyName: string;
  version: number;
  stage: string;
  amountRequested: number;
  sections: Partial<Record<TIcMemoSection, string>>;
  formattedMarkdown: string;
  footnotes: TIcMemoFootnote[];
  generatedBy: string;
  termsAreProposal: boolean;
  createdAt: Date;
}

const exportColumns = {
  id: icMemos.id,
  dealId: icMemos.dealId,
  version: icMemos.version,
  companyName: icMemos.companyName,
  content: icMemos.content,
  formattedMarkdown: icMemos.formattedMarkdown,
  footnotes: icMemos.footnotes,
  metadata: icMemos.metadata,
  createdAt: icMemos.createdAt,
  dealNumber: deals.dealNumber,
  stage: deals.stage,
  amountRequested: deals.amountRequested,
  currentCompanyName: companies.name,
};

type ExportRow = {
  [K in keyof typeof exportColumns]: (typeof exportColumns)[K]['_']['data'];
};

// The stored jsonb is read leniently: a memo written by an older generator still exports.
const ZStoredMetadata = z
  .object({ generated_by: z.string().catch('Unknown'), terms_are_proposal: z.boolean().catch(false) })
  .partial()
  .catch({});

function toMemoForExport(row: ExportRow): MemoForExport {
  const content = (row.content ?? {}) as Record<string, unknown>;
  const sections: Partial<Record<TIcMemoSection, string>> = {};
  for (const key of IC_MEMO_SECTIONS) {
    if (typeof content[key] === 'string') sections[key] = content[key];
  }
  const footnotes = z.array(ZIcMemoFootnote).safeParse(row.footnotes);
  const metadata = ZStoredMetadata.parse(row.metadata);
  return {
    id: row.id,
    dealId: row.dealId,
    dealNumber: row.dealNumber,
    companyName: row.companyName || row.currentCompanyName,
    version: row.version,
    stage: row.stage,
    amountRequested: row.amountRequested,
    sections,
    formattedMarkdown: row.formattedMarkdown,
    footnotes: footnotes.success ? footnotes.data : [],
    generatedBy: metadata.generated_by ?? 'Unknown',
    termsAreProposal: metadata.terms_are_proposal ?? false,
    createdAt: row.createdAt,
  };
}

function selectMemos(db: Database) {
  return db
    .select(exportColumns)
    .from(icMemos)
    .innerJoin(deals, eq(deals.id, icMemos.dealId))
    .innerJoin(companies, eq(companies.id, deals.companyId));
}

export async function findMemoForExport(
  db: Database,
  organizationId: string,
  memoId: string,
): Promise<MemoForExport | undefined> {
  const [row] = await selectMemos(db).where(
    and(eq(icMemos.organizationId, organizationId), eq(icMemos.id, memoId)),
  );
  return row ? toMemoForExport(row) : undefined;
}

/** The memo with that id, else the latest version of the deal with that id. */
export async function findMemoOrLatestOfDeal(
  db: Database,
  organizationId: string,
  id: string,
): Promise<MemoForExport | undefined> {
  const memo = await findMemoForExport(db, organizationId, id);
  if (memo) return memo;
  const [row] = await selectMemos(db)
    .where(and(eq(icMemos.organizationId, organizationId), eq(icMemos.dealId, id)))
    .orderBy(desc(icMemos.version))
    .limit(1);
  return row ? toMemoForExport(row) : undefined;
}
