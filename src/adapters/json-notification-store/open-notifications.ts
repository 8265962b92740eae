import { Notifications } from '../../core/notifications/index.js';
import type { Clock, Ids } from '../../core/ports/index.js';
import { JsonNotificationStore } from './json-notification-store.js';

/** A workspace's notifications over its `.control-room/notifications.json`. */
export function openNotifications(workspaceRoot: string, deps: { clock: Clock; ids: Ids }): Notifications {
  return new Notifications(new JsonNotificationStore(workspaceRoot), deps.clock, deps.ids);
}
