import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FEATURE_FLAGS_FILE, FEATURE_FLAGS_SCHEMA_VERSION, type FeatureFlags, type ModelRequest } from '../../protocol/index.js';
import { validateEvidence } from '../../core/evidence/index.js';
import { InMemoryTraceStore } from '../../core/traces/index.js';
import { openConferenceServices, openControlRoom, type ControlRoom, type ModelFactory } from '../../adapters/compose/index.js';
import { DemoModel } from '../../adapters/demo-model/index.js';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { ScriptedModel, type ScriptedStep } from '../../adapters/scripted-model/index.js';
import { JsonlConferenceTranscripts } from '../conference-transcripts.js';
import { createApp } from '../create-app.js';
import type { ServerApp } from '../server-app.js';
import type { ServerDependencies } from '../server-dependencies.js';

/** A server app over a fresh copy of the sample workspace, for route tests with `app.request()`. */
export interface RouteFixture {
  app: ServerApp;
  room: ControlRoom;
  dir: string;
  /** The scripted model every agent talks to (when a script was given). */
  scripted: ScriptedModel | null;
  /** Sends JSON (as the web app does: a JSON content type on every state change, bodiless ones too) and returns the response. */
  send(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export interface RouteFixtureOptions {
  /** Replies every agent's model gives, in order; without a script the offline demo model answers. */
  script?: Array<ScriptedStep<ModelRequest>>;
  token?: string | null;
  webRoot?: string | null;
  development?: boolean;
  bodyLimitBytes?: number;
  /** Upload limits and staging folder of the import routes. */
  imports?: ServerDependencies['imports'];
  /** Reachability the settings screen reports (default: nothing answers). */
  probe?: ServerDependencies['probe'];
  /** The Host and Origin names served (default: loopback names on any port). */
  allowedHosts?: ServerDependencies['allowedHosts'];
  /** How `GET /api/models` finds servers (default: the real discovery). */
  discoverServers?: ServerDependencies['discoverServers'];
  /** Feature flags written to the workspace's flags.json before it is opened (default: none, so every flag is at its default). */
  flags?: Partial<FeatureFlags>;
}

/** Opens the fixture; `close()` removes the temp folder. */
export async function openRouteFixture(options: RouteFixtureOptions = {}): Promise<RouteFixture> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-routes-'));
  const dir = path.join(base, 'novel');
  await initWorkspace(dir, { sample: true });
  if (options.flags) {
    const flagsFile = path.join(dir, ...FEATURE_FLAGS_FILE.split('/'));
    await fs.mkdir(path.dirname(flagsFile), { recursive: true });
    await fs.writeFile(flagsFile, JSON.stringify({ schema_version: FEATURE_FLAGS_SCHEMA_VERSION, flags: options.flags }));
  }
  const workspace = await FsWorkspace.open(dir);
  const scripted = options.script ? new ScriptedModel(options.script, { name: 'scripted-route-model' }) : null;
  const modelFactory: ModelFactory = () => scripted ?? new DemoModel({ workspace });
  const room = await openControlRoom(dir, { modelFactory, traces: new InMemoryTraceStore(), homeDir: null, env: {} });
  const services = openConferenceServices(room, { validateReply: validateEvidence });
  const app = createApp({
    room,
    conference: { ...services, validateReply: validateEvidence, transcripts: new JsonlConferenceTranscripts(room.root) },
    mode: scripted ? 'live' : 'demo',
    model: { reachable: scripted !== null, baseUrl: scripted ? 'scripted' : 'demo', model: scripted ? scripted.name : 'control-room-demo' },
    version: '0.0.0-test',
    token: options.token ?? null,
    webRoot: options.webRoot ?? null,
    development: options.development ?? false,
    probe: options.probe ?? (async () => false),
    ...(options.bodyLimitBytes ? { bodyLimitBytes: options.bodyLimitBytes } : {}),
    ...(options.imports ? { imports: options.imports } : {}),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
    ...(options.discoverServers ? { discoverServers: options.discoverServers } : {}),
  });
  return {
    app,
    room,
    dir,
    scripted,
    send: (method, url, body, headers = {}) =>
      Promise.resolve(
        app.request(url, {
          method,
          headers: { ...(body === undefined && (method === 'GET' || method === 'HEAD') ? {} : { 'content-type': 'application/json' }), ...headers },
          ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        }),
      ),
    close: async () => {
      await room.close();
      await fs.rm(base, { recursive: true, force: true });
    },
  };
}

/** One parsed server-sent event. */
export interface ParsedEvent {
  event: string;
  data: unknown;
}

/** Reads a `text/event-stream` response to its end, event by event (data parsed as JSON). */
export async function readEvents(response: Response): Promise<ParsedEvent[]> {
  const text = await response.text();
  const events: ParsedEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    if (block.trim() === '') continue;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    events.push({ event, data: JSON.parse(data.join('\n')) });
  }
  return events;
}
