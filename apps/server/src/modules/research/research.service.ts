import {
  EMPTY_RESEARCH_QUERY,
  RESEARCH_PAGE_DEFAULT_LIMIT,
  type TAutoResearchStatus,
  type TDeepResearchResult,
  type TDiscoverResearchRequest,
  type TDiscoverResearchResponse,
  type TResearchFindings,
  type TResearchRecord,
  ZDeepResearchResult,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  findWorkflowExecution,
  startWorkflow,
  type WorkflowExecutionRow,
} from '../../platform/workflows/index.ts';
import { documentIdsOfDeal } from '../documents/index.ts';
import { COMPANY_DISCOVERY, DEEP_RESEARCH, NEW_DEAL, RESEARCH_DISCOVER } from './research.workflows.ts';
import { dealById } from './research-deal.ts';
import {
  deleteResearchRecord,
  findResearchRecord,
  insertResearchRecord,
  updateResearchRecord,
} from './research-records.repository.ts';

/** Starting the research workflows and reading what they produced, for one caller's organisation. */

export interface Caller {
  organizationId: string;
  userId: string;
}

const dealNotFound = () => notFound('Deal not found');
/** Discovery (spec 02 §7) and deep research add at most this many companies per run. */
export const MAX_DISCOVERED_COMPANIES = 20;

const pendingFindings = (): TResearchFindings => ({
  status: 'pending',
  company: null,
  metrics: [],
  funding_announcements: [],
  market_signals: [],
  documents: [],
  comparable_deals: [],
  summary: null,
  missing: [],
  company_updates: [],
  sources: [],
});

/** Both request forms of POST /agents/research/discover, read into one. */
function discoverArguments(body: TDiscoverResearchRequest, queryDealId: string | undefined) {
  if ('search_criteria' in body) {
    return {
      dealId: queryDealId ?? null,
      companyName: body.search_criteria.company_name,
      industrySector: body.search_criteria.industry_sector ?? null,
      depth: body.search_criteria.research_depth,
      saveToDb: body.save_to_db,
    };
  }
  return {
    dealId: body.deal_id ?? queryDealId ?? null,
    companyName: body.company_name,
    industrySector: body.industry_sector ?? null,
    depth: body.research_depth,
    saveToDb: body.save_to_db,
  };
}

export async function startDiscover(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  caller: Caller,
  body: TDiscoverResearchRequest,
  queryDealId: string | undefined,
): Promise<TDiscoverResearchResponse> {
  const args = discoverArguments(body, queryDealId);
  if (args.dealId && !(await dealById(ctx.db, caller.organizationId, args.dealId))) throw dealNotFound();
  const record = await insertResearchRecord(ctx.db, {
    organizationId: caller.organizationId,
    dealId: args.dealId,
    companyName: args.companyName,
    industrySector: args.industrySector,
    researchDepth: args.depth,
    findings: pendingFindings(),
    createdBy: caller.userId,
  });
  try {
    const executionId = await startWorkflow(ctx, RESEARCH_DISCOVER, {
      organizationId: caller.organizationId,
      userId: caller.userId,
      subjectId: record.id,
      input: {
        research_id: record.id,
        deal_id: args.dealId,
        company_name: args.companyName,
        industry_sector: args.industrySector,
        research_depth: args.depth,
        save_to_db: args.saveToDb,
        now: new Date().toISOString(),
      },
    });
    await updateResearchRecord(ctx.db, record.id, { executionId });
    return { execution_id: executionId, research_id: record.id, status: 'pending' };
  } catch (error) {
    await deleteResearchRecord(ctx.db, record.id);
    throw error;
  }
}

export async function getResearchRecord(db: Database, caller: Caller, id: string): Promise<TResearchRecord> {
  const record = await findResearchRecord(db, caller.organizationId, id);
  if (!record) throw notFound('Research not found');
  const findings = record.findings as TResearchFindings;
  let status = findings.status;
  if (status === 'pending' && record.executionId) {
    const execution = await findWorkflowExecution(db, caller.organizationId, record.executionId);
    if (execution?.status === 'failed') status = 'failed';
  }
  return {
    id: record.id,
    execution_id: record.executionId,
    deal_id: record.dealId,
    company_id: record.companyId,
    company_name: record.companyName,
    industry_sector: record.industrySector,
    research_depth: record.researchDepth,
    findings: { ...findings, status },
    created_at: record.createdAt.toISOString(),
  };
}

