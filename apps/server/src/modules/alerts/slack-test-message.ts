import type { JobDependencies } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { SafeFetchError } from '../../platform/safe-fetch.ts';
import * as alerts from './alerts.repository.ts';
import { postSlackMessage, SLACK_TIMEOUT_MS, SlackAnswerError, WebhookRefused } from './slack-webhook.ts';

const TEST_TEXT = 'Atempo test message: watchlist alerts for your organisation will arrive in this channel.';

/** Why the post failed, as the admin can act on it; never the server's own network details. */
function postFailure(error: unknown): AppError {
  if (error instanceof WebhookRefused) return new AppError(422, 'SLACK_WEBHOOK_REFUSED', error.message);
  if (error instanceof SlackAnswerError) {
    return new AppError(
      502,
      'SLACK_REFUSED',
      error.status < 500
        ? `Slack refused the test message (HTTP ${error.status}): check the webhook URL`
        : `Slack could not take the test message (HTTP ${error.status}): try again later`,
    );
  }
  if (error instanceof SafeFetchError && error.code === 'timeout') {
    return new AppError(502, 'SLACK_UNREACHABLE', `Slack did not answer within ${SLACK_TIMEOUT_MS / 1000} s`);
  }
  return new AppError(502, 'SLACK_UNREACHABLE', 'Slack could not be reached at the saved webhook URL');
}

/**
 * Posts a test message to the organisation's saved Slack webhook, through the same guarded post
 * as the alerts, so an admin knows the channel works before an alert depends on it.
 */
export async function sendSlackTestMessage(
  deps: Pick<JobDependencies, 'db' | 'config'>,
  organizationId: string,
): Promise<void> {
  const settings = await alerts.findAlertSettings(deps.db, organizationId);
  if (!settings?.slackWebhookUrl) {
    throw new AppError(409, 'SLACK_NOT_CONFIGURED', 'Save a Slack webhook URL before sending a test message');
  }
  try {
    await postSlackMessage(
      settings.slackWebhookUrl,
      { text: TEST_TEXT, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: TEST_TEXT } }] },
      { allowPrivateNetworks: deps.config.fetchAllowPrivateNetworks },
    );
  } catch (error) {
    throw postFailure(error);
  }
}
