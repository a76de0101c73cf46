import type {
  TCompanyDeal,
  TCreateDealRequest,
  TDeal,
  TDealBoardResponse,
  TDealListQuery,
  TDealListResponse,
  TDealSummaryResponse,
  TUpdateDealRequest,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { notFound } from '../../platform/errors.ts';
import * as companies from '../companies/index.ts';
import { companyFieldsFromDeal } from '../companies/index.ts';
import * as activity from '../deal-activity/index.ts';
import { type DealActivityEntry, recordDealActivity } from '../deal-activity/index.ts';
import { getThesis } from '../thesis/index.ts';
import {
  columnsFromRequest,
  dealFacts,
  newDealRow,
  toDeal,
  toDealBoardCard,
  toDealListItem,
} from './deal-columns.ts';
import { rescoreDeals } from './deal-rescore.ts';
import { scoreDealColumns, touchesDealScore } from './deal-scores.ts';
import * as repository from './deals.repository.ts';
import * as importMatches from './deals-for-import.repository.ts';
import { isOpenStage, OPEN_DEAL_STAGES, pipelineAggregates } from './pipeline-aggregates.ts';

export { toDeal } from './deal-columns.ts';
export type { ExistingDeal } from './deals-for-import.repository.ts';

const INSERT_CHUNK = 200;

export const dealNotFound = () => notFound('Deal not found');

/** Who creates deals: their organisation, and the user recorded as creator (null for system imports). */
export interface DealCreator {
  organizationId: string;
  userId: string | null;
  /** How the deals came in, for the activity log (default 'api'). */
  via?: 'api' | 'csv_import';
}

export async function createDeal(
  db: Database,
  creator: DealCreator,
  input: TCreateDealRequest,
): Promise<TDeal> {
  const [deal] = await createDeals(db, creator, [input]);
  return deal!;
}

/**
 * Creates deals all-or-nothing in one transaction (joining the caller's when `db` is one): each
 * linked to its company (company_id of the organisation, else the company of that name, created
 * when missing), numbered in input order, and scored. An unknown company_id is a 404.
 */
export async function createDeals(
  db: Database,
  creator: DealCreator,
  inputs: TCreateDealRequest[],
): Promise<TDeal[]> {
  if (inputs.length === 0) return [];
  const { organizationId } = creator;
  return db.transaction(async (tx) => {
    const thesis = await getThesis(tx, organizationId);
    const byId = new Map<string, companies.CompanyRow>();
    const byName = new Map<string, companies.CompanyRow>();
    const linked: companies.CompanyRow[] = [];
    // One query for the named companies the organisation has (an import names thousands).
    const named = await companies.findCompaniesNamed(tx, organizationId, [
      ...new Set(inputs.flatMap((input) => (input.company_id ? [] : [input.company_name!]))),
    ]);
    for (const input of inputs) {
      let company: companies.CompanyRow | undefined;
      if (input.company_id) {
        company =
          byId.get(input.company_id) ?? (await companies.getCompanyRow(tx, organizationId, input.company_id));
      } else {
        const key = input.company_name!.toLowerCase();
        company =
          byName.get(key) ??
          named.get(input.company_name!) ??
          (await companies.findOrCreateCompanyByName(
            tx,
            organizationId,
            companyFieldsFromDeal(input.company_name!, input),
            thesis,
          ));
      }
      byId.set(company.id, company);
      byName.set(company.name.toLowerCase(), company);
      linked.push(company);
    }
    // Numbers last: the counter row stays locked until commit, so hold it as briefly as possible.
    const first = await repository.reserveDealNumbers(tx, organizationId, inputs.length);
    const now = new Date();
    const values = inputs.map((input, index) => {
      const company = linked[index]!;
      const row = newDealRow(input, {
        organizationId,
        createdBy: creator.userId,
        company,
        dealNumber: first + index,
        now,
      });
      return { ...row, ...scoreDealColumns(dealFacts(row), company.stage, thesis, now) };
    });
    const created: repository.DealRow[] = [];
    for (let start = 0; start < values.length; start += INSERT_CHUNK) {
      created.push(...(await repository.insertDeals(tx, values.slice(start, start + INSERT_CHUNK))));
    }
    const companyName = new Map(linked.map((company) => [company.id, company.name]));
    const via = creator.via ?? 'api';
    const logged = created.map((row) =>
      activity.dealCreated(
        { organizationId, dealId: row.id, actorId: creator.userId },
        { ...row, companyName: companyName.get(row.companyId)! },
        via,
      ),
    );
    for (let start = 0; start < logged.length; start += INSERT_CHUNK) {
      await recordDealActivity(tx, logged.slice(start, start + INSERT_CHUNK));
    }
    return created
      .sort((a, b) => a.dealNumber - b.dealNumber)
      .map((row) => toDeal(row, companyName.get(row.companyId)!));
  });
}

export async function getDeal(db: Database, organizationId: string, id: string): Promise<TDeal> {
  const deal = await repository.findDeal(db, organizationId, id);
  if (!deal) throw dealNotFound();
  return toDeal(deal, deal.companyName);
}

/**
 * Applies a partial update under a row lock; re-scores when a field the scores read was sent.
 * Stage, amount and score changes go to the deal's activity log in the same transaction.
 */
export async function updateDeal(
  db: Database,
  organizationId: string,
  id: string,
  patch: TUpdateDealRequest,
  actorId: string | null = null,
): Promise<TDeal> {
  return db.transaction(async (tx) => {
    const current = await repository.findDeal(tx, organizationId, id, { forUpdate: true });
    if (!current) throw dealNotFound();
    let company = { name: current.companyName, stage: current.companyStage };
    if (patch.company_id !== undefined && patch.company_id !== current.companyId) {
      company = await companies.getCompanyRow(tx, organizationId, patch.company_id);
    }
    const now = new Date();
    let values: Partial<repository.NewDealRow> = { ...columnsFromRequest(patch), updatedAt: now };
    if (touchesDealScore(patch)) {
      const thesis = await getThesis(tx, organizationId);
      values = {
        ...values,
        ...scoreDealColumns(dealFacts({ ...current, ...values }), company.stage, thesis, now),
      };
    }
    const updated = (await repository.updateDeal(tx, organizationId, id, values))!;
    await recordDealActivity(tx, changesOf({ organizationId, dealId: id, actorId }, current, updated));
    return toDeal(updated, company.name);
  });
}

const scoreState = (row: repository.DealRow): activity.ScoreState => ({
  thematic_score: row.thematicScore,
  red_flag_level: row.redFlagLevel,
  red_flags: activity.redFlagIds(row.redFlags),
});

/** What the log says about an update: stage, amount and score changes, each with {from, to}. */
function changesOf(
  subject: { organizationId: string; dealId: string; actorId: string | null },
  before: repository.DealRow,
  after: repository.DealRow,
): DealActivityEntry[] {
  const entries: (DealActivityEntry | null)[] = [
    before.stage !== after.stage ? activity.stageChanged(subject, before.stage, after.stage) : null,
    before.amountRequested !== after.amountRequested
      ? activity.amountChanged(subject, before.amountRequested, after.amountRequested)
      : null,
    activity.scoreChanged(subject, scoreState(before), scoreState(after)),
  ];
  return entries.filter((entry) => entry !== null);
}

/** 404 unless the deal is the organisation's. */
export async function assertDealExists(db: Database, organizationId: string, id: string): Promise<void> {
  if (!(await repository.dealInOrganization(db, organizationId, id))) throw dealNotFound();
}

export async function deleteDeal(db: Database, organizationId: string, id: string): Promise<void> {
  if (!(await repository.deleteDeal(db, organizationId, id))) throw dealNotFound();
}

export const countDeals = repository.countDeals;
/** The deals a CSV import's rows name, by deal number or by company name (lower-cased). */
export const findDealsForImport = importMatches.findDealsForImport;

export async function listDeals(
  db: Database,
  organizationId: string,
  query: TDealListQuery,
): Promise<TDealListResponse> {
  const filter = openPipelineFilter(query);
  if (!filter) return { deals: [], total: 0, limit: query.limit, offset: query.offset };
  const { rows, total } = await repository.listDeals(db, organizationId, filter);
  return { deals: rows.map(toDealListItem), total, limit: query.limit, offset: query.offset };
}

/**
 * `open=true` as a stage filter: the open pipeline's stages (pipeline-aggregates.ts), or the open
 * ones among the stages asked for; null when none is left (closed deals asked for as open).
 */
function openPipelineFilter(query: TDealListQuery): repository.DealFilter | null {
  const { open, ...filter } = query;
  if (!open) return filter;
  const stages = filter.stage?.length ? filter.stage.filter(isOpenStage) : [...OPEN_DEAL_STAGES];
  return stages.length > 0 ? { ...filter, stage: stages } : null;
}

/** Whole deals in deal-number order, a page at a time (the CSV export). */
export async function dealsForExport(
  db: Database,
  organizationId: string,
  page: { limit: number; offset: number },
): Promise<TDeal[]> {
  const rows = await repository.dealsInNumberOrder(db, organizationId, page);
  return rows.map((row) => toDeal(row, row.companyName));
}

export async function listBoardDeals(
  db: Database,
  organizationId: string,
  query: TDealListQuery,
): Promise<TDealBoardResponse> {
  const filter = openPipelineFilter(query);
  if (!filter) return { deals: [], total: 0, limit: query.limit, offset: query.offset };
  const { rows, total } = await repository.listBoardDeals(db, organizationId, filter);
  return { deals: rows.map(toDealBoardCard), total, limit: query.limit, offset: query.offset };
}

/** Count and total amount per stage, every stage in pipeline order (zeros included). */
export async function summarizeDeals(db: Database, organizationId: string): Promise<TDealSummaryResponse> {
  const { stages } = await pipelineAggregates(db, organizationId);
  return { stages: stages.map((row) => ({ stage: row.stage, count: row.count, total_amount: row.amount })) };
}

/** A company's deals in brief, newest first. */
export async function listDealsOfCompany(
  db: Database,
  organizationId: string,
  companyId: string,
): Promise<TCompanyDeal[]> {
  const rows = await repository.dealsOfCompany(db, organizationId, companyId);
  return rows.map((row) => ({
    id: row.id,
    deal_number: row.dealNumber,
    stage: row.stage as TCompanyDeal['stage'],
    amount_requested: row.amountRequested,
    thematic_score: row.thematicScore,
  }));
}

/** After a company's funding stage changed: its deals' stage fit changed too. */
export async function rescoreDealsOfCompany(
  db: Database,
  organizationId: string,
  companyId: string,
): Promise<number> {
  const thesis = await getThesis(db, organizationId);
  const { scored } = await rescoreDeals(db, organizationId, thesis, { now: new Date(), companyId });
  return scored;
}
