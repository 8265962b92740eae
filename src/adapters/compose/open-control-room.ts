import os from 'node:os';
import type { Agent, AgentEndpointsFile, MergedToolCatalog, ResolvedFeatureFlags } from '../../protocol/index.js';
import type { Clock, Ids, TraceStore } from '../../core/ports/index.js';
import { environmentKeyOrigin, resolveEndpoint, type EndpointEnvironment, type ResolvedEndpoint } from '../../core/config/index.js';
import { TurnGate, type TurnDependencies } from '../../core/loop/index.js';
import { ReceiptLedger } from '../../core/receipts/index.js';
import { scrubbingTraceStore, type SecretScrubber } from '../../core/secrets/index.js';
import { coreTools, renderToolCatalog, ToolRegistry, type ToolContext } from '../../core/tools/index.js';
import { FsWorkspace, loadAgentEndpoints, loadAgents, loadFeatureFlags } from '../fs-workspace/index.js';
import { JsonIssueStore } from '../json-issue-store/index.js';
import { describeTornLineRepair, JsonlAuditLog, loadReceiptKeys } from '../jsonl-audit-log/index.js';
import { loadToolCatalog } from '../fs-catalog/index.js';
import { processScrubber } from '../secretlint-scanner/index.js';
import { openSqliteTraceStore } from '../sqlite-trace-store/index.js';
import { withOtlpExport } from '../otlp-trace-export/index.js';
import { chatReplyValidator } from './chat-reply-validator.js';
import { createModelDirectory } from './model-directory.js';
import { defaultModelFactory, type ModelFactory } from './model-factory.js';
import { systemClock, systemIds } from '../system/index.js';
import { sweepStaleTempFiles } from '../fs-store/index.js';
import { openBucketMemory } from '../sqlite-memory-store/index.js';
import { openAudioLibrary } from '../fs-audio-store/index.js';
import type { BucketMemory } from '../../core/memory/index.js';
import type { AudioLibrary } from '../../core/audio/index.js';
import { ConversationStates } from '../../core/state/index.js';
import { JsonConversationStateStore } from '../json-task-store/json-conversation-state-store.js';
import { openNotifications } from '../json-notification-store/index.js';
import { JsonTelemetryStore } from '../json-telemetry-store/index.js';
import type { Notifications } from '../../core/notifications/index.js';

export interface OpenControlRoomOptions {
  env?: EndpointEnvironment & Record<string, string | undefined>;
  /** Builds every model of the workspace (default: the one factory, which honours CONTROL_ROOM_GGUF_PATH); the offline demo and tests pass theirs. */
  modelFactory?: ModelFactory;
  clock?: Clock;
  ids?: Ids;
  /** Home folder for the user-level prompts file; null skips it. */
  homeDir?: string | null;
  traces?: TraceStore;
  /** Hears warnings that come up after opening (a trace collector that cannot be reached); default: stderr. */
  onWarning?: (message: string) => void;
}

/** Everything the CLI and the server need for one workspace, built once. */
export interface ControlRoom {
  root: string;
  workspace: FsWorkspace;
  issues: JsonIssueStore;
  auditLog: JsonlAuditLog;
  ledger: ReceiptLedger;
  registry: ToolRegistry;
  scrubber: SecretScrubber;
  agents: Agent[];
  endpoints: AgentEndpointsFile;
  catalog: MergedToolCatalog;
  clock: Clock;
  ids: Ids;
  toolContext: ToolContext;
  traces: TraceStore;
  gate: TurnGate;
  memory: BucketMemory;
  audio: AudioLibrary;
  /** The conversation state machine, one per workspace: chat, conference rounds and tasks share its locks. */
  states: ConversationStates;
  /** The feature flags in force (flags.json with the environment over it), each with its source. */
  flags: ResolvedFeatureFlags;
  /** What waits for the writer: confirmations, clarifications after failed retries, finished runs and imports. */
  notifications: Notifications;
  warnings: string[];
  endpointFor(agentId: string): ResolvedEndpoint;
  modelsFor(agentId: string): ReturnType<TurnDependencies['modelsFor']>;
  turnDependencies(): TurnDependencies;
  close(): Promise<void>;
}

