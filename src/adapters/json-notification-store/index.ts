export { JsonNotificationStore } from './json-notification-store.js';
export { openNotifications } from './open-notifications.js';
