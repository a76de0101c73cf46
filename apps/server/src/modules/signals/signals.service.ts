import {
  IMPACT_LEVELS,
  SIGNAL_TYPES,
  type TAlertListResponse,
  type TAlertSettings,
  type TImpactLevel,
  type TMarketSignal,
  type TMarketSignalDetail,
  type TSignalAlert,
  type TSignalListQuery,
  type TSignalListResponse,
  type TSignalStats,
  type TSignalType,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { notFound, validationError } from '../../platform/errors.ts';
import { isoOf } from '../../platform/sql-rows.ts';
import { lastCompletedAt } from '../../platform/workflows/index.ts';
import { getCompanyRow } from '../companies/companies.service.ts';
import * as alerts from './alerts.repository.ts';
import { MARKET_SIGNAL_SCAN } from './signal-scan.ts';
import * as repository from './signals.repository.ts';
import { webhookHint, webhookUrlProblem } from './slack-webhook.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const signalNotFound = () => notFound('Signal not found', 'SIGNAL_NOT_FOUND');

const actionsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const signalTypeOf = (value: string): TSignalType =>
  (SIGNAL_TYPES as readonly string[]).includes(value) ? (value as TSignalType) : 'other';
const impactOf = (value: string): TImpactLevel =>
  (IMPACT_LEVELS as readonly string[]).includes(value) ? (value as TImpactLevel) : 'low';

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

function toAlert(row: alerts.AlertRow): TSignalAlert {
  return {
    signal_id: row.id,
    signal_type: signalTypeOf(row.signal_type),
    company_name: row.company_name,
    company_id: row.company_id,
    announcement_id: row.announcement_id,
    title: row.title,
    description: row.description,
    relevance_score: Number(row.relevance_score),
    impact_level: impactOf(row.impact_level),
    recommended_actions: actionsOf(row.recommended_actions),
    detected_at: isoOf(row.detected_at),
    watchlist_entry_id: row.watchlist_entry_id,
    alert_threshold: Number(row.alert_threshold),
  };
}

export async function listSignals(
  db: Database,
  organizationId: string,
  query: TSignalListQuery,
): Promise<TSignalListResponse> {
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
    alerts.countAlerts(db, organizationId),
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

export async function listAlerts(
  db: Database,
  organizationId: string,
  page: { limit: number; offset: number },
): Promise<TAlertListResponse> {
  const { rows, total } = await alerts.listAlerts(db, organizationId, page);
  return { alerts: rows.map(toAlert), total, ...page };
}

export async function recentAlerts(db: Database, organizationId: string, limit: number) {
  const { rows } = await alerts.listAlerts(db, organizationId, { limit, offset: 0 });
  return { alerts: rows.map(toAlert) };
}

function toAlertSettings(
  row: { slackWebhookUrl: string | null; updatedAt: Date } | undefined,
): TAlertSettings {
  return {
    slack_configured: Boolean(row?.slackWebhookUrl),
    slack_webhook_hint: row?.slackWebhookUrl ? webhookHint(row.slackWebhookUrl) : null,
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

export async function getAlertSettings(db: Database, organizationId: string): Promise<TAlertSettings> {
  return toAlertSettings(await alerts.findAlertSettings(db, organizationId));
}

export async function saveAlertSettings(
  db: Database,
  organizationId: string,
  slackWebhookUrl: string | null,
  allowPrivateNetworks: boolean,
): Promise<TAlertSettings> {
  if (slackWebhookUrl !== null) {
    const problem = webhookUrlProblem(slackWebhookUrl, allowPrivateNetworks);
    if (problem) throw validationError([{ path: 'slack_webhook_url', message: problem }]);
  }
  return toAlertSettings(await alerts.saveAlertSettings(db, organizationId, slackWebhookUrl));
}
