import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { ControlRoomError } from '../protocol/index.js';
import { validateEvidence } from '../core/evidence/index.js';
import { scheduleAudioRetention } from '../core/audio/index.js';
import { ggufModelPath, openConferenceServices, openControlRoom, type ModelFactory } from '../adapters/compose/index.js';
import { DemoModel } from '../adapters/demo-model/index.js';
import { packageRoot } from '../adapters/fs-store/index.js';
import { FsWorkspace } from '../adapters/fs-workspace/index.js';
import { AllowedHosts, allowedHostList } from './allowed-hosts.js';
import { JsonlConferenceTranscripts } from './conference-transcripts.js';
import { createApp } from './create-app.js';
import { detectModelServer, type DetectOptions } from './detect-model-server.js';
import { drainingFetch, idleWithin } from './request-drain.js';
import type { ModelStatus, ServerMode } from './server-dependencies.js';

export interface StartServerOptions {
  workspace: string;
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** Required to listen on anything but loopback. */
  allowRemote: boolean;
  /** More Host names to answer to (`--allowed-host`), besides loopback, `host` and `CONTROL_ROOM_ALLOWED_HOSTS`. */
  allowedHosts?: readonly string[];
  /** Skip model detection and run the offline demo. */
  demo: boolean;
  env: Record<string, string | undefined>;
  /** Overrides model-server probing (tests). */
  probe?: DetectOptions['probe'];
  /** Folder of the built web app (default: web/dist in the package). */
  webRoot?: string | null;
}

/** A listening server and how to stop it. */
export interface RunningServer {
  url: string;
  host: string;
  port: number;
  mode: ServerMode;
  model: ModelStatus;
  /** The access token, when listening beyond loopback. */
  token: string | null;
  /** Where the token came from: the environment, or generated for this run. */
  tokenSource: 'environment' | 'generated' | null;
  warnings: string[];
  /** Stops accepting requests, ends open streams and closes the stores. */
  close(): Promise<void>;
}

/** How long a stopping server waits for cancelled work to end before closing the stores anyway. */
const DRAIN_MS = 10_000;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** True for hosts only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host.trim().toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host.trim());
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Decides the access token: none on loopback; beyond it, --allow-remote and a token are both required. */
function accessToken(options: StartServerOptions): { token: string | null; source: RunningServer['tokenSource'] } {
  if (isLoopbackHost(options.host)) return { token: null, source: null };
  if (!options.allowRemote) {
    throw new ControlRoomError(
      'usage_error',
      `Refusing to listen on ${options.host}: anyone who can reach it could read the manuscript and run the agents. Pass --allow-remote to do it anyway (a bearer token is then required on every API request), or leave --host out to stay on 127.0.0.1.`,
    );
  }
  const fromEnv = options.env['CONTROL_ROOM_TOKEN']?.trim();
  if (fromEnv) {
    if (fromEnv.length < 16) throw new ControlRoomError('usage_error', 'CONTROL_ROOM_TOKEN is too short to protect a server others can reach: use at least 16 characters.');
    return { token: fromEnv, source: 'environment' };
  }
  return { token: randomBytes(24).toString('base64url'), source: 'generated' };
}

/** The addresses a bind reaches: every interface's for a wildcard, else the one named. */
function boundNames(host: string): string[] {
  if (!['0.0.0.0', '::', '[::]'].includes(host.trim())) return [host];
  return Object.values(os.networkInterfaces()).flatMap((addresses) => (addresses ?? []).map((address) => address.address.replace(/%.*$/, '')));
}

/** The names the server answers to: loopback, where it is bound, and the names the writer allowed. */
function allowedHostsOf(options: StartServerOptions): AllowedHosts {
  return new AllowedHosts(boundNames(options.host), [...allowedHostList(options.env['CONTROL_ROOM_ALLOWED_HOSTS']), ...(options.allowedHosts ?? [])]);
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      const message =
        error.code === 'EADDRINUSE'
          ? `Port ${port} on ${host} is already in use (is Control Room already running?). Pass --port <n> or set PORT.`
          : `Could not listen on ${host}:${port} (${error.code ?? error.message}).`;
      reject(new ControlRoomError('usage_error', message, { cause: error }));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Opens the workspace, finds a model server (or falls back to the demo), builds the app and
 * listens. The one start-up path of `control-room serve` and `control-room start`.
 */
export async function startControlRoomServer(options: StartServerOptions): Promise<RunningServer> {
  const { token, source } = accessToken(options);
  const workspace = await FsWorkspace.open(options.workspace);
  const gguf = ggufModelPath(options.env);
  const detection = options.demo
    ? { mode: 'demo' as const, status: { reachable: false, baseUrl: 'demo', model: 'control-room-demo', message: 'Demo mode was asked for (--demo): a scripted model plays every agent through the real harness.' }, env: {} }
    : gguf !== null
      ? // An embedded model needs no server: nothing to look for.
        { mode: 'live' as const, status: { reachable: true, baseUrl: `gguf:${gguf}`, model: path.basename(gguf) }, env: {} }
      : await detectModelServer(workspace.rootDir, { env: options.env, ...(options.probe ? { probe: options.probe } : {}) });
  const env = { ...options.env, ...detection.env };
  // Live: the room's own factory (the product's one, which honours CONTROL_ROOM_GGUF_PATH); demo: the scripted model.
  const demoFactory: ModelFactory = () => new DemoModel({ workspace });
  const room = await openControlRoom(workspace.rootDir, { env, ...(detection.mode === 'demo' ? { modelFactory: demoFactory } : {}) });
  // Expired, unpinned clips go when the server starts and once a day while it runs (unless the flag is off).
  const audioRetention = room.flags.flags.audioRetention
    ? scheduleAudioRetention(room.audio, { onError: (error) => process.stderr.write(`warning: the audio cleanup failed: ${error instanceof Error ? error.message : String(error)}\n`) })
    : null;
  try {
    const services = openConferenceServices(room, { validateReply: validateEvidence });
    const allowedHosts = allowedHostsOf(options);
    const app = createApp({
      allowedHosts,
      room,
      conference: { ...services, validateReply: validateEvidence, transcripts: new JsonlConferenceTranscripts(room.root) },
      mode: detection.mode,
      model: detection.status,
      version: packageVersion(),
      token,
      webRoot: options.webRoot === undefined ? path.join(packageRoot(), 'web', 'dist') : options.webRoot,
      audioRetention,
    });
    const requests = drainingFetch(app.fetch);
    const server = createAdaptorServer({ fetch: requests.fetch }) as Server;
    const address = await listen(server, options.port, options.host);
    allowedHosts.listenOn(address.port);
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    let closing: Promise<void> | null = null;
    return {
      url: `http://${shownHost}:${address.port}`,
      host: address.address,
      port: address.port,
      mode: detection.mode,
      model: detection.status,
      token,
      tokenSource: source,
      warnings: room.warnings,
      close: () => {
        closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            // Open event streams would keep close() waiting for ever. Closing a connection aborts its
            // request's signal, which cancels its turn down to the model call.
            server.closeAllConnections();
          });
          // The stores close only after the requests still being answered, and the turns queued
          // behind them (which then start already cancelled), have ended: none meets a closed store.
          await requests.drained(DRAIN_MS);
          await idleWithin(() => room.gate.busyKeys().length === 0, DRAIN_MS);
          audioRetention?.stop();
          await audioRetention?.firstRun;
          await room.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    audioRetention?.stop();
    await audioRetention?.firstRun;
    await room.close();
    throw error;
  }
}
