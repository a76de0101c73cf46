import {
  ZAlertSettings,
  ZIdParams,
  ZNotificationListQuery,
  ZNotificationListResponse,
  ZOkResponse,
  ZReadAllResponse,
  ZUpdateAlertSettingsRequest,
} from '@atempo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { bearerAuth, errorResponses } from '../../platform/openapi.ts';
import * as alerts from './alerts.service.ts';
import * as notifications from './notifications.service.ts';
import { sendSlackTestMessage } from './slack-test-message.ts';

const tags = ['notifications'];

/** The caller's notifications (the top-bar menu) and the organisation's alert channels (admin). */
export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { requireAuth, requireAdmin } = ctx.guards;
    app.addHook('onRequest', requireAuth);

    app.get(
      '/notifications',
      {
        schema: {
          tags,
          summary: "The caller's notifications, newest first, with the unread count",
          ...bearerAuth,
          querystring: ZNotificationListQuery,
          response: { 200: ZNotificationListResponse, ...errorResponses(401, 422) },
        },
      },
      async (request) => notifications.listNotifications(ctx.db, principalOf(request), request.query),
    );

    app.post(
      '/notifications/read-all',
      {
        schema: {
          tags,
          summary: "Mark all the caller's notifications read",
          ...bearerAuth,
          response: { 200: ZReadAllResponse, ...errorResponses(401) },
        },
      },
      async (request) => ({
        success: true as const,
        marked_read: await notifications.markAllRead(ctx.db, principalOf(request)),
      }),
    );

    app.post(
      '/notifications/:id/read',
      {
        schema: {
          tags,
          summary: 'Mark one notification read',
          ...bearerAuth,
          params: ZIdParams,
          response: { 200: ZOkResponse, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        await notifications.markRead(ctx.db, principalOf(request), request.params.id);
        return { success: true as const };
      },
    );

    app.get(
      '/organizations/current/alert-settings',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'Where alerts go besides the app and email (the Slack URL is never shown in full)',
          ...bearerAuth,
          response: { 200: ZAlertSettings, ...errorResponses(401, 403) },
        },
      },
      async (request) => alerts.getAlertSettings(ctx.db, principalOf(request).organizationId),
    );

    app.put(
      '/organizations/current/alert-settings',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'Set or remove the Slack incoming-webhook URL',
          ...bearerAuth,
          body: ZUpdateAlertSettingsRequest,
          response: { 200: ZAlertSettings, ...errorResponses(400, 401, 403, 422) },
        },
      },
      async (request) =>
        alerts.saveAlertSettings(
          ctx.db,
          principalOf(request).organizationId,
          request.body.slack_webhook_url,
          ctx.config.fetchAllowPrivateNetworks,
        ),
    );

    app.post(
      '/organizations/current/alert-settings/test',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'Post a test message to the saved Slack webhook',
          description:
            'Through the same guarded post as the alerts (https only, public addresses, no redirect, 10 s). 409 when no URL is saved, 422 when the saved URL is refused, 502 when Slack refuses the message or cannot be reached.',
          ...bearerAuth,
          response: { 200: ZOkResponse, ...errorResponses(401, 403, 409, 422, 502) },
        },
      },
      async (request) => {
        await sendSlackTestMessage(ctx, principalOf(request).organizationId);
        return { success: true as const };
      },
    );
  };
}