/** Opens a workspace with its stores, keys, tools, catalog, agents and model endpoints. */
export async function openControlRoom(dir: string, options: OpenControlRoomOptions = {}): Promise<ControlRoom> {
  const env = options.env ?? process.env;
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? systemIds;
  const workspace = await FsWorkspace.open(dir);
  const root = workspace.rootDir;
  const [agents, endpoints, keys, flags] = await Promise.all([loadAgents(root), loadAgentEndpoints(root), loadReceiptKeys(root), loadFeatureFlags(root, env)]);
  const registry = new ToolRegistry(coreTools());
  const catalog = await loadToolCatalog({ workspaceRoot: root, homeDir: options.homeDir === undefined ? os.homedir() : options.homeDir, schemas: registry });
  const issues = new JsonIssueStore(root, { clock });
  const auditLog = new JsonlAuditLog(root, { keys: keys.keys, now: () => clock.nowIso() });
  // One scrubbing boundary for the process: receipts, traces, app-data files and every model request.
  const scrubber = processScrubber();
  const ledger = new ReceiptLedger({ log: auditLog, clock, ids, keys: keys.keys, scrubber });
  // Recovery from an interrupted run, before any store writes: temporary files of dead writers in
  // every store folder (app data and the manuscript folders), then receipt lines cut off mid-append.
  const swept = await sweepStaleTempFiles(root);
  const mended = await auditLog.repairTornLines();
  await auditLog.startSeal();
  // With --otlp or OTEL_EXPORTER_OTLP_ENDPOINT, each finished round also goes to a collector (the SDK loads only then).
  const exportOptions = { env, scrubber, warn: options.onWarning ?? ((message: string) => void process.stderr.write(`warning: ${message}\n`)) };
  const traces = await withOtlpExport(scrubbingTraceStore(options.traces ?? (await openSqliteTraceStore(root, { env })), scrubber), exportOptions);
  const memory = await openBucketMemory(root, { clock, ids, scrubber });
  const audio = openAudioLibrary(root, { env, clock, ids });
  const toolContext: ToolContext = { workspace, issues, agents };
  const factory = options.modelFactory ?? defaultModelFactory(env);
  // Fixed now: a settings change to the file's base URL must not carry the environment's key along.
  const keyOrigin = environmentKeyOrigin(endpoints, env);
  const endpointFor = (agentId: string) => resolveEndpoint(endpoints, agentId, env, { environmentKeyOrigin: keyOrigin });
  // The workspace's one model directory: every door (chat, conference, tasks, runs, canon) asks it.
  const modelsFor = createModelDirectory(endpointFor, factory, scrubber);
  const gate = new TurnGate();
  const states = new ConversationStates(new JsonConversationStateStore(root), clock);
  const notifications = openNotifications(root, { clock, ids });
  const room: ControlRoom = {
    root, workspace, issues, auditLog, ledger, registry, scrubber, agents, endpoints, catalog, clock, ids, toolContext, traces, gate, memory, audio, states, flags, notifications,
    warnings: [...keys.warnings, ...catalog.warnings, ...swept.map((file) => `Removed ${file}, left behind by an interrupted write.`), ...mended.map(describeTornLineRepair)],
    endpointFor,
    modelsFor,
    turnDependencies: () => ({
      registry,
      tools: { registry, context: toolContext, ledger, clock, scrubber },
      traces,
      scrubber,
      clock,
      ids,
      gate,
      agents,
      catalogText: (view) => renderToolCatalog(catalog.tools, view),
      modelsFor,
      validateReply: chatReplyValidator({ workspace, auditLog }),
      memory,
      states,
      audio,
      flags: flags.flags,
      notifier: notifications,
      telemetry: new JsonTelemetryStore(root, { clock }),
    }),
    close: async () => {
      await memory.close();
      await traces.close();
      await auditLog.close();
    },
  };
  return room;
}
