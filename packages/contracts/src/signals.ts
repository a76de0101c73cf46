import { z } from 'zod';
import { storable } from './common.ts';
import { ZImpactLevel, ZMarketSignal } from './market-intelligence.ts';
import { SIGNAL_TYPES, ZNotificationPreferences, ZSignalType } from './watchlist.ts';

/**
 * Signals, alerts and notifications (spec 01 §3 market signal, §7 dashboard and signals; spec 02
 * §7 signals and funding). A signal is derived by rules from announcements and companies; it
 * becomes an alert when it crosses the threshold of a watchlist entry for its company.
 */

/** GET /signals/ query. `days` counts back from when the signal was detected. */
export const ZSignalListQuery = z.object({
  type: ZSignalType.optional(),
  impact: ZImpactLevel.optional(),
  company_id: z.uuid().optional(),
  days: z.coerce.number().int().min(1).max(3650).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TSignalListQuery = z.infer<typeof ZSignalListQuery>;

/** A signal with the rule's reasons (what it was derived from, why it scores as it does). */
export const ZMarketSignalDetail = ZMarketSignal.extend({
  data: z.record(z.string(), z.unknown()),
});
export type TMarketSignalDetail = z.infer<typeof ZMarketSignalDetail>;

export const ZSignalListResponse = z.object({
  signals: z.array(ZMarketSignal),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TSignalListResponse = z.infer<typeof ZSignalListResponse>;

const countsBy = <T extends readonly string[]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<T[number], z.ZodNumber>);

export const ZSignalStats = z.object({
  total: z.number().int(),
  by_type: countsBy(SIGNAL_TYPES),
  by_impact: countsBy(['high', 'medium', 'low'] as const),
  /** Signals with impact high: the urgent ones. */
  high_priority: z.number().int(),
  /** Alerts: signals over a watchlist threshold. */
  alerts: z.number().int(),
  /** When the newest completed scan finished; null before the first. */
  last_scan_at: z.iso.datetime({ offset: true }).nullable(),
});
export type TSignalStats = z.infer<typeof ZSignalStats>;

/** A signal that crossed the threshold of the watchlist entry for its company. */
export const ZSignalAlert = ZMarketSignal.extend({
  watchlist_entry_id: z.uuid(),
  alert_threshold: z.number(),
});
export type TSignalAlert = z.infer<typeof ZSignalAlert>;

export const ZAlertListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const ZAlertListResponse = z.object({
  alerts: z.array(ZSignalAlert),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TAlertListResponse = z.infer<typeof ZAlertListResponse>;

/** GET /intelligence/dashboard/recent-alerts?limit=3 (spec 01 §7). */
export const ZRecentAlertsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(3),
});
export const ZRecentAlertsResponse = z.object({ alerts: z.array(ZSignalAlert) });
export type TRecentAlertsResponse = z.infer<typeof ZRecentAlertsResponse>;

export const ZCompanySignalsResponse = z.object({
  company_id: z.uuid(),
  signals: z.array(ZMarketSignal),
  total: z.number().int(),
});
export type TCompanySignalsResponse = z.infer<typeof ZCompanySignalsResponse>;

export const ZCompanyIdParams = z.object({ companyId: z.uuid() });

/** POST /intelligence/scan: the scan runs as a workflow; poll GET /agents/workflows/{id}/status. */
export const ZSignalScanResponse = z.object({
  execution_id: z.uuid(),
  status: z.literal('pending'),
});
export type TSignalScanResponse = z.infer<typeof ZSignalScanResponse>;

/** POST /signals/{id}/add-company: the company the signal names, now linked to it. */
export const ZAddCompanyFromSignalResponse = z.object({
  company_id: z.uuid(),
  company_name: z.string(),
  /** False when the organisation already had the company (same name, normalised) and it was linked. */
  created: z.boolean(),
  confidence_score: z.number(),
  confidence_level: z.enum(['high', 'medium', 'low']),
  signal: ZMarketSignal,
  /** The scan deriving the company's signals again (poll GET /agents/workflows/{id}/status). */
  scan_execution_id: z.uuid(),
});
export type TAddCompanyFromSignalResponse = z.infer<typeof ZAddCompanyFromSignalResponse>;

/** A user's in-app notification. */
export const ZNotification = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  /** In-app path it leads to (the company, or the signal list). */
  link: z.string().nullable(),
  signal_id: z.uuid().nullable(),
  company_id: z.uuid().nullable(),
  impact_level: ZImpactLevel.nullable(),
  read: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  unread_only: z.enum(['true', 'false']).optional(),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

export const ZNotificationListResponse = z.object({
  notifications: z.array(ZNotification),
  unread_count: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TNotificationListResponse = z.infer<typeof ZNotificationListResponse>;

export const ZReadAllResponse = z.object({ success: z.literal(true), marked_read: z.number().int() });

/** Organisation alert settings (admin): the Slack URL is never shown back in full. */
export const ZAlertSettings = z.object({
  slack_configured: z.boolean(),
  /** e.g. "https://hooks.slack.com/services/T0…/…/…abcd": host, first path characters and last four. */
  slack_webhook_hint: z.string().nullable(),
  updated_at: z.iso.datetime({ offset: true }).nullable(),
});
export type TAlertSettings = z.infer<typeof ZAlertSettings>;

/**
 * Why a Slack incoming-webhook URL cannot be used on its face (not a URL, credentials in it, not
 * https), or null. The server adds its address checks; the settings screen checks this before saving.
 * `allowHttp` only where private networks are allowed (local test servers speak plain HTTP).
 */
export function slackWebhookUrlShapeProblem(raw: string, allowHttp = false): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be a valid URL';
  }
  if (url.username || url.password) return 'must not contain credentials';
  const protocols = allowHttp ? ['https:', 'http:'] : ['https:'];
  return protocols.includes(url.protocol) ? null : 'must be an https URL';
}

export const ZUpdateAlertSettingsRequest = z.object({
  /** An https incoming-webhook URL (http only where FETCH_ALLOW_PRIVATE_NETWORKS is on); null removes it. */
  slack_webhook_url: z
    .url({ protocol: /^https?$/, error: 'must be an https URL' })
    .max(2_000, { message: 'must be at most 2000 characters' })
    .nullable(),
});
export type TUpdateAlertSettingsRequest = z.infer<typeof ZUpdateAlertSettingsRequest>;

/** PATCH /signals/watchlist/{id}: any subset of the alert settings of an entry. */
export const ZUpdateWatchlistRequest = z
  .object({
    alert_threshold: storable(
      z
        .number()
        .min(0, { message: 'must be between 0 and 1' })
        .max(1, { message: 'must be between 0 and 1' }),
    ),
    signal_types: z.array(ZSignalType).refine((list) => new Set(list).size === list.length, {
      message: 'each signal type may appear only once',
    }),
    notification_preferences: ZNotificationPreferences.partial(),
  })
  .partial();
export type TUpdateWatchlistRequest = z.infer<typeof ZUpdateWatchlistRequest>;
