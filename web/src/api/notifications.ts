import type { components } from './generated/openapi-types.js';

/** `GET /api/notifications`: newest first, and how many wait. */
export type NotificationList = components['schemas']['NotificationList'];
export type Notification = NotificationList['notifications'][number];
