import type { Command } from 'commander';
import { ControlRoomError } from '../../protocol/index.js';
import { startControlRoomServer, type RunningServer } from '../../server/start-server.js';
import { workspaceDir, type CliIo, type CommonOptions } from '../io.js';

/** The port `serve` and `start` use when neither --port nor PORT says otherwise. */
export const DEFAULT_PORT = 4317;

/** Flags of `serve` (and `start`). */
export interface ServeOptions extends CommonOptions {
  port?: string;
  host?: string;
  allowRemote?: boolean;
  allowedHost?: string[];
  demo?: boolean;
}

function portOf(options: ServeOptions): number {
  const text = options.port ?? process.env['PORT'];
  if (text === undefined || text === '') return DEFAULT_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ControlRoomError('usage_error', `${options.port === undefined ? 'PORT' : '--port'} must be a whole number from 0 to 65535 (0 picks a free port), not ${JSON.stringify(text)}.`);
  }
  return port;
}

/** The one line that says where the server is and which model answers. */
export function describeRunning(server: RunningServer, demoAsked: boolean): string {
  const how =
    server.mode === 'demo'
      ? `demo mode (${demoAsked ? '--demo' : 'no model server found'}): no language model; the agents look up what is asked in the manuscript with the real tools, and every reply is checked`
      : `live: model "${server.model.model}" at ${server.model.baseUrl}`;
  return `Control Room is running at ${server.url} — ${how}`;
}

/** Starts the server for `dir`, prints where it is, and resolves once SIGINT or SIGTERM has shut it down. */
export async function serveUntilStopped(io: CliIo, dir: string, options: ServeOptions): Promise<void> {
  const server = await startControlRoomServer({
    workspace: dir,
    port: portOf(options),
    host: options.host ?? '127.0.0.1',
    allowRemote: Boolean(options.allowRemote),
    allowedHosts: options.allowedHost ?? [],
    demo: Boolean(options.demo),
    env: process.env,
  });
  for (const warning of server.warnings) io.stderr(`warning: ${warning}\n`);
  if (options.json) {
    io.stdout(`${JSON.stringify({ url: server.url, host: server.host, port: server.port, mode: server.mode, model: server.model, workspace: dir, token: server.token })}\n`);
  } else {
    const lines = [describeRunning(server, Boolean(options.demo))];
    if (server.mode === 'demo' && server.model.message && !options.demo) lines.push(server.model.message);
    if (server.token) {
      lines.push(`Listening beyond this machine. Every API request needs the header: Authorization: Bearer ${server.tokenSource === 'environment' ? '<CONTROL_ROOM_TOKEN>' : server.token}`);
    }
    lines.push('Press Ctrl+C to stop.');
    // One write, so a reader never sees the address without the lines that go with it.
    io.stdout(`${lines.join('\n')}\n`);
  }
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      io.stderr('Stopping Control Room…\n');
      // The trace store flushes on close, so nothing of a finished round is lost.
      server.close().then(resolve, (error: unknown) => {
        io.stderr(`error while stopping: ${error instanceof Error ? error.message : String(error)}\n`);
        resolve();
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** Adds the flags `serve` and `start` share (all of ServeOptions but --workspace, whose default differs). */
export function withServeFlags(command: Command): Command {
  return command
    .option('--port <n>', `port to listen on (default: PORT or ${DEFAULT_PORT}; 0 picks a free one)`)
    .option('--host <host>', 'address to listen on (default 127.0.0.1)')
    .option('--allow-remote', 'allow a non-loopback --host; every API request then needs the bearer token')
    .option(
      '--allowed-host <name>',
      'also answer to this Host name (name or name:port; repeatable; also CONTROL_ROOM_ALLOWED_HOSTS). Requests naming any other host are refused',
      (name: string, names: string[] = []) => [...names, name],
    )
    .option('--demo', 'run the offline demo model instead of looking for a model server')
    .option('--json', 'print where the server listens as one JSON line');
}

/** `control-room serve [--workspace DIR] [--port N] [--host H --allow-remote] [--demo]` */
export function registerServe(program: Command, io: CliIo): void {
  const serve = program
    .command('serve')
    .description('serve the web app and the HTTP API for a workspace (127.0.0.1 only unless --allow-remote)')
    .option('--workspace <dir>', 'workspace folder');
  withServeFlags(serve).action(async (options: ServeOptions) => {
    await serveUntilStopped(io, workspaceDir(options), options);
  });
}
