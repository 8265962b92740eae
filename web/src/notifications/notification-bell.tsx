import { useEffect, useState } from 'react';
import { api, describeError, type Notification } from '../api/index.js';
import { LoadError } from '../common/index.js';
import { useNavigation, WORK_TABS, type WorkTab } from '../navigation.js';
import { useAsync } from '../use-async.js';

const POLL_MS = 15_000;

const KIND_LABELS: Readonly<Record<Notification['kind'], string>> = {
  confirmation: 'Confirmation',
  clarification: 'Needs you',
  run_finished: 'Run',
  import_finished: 'Import',
};

function isWorkTab(screen: string): screen is WorkTab {
  return (WORK_TABS as readonly string[]).includes(screen);
}

/** One notification: what, when, what to do, a way there and a way to dismiss it. */
export function NotificationItem({ entry, onDismiss, onOpen }: { entry: Notification; onDismiss: () => void; onOpen: (() => void) | null }) {
  return (
    <li className="notification" data-testid="notification" data-kind={entry.kind}>
      <div className="notification-head">
        <span className={`badge badge-neutral notification-kind notification-${entry.kind}`}>{KIND_LABELS[entry.kind]}</span>
        <strong>{entry.title}</strong>
      </div>
      {entry.detail ? <p className="notification-detail">{entry.detail}</p> : null}
      <div className="button-row">
        <span className="hint">{new Date(entry.created_at).toLocaleString()}</span>
        {onOpen ? (
          <button type="button" className="small-button" onClick={onOpen}>
            Open
          </button>
        ) : null}
        <button type="button" className="small-button quiet" onClick={onDismiss} aria-label={`Dismiss: ${entry.title}`}>
          Dismiss
        </button>
      </div>
    </li>
  );
}

/**
 * The header's bell: how many notifications wait (confirmations, clarifications after failed
 * retries, finished runs and imports), and a panel listing them, each with a way to it and a
 * Dismiss. Polled, so a run that finishes or a change that waits shows up wherever the writer is.
 */
export function NotificationBell() {
  const navigation = useNavigation();
  const listed = useAsync(() => api.notifications(), []);
  const [open, setOpen] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const waiting = listed.data?.waiting ?? 0;
  const { reload } = listed;

  useEffect(() => {
    const timer = window.setInterval(reload, POLL_MS);
    return () => window.clearInterval(timer);
  }, [reload]);
  useEffect(() => {
    if (!open) return;
    reload();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, reload]);

  const act = (action: () => Promise<unknown>) => {
    setActionError(null);
    action().then(reload, (failure: unknown) => setActionError(describeError(failure)));
  };
  const entries = listed.data?.notifications ?? [];

  return (
    <div className="notification-bell">
      <button
        type="button"
        className="small-button"
        aria-expanded={open}
        aria-controls="notification-panel"
        data-testid="notification-bell"
        onClick={() => setOpen((current) => !current)}
      >
        Notifications{waiting > 0 ? <span className="notification-count" data-testid="notification-count">{waiting}</span> : null}
      </button>
      {open ? (
        <section id="notification-panel" className="notification-panel" aria-label="Notifications" data-testid="notification-panel">
          <div className="notification-panel-head">
            <h2 className="pane-title">Notifications</h2>
            <button type="button" className="small-button quiet" disabled={entries.length === 0} onClick={() => act(() => api.dismissAllNotifications())}>
              Dismiss all
            </button>
          </div>
          <LoadError error={listed.error ?? actionError} />
          {entries.length === 0 && !listed.loading ? <p className="hint">Nothing waits for you.</p> : null}
          <ul className="notification-list">
            {entries.map((entry) => {
              const screen = entry.link?.screen ?? '';
              const onOpen = isWorkTab(screen)
                ? () => {
                    setOpen(false);
                    navigation.openTab(screen);
                  }
                : null;
              return <NotificationItem key={entry.id} entry={entry} onOpen={onOpen} onDismiss={() => act(() => api.dismissNotification(entry.id))} />;
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
