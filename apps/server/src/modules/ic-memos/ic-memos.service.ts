import type { TIcMemo, TIcMemoFootnote, TIcMemoSection, TIcMemoVersionsResponse } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { createConfiguredModel } from '../../platform/ai/language-model.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { BUILT_IN_MODEL } from '../assistant/index.ts';
import { gatherIcMemoFacts, type IcMemoFacts } from './ic-memo-facts.ts';
import {
  dealExists,
  findIcMemo,
  type IcMemoRow,
  insertNextVersion,
  listIcMemoVersions,
  type Page,
} from './ic-memos.repository.ts';
import { formatMemoMarkdown } from './memo-markdown.ts';
import { writeTemplateMemo } from './memo-templates.ts';
import { writeProseWithModel } from './model-writer.ts';

/** What generating a memo needs: no HTTP request, so routes and workflow steps both call it. */
export interface IcMemoDependencies {
  db: Database;
  config: Pick<Config, 'llm'>;
  logger: Logger;
}

export interface GenerateIcMemo {
  organizationId: string;
  /** Who asked (null for a workflow whose starter has since been removed). */
  userId: string | null;
  dealId: string;
  /**
   * auto: the configured model writes the prose when there is one, else the built-in analyst.
   * model: a model is required (ModelNotConfigured without one). built-in: templates only.
   */
  writer?: 'auto' | 'model' | 'built-in';
  /** Facts already gathered (a workflow's earlier step); gathered now when absent. */
  facts?: IcMemoFacts;
  /** "Today" for the facts; tests pin it. */
  now?: Date;
}

export const BUILT_IN_WRITER = 'Built-in analyst';

/** No language model is configured (LLM_PROVIDER=built-in) and the caller asked for one. */
export class ModelNotConfigured extends AppError {
  constructor() {
    super(
      503,
      'LLM_NOT_CONFIGURED',
      'not_configured: no language model is configured on this server (LLM_PROVIDER=built-in); generate the memo with the built-in analyst instead',
    );
  }
}

export const icMemoNotFound = () => notFound('IC memo not found', 'IC_MEMO_NOT_FOUND');
const dealNotFound = () => notFound('Deal not found', 'DEAL_NOT_FOUND');

export function toIcMemo(row: IcMemoRow): TIcMemo {
  return {
    id: row.id,
    deal_id: row.dealId,
    company_name: row.companyName,
    version: row.version,
    content: row.content as TIcMemo['content'],
    formatted_markdown: row.formattedMarkdown,
    footnotes: row.footnotes as TIcMemoFootnote[],
    metadata: row.metadata as TIcMemo['metadata'],
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy ? { id: row.createdBy, name: row.createdByName ?? '' } : null,
  };
}

/**
 * Writes and stores the next version of a deal's IC memo: the facts gathered with their citations,
 * every section from its template, then (with a model) the prose sections rewritten by the model
 * and checked against the facts. Another organisation's deal answers 404.
 */
export async function generateIcMemo(deps: IcMemoDependencies, request: GenerateIcMemo): Promise<TIcMemo> {
  const started = performance.now();
  const writer = request.writer ?? 'auto';
  if (writer === 'model' && !deps.config.llm) throw new ModelNotConfigured();
  const facts =
    request.facts ??
    (await gatherIcMemoFacts(
      {
        db: deps.db,
        organizationId: request.organizationId,
        userId: request.userId ?? '',
        now: request.now ?? new Date(),
      },
      request.dealId,
    ));
  const draft = writeTemplateMemo(facts);
  const footnotes = draft.footnotes.list();
  const content: Record<TIcMemoSection, string> = { ...draft.content };

  let engine: TIcMemo['metadata']['engine'] = { provider: 'built-in', model: BUILT_IN_MODEL };
  let generatedBy = BUILT_IN_WRITER;
  let fallbacks: TIcMemo['metadata']['template_fallbacks'];
  if (writer !== 'built-in' && deps.config.llm) {
    const configured = createConfiguredModel(deps.config.llm);
    const prose = await writeProseWithModel(configured, draft.content, footnotes, {
      logger: deps.logger,
      companyName: facts.deal.company_name,
    });
    Object.assign(content, prose.content);
    fallbacks = prose.fallbacks;
    if (Object.keys(prose.content).length > 0) {
      engine = configured.info;
      generatedBy = `${configured.info.provider}: ${configured.info.model}`;
    }
  }
  const termsAreProposal = facts.terms === null;
  const metadataOf = (): TIcMemo['metadata'] => ({
    generated_by: generatedBy,
    generation_time_seconds: Math.round(performance.now() - started) / 1000,
    engine,
    data_gaps: draft.data_gaps,
    terms_are_proposal: termsAreProposal,
    ...(fallbacks ? { template_fallbacks: fallbacks } : {}),
  });
  const row = await insertNextVersion(
    deps.db,
    request.organizationId,
    request.dealId,
    (version, createdAt) => ({
      organizationId: request.organizationId,
      dealId: request.dealId,
      companyName: facts.deal.company_name,
      content,
      formattedMarkdown: formatMemoMarkdown(
        {
          company_name: facts.deal.company_name,
          deal_number: facts.deal.deal_number,
          version,
          created_at: createdAt.toISOString(),
          generated_by: generatedBy,
          terms_are_proposal: termsAreProposal,
        },
        content,
        footnotes,
      ),
      footnotes,
      metadata: metadataOf(),
      createdBy: request.userId,
    }),
  );
  // The deal was removed between gathering and storing.
  if (!row) throw dealNotFound();
  return toIcMemo(row);
}

export async function getIcMemo(db: Database, organizationId: string, id: string): Promise<TIcMemo> {
  const row = await findIcMemo(db, organizationId, id);
  if (!row) throw icMemoNotFound();
  return toIcMemo(row);
}

export async function listIcMemoVersionsOfDeal(
  db: Database,
  organizationId: string,
  dealId: string,
  page: Page,
): Promise<TIcMemoVersionsResponse> {
  if (!(await dealExists(db, organizationId, dealId))) throw dealNotFound();
  const { rows, total } = await listIcMemoVersions(db, organizationId, dealId, page);
  return {
    total,
    limit: page.limit,
    offset: page.offset,
    ic_memos: rows.map((row) => ({
      id: row.id,
      version: row.version,
      created_at: row.createdAt.toISOString(),
      created_by: row.createdBy ? { id: row.createdBy, name: row.createdByName ?? '' } : null,
      generated_by: String(
        (row.metadata as { generated_by?: unknown } | null)?.generated_by ?? BUILT_IN_WRITER,
      ),
    })),
  };
}
