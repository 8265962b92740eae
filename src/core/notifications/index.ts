export { Notifications, quietly, settleQuietly } from './notifications.js';
export type { Notifier } from './notifications.js';
export type { NotificationStore } from './notification-store.js';
export { notificationKeys } from './notification-keys.js';
export { notifyImportFinished } from './notify-import-finished.js';
export type { FinishedImport } from './notify-import-finished.js';
