/** The notifications' shapes as the web app reads them (types only, shared with the server). */
import type { Notification } from '../../../src/protocol/notifications.js';

export type { Notification };

/** `GET /api/notifications`: newest first, and how many wait. */
export interface NotificationList {
  notifications: Notification[];
  waiting: number;
}
