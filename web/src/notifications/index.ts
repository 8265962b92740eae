export { NotificationBell } from './notification-bell.js';
