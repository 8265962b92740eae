import path from 'node:path';
import { ControlRoomError, NOTIFICATIONS_SCHEMA_VERSION, NOTIFICATIONS_STORAGE_PATH, NotificationsFileSchema, type NotificationsFile } from '../../protocol/index.js';
import type { NotificationStore } from '../../core/notifications/index.js';
import { readVersionedJson, writeJsonAtomic } from '../fs-store/index.js';

function corrupt(file: string, reason: string): ControlRoomError {
  return new ControlRoomError('notifications_corrupt', `${file} cannot be read: ${reason}. It was left untouched; repair it or move it aside.`, {
    fault: 'system',
    details: { file },
  });
}

/** Notifications on disk: `.control-room/notifications.json`, replaced atomically (and scrubbed, as all app data). */
export class JsonNotificationStore implements NotificationStore {
  readonly file: string;

  constructor(workspaceRoot: string) {
    this.file = path.join(path.resolve(workspaceRoot), NOTIFICATIONS_STORAGE_PATH);
  }

  load(): Promise<NotificationsFile | null> {
    return readVersionedJson(this.file, NotificationsFileSchema, NOTIFICATIONS_SCHEMA_VERSION, corrupt);
  }

  async save(file: NotificationsFile): Promise<void> {
    await writeJsonAtomic(this.file, NotificationsFileSchema.parse(file));
  }
}
