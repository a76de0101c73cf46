import { z } from 'zod';
import { ZImpactLevel, ZMarketSignal } from './signals.ts';

/**
 * Alerts and notifications (spec 01 §7 dashboard and signals; spec 02 §7 signals and funding): a
 * signal becomes an alert when it crosses the threshold of a watchlist entry for its company, and
 * reaches people in the app, by email or through the organisation's Slack webhook.
 */

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
