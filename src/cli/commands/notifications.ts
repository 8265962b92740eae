import type { Command } from 'commander';
import { ControlRoomError, type Notification } from '../../protocol/index.js';
import { requireWorkspaceRoot } from '../../adapters/fs-workspace/index.js';
import { openNotifications } from '../../adapters/json-notification-store/index.js';
import { systemClock, systemIds } from '../../adapters/system/index.js';
import { emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

/** One notification as two lines: when, what and its id, then what to do. */
export function describeNotification(entry: Notification): string {
  const state = entry.dismissed_at === null ? '' : '  (dismissed)';
  const where = entry.link ? `  → ${entry.link.screen}${entry.link.id ? ` ${entry.link.id}` : ''}` : '';
  return `${entry.created_at.slice(0, 16).replace('T', ' ')}  [${entry.kind}] ${entry.title}${state}\n  ${entry.detail}${where}\n  id ${entry.id}`;
}

async function open(options: CommonOptions) {
  return openNotifications(await requireWorkspaceRoot(workspaceDir(options)), { clock: systemClock, ids: systemIds });
}

/** `control-room notifications [list] [--all]`, `control-room notifications dismiss <id>|--all`. */
export function registerNotifications(program: Command, io: CliIo): void {
  const notifications = program
    .command('notifications')
    .description('what waits for you: confirmations, clarifications after failed retries, finished runs and imports');
  // A subcommand of its own (the default), so `dismiss` gets its own --workspace and --json.
  notifications
    .command('list', { isDefault: true })
    .description('list what waits, newest first')
    .option('--all', 'dismissed ones too')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions & { all?: boolean }) => {
      const store = await open(options);
      const list = await store.list({ includeDismissed: options.all ?? false });
      const waiting = options.all ? (await store.list()).length : list.length;
      emit(io, options, { notifications: list, waiting }, () => (list.length === 0 ? 'nothing waits for you' : list.map(describeNotification).join('\n')));
    });
  notifications
    .command('dismiss')
    .description('dismiss one notification, or every waiting one with --all')
    .argument('[id]', 'the notification id (ntf_…)')
    .option('--all', 'dismiss every waiting notification')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (id: string | undefined, options: CommonOptions & { all?: boolean }) => {
      const store = await open(options);
      if (id === undefined) {
        if (!options.all) throw new ControlRoomError('usage_error', 'Name a notification id (ntf_…), or pass --all to dismiss every waiting one.');
        const dismissed = await store.dismissAll();
        emit(io, options, { dismissed }, () => `dismissed ${dismissed}`);
        return;
      }
      const notification = await store.dismiss(id);
      emit(io, options, { notification }, () => `dismissed ${describeNotification(notification)}`);
    });
}
