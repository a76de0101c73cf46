import type { Database } from '@atempo/db';
import type { JobDependencies } from '../../platform/context.ts';
import { escapeHtml } from '../../platform/mailer.ts';
import * as alerts from './alerts.repository.ts';
import { postSlackMessage, type SlackMessage } from './slack-webhook.ts';

/** Only news from this recent alerts anyone: watching a company does not replay its history. */
export const ALERT_WINDOW_DAYS = 30;
/** Notifications older than this are no longer emailed (a mail server down for a week). */
export const EMAIL_BACKLOG_DAYS = 7;
/** At most this many alerts in one Slack message (Slack caps a message at 50 blocks). */
export const SLACK_ALERTS_PER_MESSAGE = 20;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

const actionsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Creates the in-app (and email-carrying) notifications of the organisation's recent alerts. */
export async function notifyAlerts(deps: Pick<JobDependencies, 'db'>, organizationId: string, now: Date) {
  return alerts.insertAlertNotifications(deps.db, organizationId, daysBefore(now, ALERT_WINDOW_DAYS));
}

/**
 * One email per member carrying every alert not yet emailed to them (the batch). The rows are
 * claimed before sending and released if the send fails, so a retry sends them again and two
 * workers never send the same alert.
 */
export async function emailAlerts(
  deps: Pick<JobDependencies, 'db' | 'mailer' | 'config'>,
  organizationId: string,
  now: Date,
): Promise<number> {
  const pending = await alerts.pendingEmails(deps.db, organizationId, daysBefore(now, EMAIL_BACKLOG_DAYS));
  const byUser = new Map<string, alerts.PendingEmailRow[]>();
  for (const row of pending) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  let sent = 0;
  for (const rows of byUser.values()) {
    const claimed = new Set(
      await alerts.claimEmails(
        deps.db,
        rows.map((row) => row.id),
        now,
      ),
    );
    const batch = rows.filter((row) => claimed.has(row.id));
    if (batch.length === 0) continue;
    try {
      await deps.mailer.send(alertEmail(batch, deps.config.publicUrl));
      sent += 1;
    } catch (error) {
      await alerts.releaseEmails(deps.db, [...claimed]);
      throw error;
    }
  }
  return sent;
}

function alertEmail(batch: alerts.PendingEmailRow[], publicUrl: string) {
  const first = batch[0]!;
  const subject =
    batch.length === 1
      ? `Atempo alert: ${first.title}`
      : `Atempo: ${batch.length} new alerts on your watchlist`;
  const link = (row: alerts.PendingEmailRow) => `${publicUrl}${row.link ?? '/'}`;
  const text = [
    `Hello ${first.first_name},`,
    '',
    batch.length === 1
      ? 'A company on your watchlist has a new signal:'
      : 'Companies on your watchlist have new signals:',
    '',
    ...batch.flatMap((row) => [
      `• [${row.impact_level}] ${row.title}`,
      ...(row.body ? [`  ${row.body}`] : []),
      ...actionsOf(row.recommended_actions).map((action) => `  → ${action}`),
      `  ${link(row)}`,
      '',
    ]),
    'You receive this because email alerts are on for these watchlist entries.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(first.first_name)},</p>`,
    '<ul>',
    ...batch.map(
      (row) =>
        `<li><p><strong>[${escapeHtml(row.impact_level)}] <a href="${escapeHtml(link(row))}">${escapeHtml(row.title)}</a></strong></p>${
          row.body ? `<p>${escapeHtml(row.body)}</p>` : ''
        }<ul>${actionsOf(row.recommended_actions)
          .map((action) => `<li>${escapeHtml(action)}</li>`)
          .join('')}</ul></li>`,
    ),
    '</ul>',
    '<p>You receive this because email alerts are on for these watchlist entries.</p>',
  ].join('\n');
  return { to: first.email, subject, text, html };
}

/** Marks signals as posted to Slack; the signals module, which owns them, hands it in. */
export type MarkSlackPosted = (db: Database, signalIds: string[], at: Date) => Promise<void>;

/**
 * Posts the organisation's new Slack-bound alerts to its incoming webhook, batched into few
 * messages; each alert is marked once posted (by `markPosted`). No URL configured: nothing to do.
 */
export async function postAlertsToSlack(
  deps: Pick<JobDependencies, 'db' | 'config'>,
  organizationId: string,
  now: Date,
  markPosted: MarkSlackPosted,
): Promise<number> {
  const settings = await alerts.findAlertSettings(deps.db, organizationId);
  if (!settings?.slackWebhookUrl) return 0;
  const pending = await alerts.pendingSlack(deps.db, organizationId, daysBefore(now, ALERT_WINDOW_DAYS));
  let posted = 0;
  for (let start = 0; start < pending.length; start += SLACK_ALERTS_PER_MESSAGE) {
    const batch = pending.slice(start, start + SLACK_ALERTS_PER_MESSAGE);
    await postSlackMessage(settings.slackWebhookUrl, slackMessage(batch, deps.config.publicUrl), {
      allowPrivateNetworks: deps.config.fetchAllowPrivateNetworks,
    });
    await markPosted(
      deps.db,
      batch.map((row) => row.id),
      now,
    );
    posted += batch.length;
  }
  return posted;
}

/** Slack's mrkdwn treats &, < and > as control characters. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function slackMessage(batch: alerts.PendingSlackRow[], publicUrl: string): SlackMessage {
  const text =
    batch.length === 1
      ? `Atempo alert: ${batch[0]!.title}`
      : `Atempo: ${batch.length} new alerts on your watchlist`;
  const blocks: unknown[] = [{ type: 'header', text: { type: 'plain_text', text: text.slice(0, 150) } }];
  for (const row of batch) {
    const actions = actionsOf(row.recommended_actions)
      .map((action) => `• ${slackEscape(action)}`)
      .join('\n');
    blocks.push({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: [
          `*<${publicUrl}/companies/${row.company_id}|${slackEscape(row.title)}>*`,
          `Impact: ${row.impact_level} · Relevance: ${Number(row.relevance_score).toFixed(2)}`,
          actions,
        ]
          .filter(Boolean)
          .join('\n')
          .slice(0, 3000),
      },
    });
  }
  return { text, blocks };
}
