import { type Database, notifications, organizationAlertSettings } from '@atempo/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';

/**
 * An alert is a signal about a watched company whose type the entry follows and whose relevance
 * reaches the entry's threshold. It is read live from the signal and the watchlist entry, so
 * changing a threshold changes the alerts at once.
 */
const ALERT_FROM = sql`from market_signals s
  join watchlist_entries w on w.organization_id = s.organization_id and w.company_id = s.company_id`;
const ALERT_WHERE = sql`s.relevance_score >= w.alert_threshold
    and w.signal_types @> jsonb_build_array(s.signal_type)`;
const ALERT_JOIN = sql`${ALERT_FROM} where ${ALERT_WHERE}`;

export interface AlertRow {
  id: string;
  signal_type: string;
  company_name: string;
  company_id: string;
  announcement_id: string | null;
  title: string;
  description: string | null;
  relevance_score: number;
  impact_level: string;
  recommended_actions: unknown;
  detected_at: string | Date;
  watchlist_entry_id: string;
  alert_threshold: number;
}

const ALERT_COLUMNS = sql`s.id, s.signal_type, s.company_name, s.company_id, s.announcement_id, s.title,
  s.description, s.relevance_score, s.impact_level, s.recommended_actions, s.detected_at,
  w.id as watchlist_entry_id, w.alert_threshold`;

export async function listAlerts(
  db: Database,
  organizationId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: AlertRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    rowsOf<AlertRow>(
      db,
      sql`select ${ALERT_COLUMNS} ${ALERT_JOIN} and s.organization_id = ${organizationId}
        order by s.detected_at desc, s.relevance_score desc, s.id
        limit ${page.limit} offset ${page.offset}`,
    ),
    rowsOf<{ total: number | string }>(
      db,
      sql`select count(*)::int as total ${ALERT_JOIN} and s.organization_id = ${organizationId}`,
    ),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

export async function countAlerts(db: Database, organizationId: string): Promise<number> {
  const [row] = await rowsOf<{ total: number | string }>(
    db,
    sql`select count(*)::int as total ${ALERT_JOIN} and s.organization_id = ${organizationId}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * Notifications for every member of the organisation for each recent alert whose entry wants
 * in-app or email delivery: kind signal_alert shows in the menu, signal_alert_email only carries
 * the email. Existing ones are left alone, so a rescan notifies nobody twice.
 */
export async function insertAlertNotifications(
  db: Database,
  organizationId: string,
  occurredSince: Date,
): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`insert into notifications (organization_id, user_id, kind, signal_id, title, body, link)
      select s.organization_id, u.id,
        case when (w.notification_preferences ->> 'in_app')::boolean then 'signal_alert' else 'signal_alert_email' end,
        s.id, s.title, s.description, '/companies/' || s.company_id::text
      ${ALERT_FROM}
      join users u on u.organization_id = s.organization_id
      where ${ALERT_WHERE}
        and s.organization_id = ${organizationId}
        and (s.data ->> 'occurred_at')::timestamptz >= ${occurredSince.toISOString()}::timestamptz
        and ((w.notification_preferences ->> 'in_app')::boolean or (w.notification_preferences ->> 'email')::boolean)
      on conflict (user_id, signal_id) do nothing
      returning id`,
  );
  return rows.length;
}

export interface PendingEmailRow {
  id: string;
  user_id: string;
  email: string;
  first_name: string;
  title: string;
  body: string | null;
  link: string | null;
  impact_level: string;
  recommended_actions: unknown;
}

/** Notifications not yet emailed whose watchlist entry (as it is now) wants email, oldest first. */
export async function pendingEmails(
  db: Database,
  organizationId: string,
  createdSince: Date,
): Promise<PendingEmailRow[]> {
  return rowsOf<PendingEmailRow>(
    db,
    sql`select n.id, n.user_id, u.email, u.first_name, n.title, n.body, n.link, s.impact_level, s.recommended_actions
      from notifications n
      join users u on u.id = n.user_id
      join market_signals s on s.id = n.signal_id
      join watchlist_entries w on w.organization_id = s.organization_id and w.company_id = s.company_id
      where n.organization_id = ${organizationId}
        and n.emailed_at is null
        and n.created_at >= ${createdSince.toISOString()}::timestamptz
        and (w.notification_preferences ->> 'email')::boolean
      order by n.user_id, n.created_at, n.id`,
  );
}

/** Marks the notifications as emailed unless another worker already did; answers the ids it marked. */
export async function claimEmails(db: Database, ids: string[], at: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(notifications)
    .set({ emailedAt: at })
    .where(and(inArray(notifications.id, ids), isNull(notifications.emailedAt)))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

export async function releaseEmails(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(notifications).set({ emailedAt: null }).where(inArray(notifications.id, ids));
}

export interface PendingSlackRow {
  id: string;
  title: string;
  description: string | null;
  company_name: string;
  company_id: string;
  impact_level: string;
  relevance_score: number;
  recommended_actions: unknown;
}

/** Recent alerts for entries that want Slack and not yet posted. */
export async function pendingSlack(
  db: Database,
  organizationId: string,
  occurredSince: Date,
): Promise<PendingSlackRow[]> {
  return rowsOf<PendingSlackRow>(
    db,
    sql`select s.id, s.title, s.description, s.company_name, s.company_id, s.impact_level, s.relevance_score,
        s.recommended_actions
      ${ALERT_JOIN}
        and s.organization_id = ${organizationId}
        and (s.data ->> 'occurred_at')::timestamptz >= ${occurredSince.toISOString()}::timestamptz
        and (w.notification_preferences ->> 'slack')::boolean
        and s.data -> 'slack_posted_at' is null
      order by s.detected_at, s.id`,
  );
}

export async function findAlertSettings(db: Database, organizationId: string) {
  const [row] = await db
    .select()
    .from(organizationAlertSettings)
    .where(eq(organizationAlertSettings.organizationId, organizationId));
  return row;
}

export async function saveAlertSettings(
  db: Database,
  organizationId: string,
  slackWebhookUrl: string | null,
) {
  const now = new Date();
  const [row] = await db
    .insert(organizationAlertSettings)
    .values({ organizationId, slackWebhookUrl, updatedAt: now })
    .onConflictDoUpdate({
      target: organizationAlertSettings.organizationId,
      set: { slackWebhookUrl, updatedAt: now },
    })
    .returning();
  return row!;
}
