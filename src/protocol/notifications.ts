/**
 * Notifications: what is waiting for the writer while they look elsewhere — a change waiting for
 * its confirmation, a conversation that needs a clarification after its retries failed, a run or
 * an import that finished. Kept per workspace in `.control-room/notifications.json` (the seed's
 * `data/notifications.json`), listed over HTTP and the CLI, shown and dismissed in the web app.
 */
import { z } from 'zod';

export const NOTIFICATIONS_SCHEMA_VERSION = 1;
export const NOTIFICATIONS_STORAGE_PATH = '.control-room/notifications.json';

/** At most this many are kept: the oldest dismissed go first, then the oldest. */
export const NOTIFICATIONS_KEPT = 200;

export const NOTIFICATION_KINDS = ['confirmation', 'clarification', 'run_finished', 'import_finished'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a notification leads in the app: a screen and, when there is one, the thing to open. */
export const NotificationLinkSchema = z.object({
  /** `changes`, `chat`, `conference`, `runs`, `manuscript` … */
  screen: z.string().min(1).max(40),
  /** The task, session, conference, run or import it is about (null for the screen itself). */
  id: z.string().max(200).nullable(),
});
export type NotificationLink = z.infer<typeof NotificationLinkSchema>;

export const NotificationSchema = z.object({
  /** `ntf_` and a UUIDv7. */
  id: z.string().regex(/^ntf_[0-9a-f-]{36}$/),
  kind: z.enum(NOTIFICATION_KINDS),
  /**
   * What it is about (`confirmation:<id>`, `run:<id>` …): a second notification with the same key
   * replaces the first, and settling the key (the confirmation answered) dismisses it.
   */
  key: z.string().min(1).max(300),
  /** One line, in the writer's words. */
  title: z.string().min(1).max(300),
  /** What happened and what to do. */
  detail: z.string().max(2000),
  link: NotificationLinkSchema.nullable(),
  created_at: z.string(),
  /** When the writer dismissed it, or it was settled; null while it is waiting. */
  dismissed_at: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsFileSchema = z.object({
  schema_version: z.literal(NOTIFICATIONS_SCHEMA_VERSION),
  notifications: z.array(NotificationSchema),
});
export type NotificationsFile = z.infer<typeof NotificationsFileSchema>;

/** What a caller gives to raise a notification (id and times are the store's). */
export interface NotificationInput {
  kind: NotificationKind;
  key: string;
  title: string;
  detail?: string;
  link?: NotificationLink | null;
}

/** Error codes of the notifications. */
export const NOTIFICATION_ERROR_CODES = [
  /** No notification with that id. */
  'notification_not_found',
  /** `notifications.json` does not parse or was written by a newer Control Room. */
  'notifications_corrupt',
] as const;
export type NotificationErrorCode = (typeof NOTIFICATION_ERROR_CODES)[number];
