import type { NotificationsFile } from '../../protocol/index.js';

/** Where a workspace's notifications are kept (`.control-room/notifications.json` on disk). */
export interface NotificationStore {
  /** The stored file, or null when nothing was ever raised. */
  load(): Promise<NotificationsFile | null>;
  /** Replaces the file atomically. */
  save(file: NotificationsFile): Promise<void>;
}
