import type { TAlertListResponse, TAlertSettings, TSignalAlert } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { validationError } from '../../platform/errors.ts';
import { isoOf } from '../../platform/sql-rows.ts';
import * as alerts from './alerts.repository.ts';
import { actionsOf, impactOf, signalTypeOf } from './signal-fields.ts';
import { webhookHint, webhookUrlProblem } from './slack-webhook.ts';

export const countAlerts = alerts.countAlerts;

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
