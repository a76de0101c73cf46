import {
  IC_MEMO_SECTIONS,
  type TIcMemoFootnote,
  type TIcMemoSection,
  ZIcMemoFootnote,
} from '@atempo/contracts';
import { type Database, icMemos } from '@atempo/db';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { companyNamesByIds } from '../companies/index.ts';
import { dealCovers } from '../deals/index.ts';

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
};

type MemoRow = {
  [K in keyof typeof exportColumns]: (typeof exportColumns)[K]['_']['data'];
};

/** The memo with what the cover shows of its deal and the company's current name. */
type ExportRow = MemoRow & {
  dealNumber: number;
  stage: string;
  amountRequested: number;
  currentCompanyName: string;
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
  return db.select(exportColumns).from(icMemos);
}

/** Adds the memo's deal and company as its cover shows them (a memo's deal is the organisation's). */
async function withCover(
  db: Database,
  organizationId: string,
  row: MemoRow | undefined,
): Promise<MemoForExport | undefined> {
  if (!row) return undefined;
  const deal = (await dealCovers(db, organizationId, [row.dealId])).get(row.dealId);
  const [company] = deal ? await companyNamesByIds(db, organizationId, [deal.companyId]) : [];
  if (!deal || !company) return undefined;
  return toMemoForExport({ ...row, ...deal, currentCompanyName: company.name });
}

export async function findMemoForExport(
  db: Database,
  organizationId: string,
  memoId: string,
): Promise<MemoForExport | undefined> {
  const [row] = await selectMemos(db).where(
    and(eq(icMemos.organizationId, organizationId), eq(icMemos.id, memoId)),
  );
  return withCover(db, organizationId, row);
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
  return withCover(db, organizationId, row);
}