export async function startNewDeal(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  caller: Caller,
  body: { deal_id: string; company_name?: string; initial_documents: string[] },
): Promise<{ execution_id: string; status: 'pending' }> {
  const deal = await dealById(ctx.db, caller.organizationId, body.deal_id);
  if (!deal) throw dealNotFound();
  const documents = [...new Set(body.initial_documents)];
  if (documents.length > 0) {
    const own = await documentIdsOfDeal(ctx.db, caller.organizationId, deal.id);
    if (documents.some((id) => !own.has(id))) throw notFound('Document not found');
  }
  const record = await insertResearchRecord(ctx.db, {
    organizationId: caller.organizationId,
    dealId: deal.id,
    companyName: deal.company_name,
    industrySector: deal.sector,
    findings: pendingFindings(),
    createdBy: caller.userId,
  });
  try {
    const executionId = await startWorkflow(ctx, NEW_DEAL, {
      organizationId: caller.organizationId,
      userId: caller.userId,
      subjectId: deal.id,
      input: {
        deal_id: deal.id,
        company_name: deal.company_name,
        initial_documents: documents,
        research_id: record.id,
        now: new Date().toISOString(),
      },
    });
    await updateResearchRecord(ctx.db, record.id, { executionId });
    return { execution_id: executionId, status: 'pending' };
  } catch (error) {
    await deleteResearchRecord(ctx.db, record.id);
    throw error;
  }
}

export async function startDeepResearch(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  caller: Caller,
  body: { query: string; save_to_db: boolean },
): Promise<{ task_id: string }> {
  const query = body.query.trim();
  if (!query) {
    throw new AppError(422, 'VALIDATION_ERROR', EMPTY_RESEARCH_QUERY, {}, [
      { path: 'query', message: EMPTY_RESEARCH_QUERY },
    ]);
  }
  const taskId = await startWorkflow(ctx, DEEP_RESEARCH, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    input: {
      query,
      save_to_db: body.save_to_db,
      max_companies: MAX_DISCOVERED_COMPANIES,
      now: new Date().toISOString(),
    },
  });
  return { task_id: taskId };
}

function partialResult(execution: WorkflowExecutionRow): TDeepResearchResult | null {
  const parsed = ZDeepResearchResult.safeParse(execution.result);
  return parsed.success ? parsed.data : null;
}

export async function deepResearchStatus(
  db: Database,
  caller: Caller,
  taskId: string,
  paging: { page: number; limit: number } = { page: 1, limit: RESEARCH_PAGE_DEFAULT_LIMIT },
): Promise<TAutoResearchStatus> {
  const execution = await findWorkflowExecution(db, caller.organizationId, taskId);
  if (!execution || execution.workflowType !== DEEP_RESEARCH.type) throw notFound('Research task not found');
  const stored = partialResult(execution);
  // One page of the merged hits, like other lists: total says how many there are in all.
  const result = stored && {
    ...stored,
    hits: stored.hits.slice((paging.page - 1) * paging.limit, paging.page * paging.limit),
    total: stored.hits.length,
    page: paging.page,
    limit: paging.limit,
  };
  const status =
    execution.status === 'completed' ? 'completed' : execution.status === 'failed' ? 'failed' : 'running';
  return {
    task_id: execution.id,
    status,
    progress: execution.progress,
    partial_results: result?.hits ?? [],
    // While running: the answer so far (the filters read from the question, the sources searched).
    result: status === 'failed' ? null : result,
    error: status === 'failed' ? (execution.error ?? 'Research failed') : null,
  };
}

export async function startCompanyDiscovery(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  caller: Caller,
  body: {
    research_depth: 'quick' | 'standard' | 'comprehensive';
    priority: 'standard' | 'high';
    max_companies: number;
    save_to_db: boolean;
  },
): Promise<{ execution_id: string }> {
  const executionId = await startWorkflow(ctx, COMPANY_DISCOVERY, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    priority: body.priority,
    input: {
      max_companies: body.max_companies,
      save_to_db: body.save_to_db,
      research_depth: body.research_depth,
      now: new Date().toISOString(),
    },
  });
  return { execution_id: executionId };
}
