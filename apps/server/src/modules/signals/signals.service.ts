import {
  SIGNAL_TYPES,
  type TMarketSignal,
  type TMarketSignalDetail,
  type TSignalListQuery,
  type TSignalListResponse,
  type TSignalStats,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';

import { notFound } from '../../platform/errors.ts';
import { lastCompletedAt } from '../../platform/workflows/index.ts';
import { actionsOf, countAlerts, impactOf, signalTypeOf } from '../alerts/index.ts';
import { getCompanyRow } from '../companies/index.ts';

import { MARKET_SIGNAL_SCAN } from './signal-scan.ts';
import * as repository from './signals.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const signalNotFound = () => notFound('Signal not found', 'SIGNAL_NOT_FOUND');

export function toSignal(row: repository.SignalRow): TMarketSignal {
  return {
    signal_id: row.id,
    signal_type: signalTypeOf(row.signalType),
    company_name: row.companyName,
    company_id: row.companyId,
    announcement_id: row.announcementId,
    title: row.title,
    description: row.description,
    relevance_score: row.relevanceScore,
    impact_level: impactOf(row.impactLevel),
    recommended_actions: actionsOf(row.recommendedActions),
    detected_at: row.detectedAt.toISOString(),
  };
}

export async function listSignals(
  db: Database,
  organizationId: string,
  query: TSignalListQuery,
): Promise<TSignalListResponse> {
  // A filter naming another organisation's company is a 404, not an empty list.
  if (query.company_id) await getCompanyRow(db, organizationId, query.company_id);
  const { rows, total } = await repository.listSignals(
    db,
    organizationId,
    {
      type: query.type,
      impact: query.impact,
      companyId: query.company_id,
      since: query.days ? new Date(Date.now() - query.days * DAY_MS) : undefined,
    },
    { limit: query.limit, offset: query.offset },
  );
  return { signals: rows.map(toSignal), total, limit: query.limit, offset: query.offset };
}

export async function getSignal(
  db: Database,
  organizationId: string,
  id: string,
): Promise<TMarketSignalDetail> {
  const row = await repository.findSignal(db, organizationId, id);
  if (!row) throw signalNotFound();
  return { ...toSignal(row), data: (row.data ?? {}) as Record<string, unknown> };
}

export async function signalStats(db: Database, organizationId: string): Promise<TSignalStats> {
  const [counts, alertCount, lastScan] = await Promise.all([
    repository.countSignals(db, organizationId),
    countAlerts(db, organizationId),
    lastCompletedAt(db, organizationId, MARKET_SIGNAL_SCAN),
  ]);
  const byType = Object.fromEntries(SIGNAL_TYPES.map((type) => [type, 0])) as TSignalStats['by_type'];
  const byImpact = { high: 0, medium: 0, low: 0 };
  let total = 0;
  for (const row of counts) {
    total += row.count;
    byType[signalTypeOf(row.signal_type)] += row.count;
    byImpact[impactOf(row.impact_level)] += row.count;
  }
  return {
    total,
    by_type: byType,
    by_impact: byImpact,
    high_priority: byImpact.high,
    alerts: alertCount,
    last_scan_at: lastScan ? lastScan.toISOString() : null,
  };
}

export async function companySignals(db: Database, organizationId: string, companyId: string) {
  await getCompanyRow(db, organizationId, companyId);
  const { rows, total } = await repository.listSignals(
    db,
    organizationId,
    { companyId },
    { limit: 100, offset: 0 },
  );
  return { company_id: companyId, signals: rows.map(toSignal), total };
}
