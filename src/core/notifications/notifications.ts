import {
  ControlRoomError,
  NOTIFICATIONS_KEPT,
  NOTIFICATIONS_SCHEMA_VERSION,
  type Notification,
  type NotificationInput,
  type NotificationsFile,
} from '../../protocol/index.js';
import type { Clock, Ids } from '../ports/index.js';
import { KeyedLock } from '../traces/index.js';
import type { NotificationStore } from './notification-store.js';

/** Anything that can raise a notification: tasks, turns, rounds, runs and imports are given this much. */
export interface Notifier {
  /** Raises a notification; one with the same key is replaced (it stays one entry, waiting again). */
  notify(input: NotificationInput): Promise<Notification>;
  /** Dismisses what waits under a key, once it no longer needs the writer (a confirmation answered). */
  settle(key: string): Promise<void>;
}

const TITLE_MAX = 300;
const DETAIL_MAX = 2000;

function clip(text: string, max: number): string {
  const single = text.trim();
  return single.length > max ? `${single.slice(0, max - 1)}…` : single;
}

/** Keeps the newest `NOTIFICATIONS_KEPT`: dismissed ones leave first, oldest first. */
function bounded(list: Notification[]): Notification[] {
  if (list.length <= NOTIFICATIONS_KEPT) return list;
  const excess = list.length - NOTIFICATIONS_KEPT;
  const dismissed = list.filter((entry) => entry.dismissed_at !== null).slice(0, excess);
  const dropped = new Set(dismissed.map((entry) => entry.id));
  const kept = list.filter((entry) => !dropped.has(entry.id));
  return kept.slice(Math.max(0, kept.length - NOTIFICATIONS_KEPT));
}

/**
 * A workspace's notifications, oldest first on disk and newest first when listed. Every change
 * reads the file, changes it and writes it whole, one change at a time in this process; a failure
 * to raise one never fails the work that raised it (see `quietly`).
 */
export class Notifications implements Notifier {
  private readonly lock = new KeyedLock();

  constructor(
    private readonly store: NotificationStore,
    private readonly clock: Clock,
    private readonly ids: Ids,
  ) {}

  /** Newest first; dismissed ones only when asked for. */
  async list(options: { includeDismissed?: boolean } = {}): Promise<Notification[]> {
    const file = await this.load();
    const shown = options.includeDismissed ? file.notifications : file.notifications.filter((entry) => entry.dismissed_at === null);
    return [...shown].reverse();
  }

  async notify(input: NotificationInput): Promise<Notification> {
    return this.change((list) => {
      const entry: Notification = {
        id: `ntf_${this.ids.uuidv7()}`,
        kind: input.kind,
        key: clip(input.key, TITLE_MAX),
        title: clip(input.title, TITLE_MAX) || input.kind,
        detail: clip(input.detail ?? '', DETAIL_MAX),
        link: input.link ?? null,
        created_at: this.clock.nowIso(),
        dismissed_at: null,
      };
      return { list: [...list.filter((other) => other.key !== entry.key), entry], result: entry };
    });
  }

  async settle(key: string): Promise<void> {
    await this.change((list) => {
      const waiting = (entry: Notification) => entry.key === key && entry.dismissed_at === null;
      // Nothing waits under the key (the usual case): nothing is written.
      if (!list.some(waiting)) return { list, result: undefined };
      return { list: list.map((entry) => (waiting(entry) ? { ...entry, dismissed_at: this.clock.nowIso() } : entry)), result: undefined };
    });
  }

  /** Dismisses one notification (again is fine); `notification_not_found` for an unknown id. */
  async dismiss(id: string): Promise<Notification> {
    return this.change((list) => {
      const found = list.find((entry) => entry.id === id);
      if (!found) throw new ControlRoomError('notification_not_found', `No notification ${id}. List them with GET /api/notifications.`);
      const dismissed = found.dismissed_at === null ? { ...found, dismissed_at: this.clock.nowIso() } : found;
      return { list: list.map((entry) => (entry.id === id ? dismissed : entry)), result: dismissed };
    });
  }

  /** Dismisses every waiting notification; answers how many were dismissed. */
  async dismissAll(): Promise<number> {
    return this.change((list) => {
      const now = this.clock.nowIso();
      const waiting = list.filter((entry) => entry.dismissed_at === null).length;
      if (waiting === 0) return { list, result: 0 };
      return { list: list.map((entry) => (entry.dismissed_at === null ? { ...entry, dismissed_at: now } : entry)), result: waiting };
    });
  }

  private async load(): Promise<NotificationsFile> {
    return (await this.store.load()) ?? { schema_version: NOTIFICATIONS_SCHEMA_VERSION, notifications: [] };
  }

  private change<T>(apply: (list: Notification[]) => { list: Notification[]; result: T }): Promise<T> {
    return this.lock.run('notifications', async () => {
      const file = await this.load();
      const { list, result } = apply(file.notifications);
      if (list !== file.notifications) await this.store.save({ schema_version: NOTIFICATIONS_SCHEMA_VERSION, notifications: bounded(list) });
      return result;
    });
  }
}

/**
 * Raises a notification without letting its failure (a full disk, a corrupt file) fail the work
 * that raised it: the finished run or the answered turn matters more than its bell.
 */
export async function quietly(notifier: Notifier | undefined, input: NotificationInput, onError?: (error: unknown) => void): Promise<void> {
  if (!notifier) return;
  try {
    await notifier.notify(input);
  } catch (error) {
    onError?.(error);
  }
}

/** `settle` with the same promise as `quietly`. */
export async function settleQuietly(notifier: Notifier | undefined, key: string): Promise<void> {
  if (!notifier) return;
  await notifier.settle(key).catch(() => undefined);
}
