import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { NotificationSchema } from '../../protocol/index.js';
import type { Notifications } from '../../core/notifications/index.js';
import type { ServerApp } from '../server-app.js';
import { errorResponses, jsonContent } from '../schemas.js';

/** What the notification routes need: the workspace's notifications. */
export interface NotificationRouteDependencies {
  notifications: Notifications;
}

// Made here, after @hono/zod-openapi has extended zod: a schema made before that has no `.openapi`.
const NotificationBodySchema = z.object(NotificationSchema.shape).openapi('Notification');

const NotificationListSchema = z
  .object({
    notifications: z.array(NotificationBodySchema).describe('newest first'),
    waiting: z.number().int().describe('how many are not dismissed'),
  })
  .openapi('NotificationList');

const listRoute = createRoute({
  method: 'get',
  path: '/api/notifications',
  operationId: 'listNotifications',
  tags: ['notifications'],
  summary: 'Confirmations waiting, clarifications needed after failed retries, finished runs and imports — newest first',
  request: { query: z.strictObject({ all: z.enum(['true', 'false']).optional().describe('true: dismissed ones too') }) },
  responses: { 200: jsonContent(NotificationListSchema, 'The notifications'), ...errorResponses(400) },
});

const NotificationIdSchema = NotificationSchema.shape.id;

// Dismissing takes no options: an empty body (read as `{}`) or `{}`; anything else is refused.
const NoOptionsSchema = z.strictObject({}).openapi('DismissNotificationsRequest');
const noOptionsBody = { content: { 'application/json': { schema: NoOptionsSchema } }, required: false };

const dismissRoute = createRoute({
  method: 'post',
  path: '/api/notifications/{id}/dismiss',
  operationId: 'dismissNotification',
  tags: ['notifications'],
  summary: 'Dismiss one notification (dismissing it again changes nothing)',
  request: { params: z.object({ id: NotificationIdSchema }), body: noOptionsBody },
  responses: { 200: jsonContent(z.object({ notification: NotificationBodySchema }).openapi('DismissedNotification'), 'The notification, dismissed'), ...errorResponses(400, 404) },
});

const dismissAllRoute = createRoute({
  method: 'post',
  path: '/api/notifications/dismiss-all',
  operationId: 'dismissAllNotifications',
  tags: ['notifications'],
  summary: 'Dismiss every waiting notification',
  request: { body: noOptionsBody },
  responses: { 200: jsonContent(z.object({ dismissed: z.number().int() }).openapi('DismissedNotifications'), 'How many were dismissed'), ...errorResponses(400) },
});

/** `GET /api/notifications`, `POST /api/notifications/{id}/dismiss` and `POST /api/notifications/dismiss-all`. */
export function registerNotificationRoutes(app: ServerApp, deps: NotificationRouteDependencies): void {
  app.openapi(listRoute, async (c) => {
    const all = c.req.valid('query').all === 'true';
    const [shown, waiting] = await Promise.all([deps.notifications.list({ includeDismissed: all }), all ? deps.notifications.list() : null]);
    return c.json({ notifications: shown, waiting: (waiting ?? shown).length }, 200);
  });
  app.openapi(dismissRoute, async (c) => c.json({ notification: await deps.notifications.dismiss(c.req.valid('param').id) }, 200));
  app.openapi(dismissAllRoute, async (c) => c.json({ dismissed: await deps.notifications.dismissAll() }, 200));
}
