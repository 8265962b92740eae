import type { CanonBuildMode } from '../../protocol/tasks.js';
import { CanonIndexer, type CanonModelExtraction } from '../../core/canon/index.js';
import { PipelineRunner, type RunnerHost } from '../../core/runs/index.js';
import type { ControlRoom } from './open-control-room.js';
import type { AgentModels } from '../../core/loop/index.js';
import { probeModelServer } from '../openai-compatible-model/index.js';
import { FsCanonStore, FsRecipeFiles, FsRunStore, JsonIntentionalFindings, processRunnerHost } from '../fs-run-store/index.js';

/** The agent id whose endpoint extracts canon facts (`agents.canon` in agent-endpoints.json overrides the default). */
export const CANON_AGENT_ID = 'canon';

/** The pipeline runner of an opened workspace: its run store, recipes, tools, issues and receipts. */
export function openPipelineRunner(room: ControlRoom, options: { host?: RunnerHost; bundledRecipesDir?: string } = {}): PipelineRunner {
  return new PipelineRunner({
    workspace: room.workspace,
    store: new FsRunStore(room.root),
    recipes: options.bundledRecipesDir === undefined ? new FsRecipeFiles(room.root) : new FsRecipeFiles(room.root, options.bundledRecipesDir),
    tools: { registry: room.registry, context: room.toolContext, ledger: room.ledger, clock: room.clock, scrubber: room.scrubber },
    issues: room.issues,
    auditLog: room.auditLog,
    clock: room.clock,
    ids: room.ids,
    host: options.host ?? processRunnerHost(),
    modelsFor: (agentId) => room.modelsFor(agentId).models,
    intentional: new JsonIntentionalFindings(room.root, room.clock),
    notifier: room.notifications,
  });
}

/** The canon indexer of an opened workspace (one per workspace and process: it keeps the build status). */
export function openCanonIndexer(room: ControlRoom): CanonIndexer {
  return new CanonIndexer({ store: new FsCanonStore(room.root), clock: room.clock });
}

/** `auto`: use the model when its server answers, else parse fields; `model`: always; `deterministic`: never. */
export type CanonModelMode = CanonBuildMode;

export interface CanonModelChoice {
  model: CanonModelExtraction | null;
  /** Why the model is not used, when `auto` fell back to parsing. */
  notice: string | null;
}

export interface ResolveCanonModelOptions {
  /** Asks whether a model server answers (default: `GET <baseUrl>/models` with a short timeout). */
  probe?: (baseUrl: string, apiKey: string | null) => Promise<boolean>;
  /** The models of an agent (default: the room's own); the server passes its settings-aware directory. */
  modelsFor?: (agentId: string) => { models: AgentModels };
}

/** Decides how a canon build extracts facts; `auto` asks the endpoint's server first. */
export async function resolveCanonModel(room: ControlRoom, mode: CanonModelMode, options: ResolveCanonModelOptions = {}): Promise<CanonModelChoice> {
  if (mode === 'deterministic') return { model: null, notice: null };
  const modelsFor = options.modelsFor ?? room.modelsFor;
  const model: CanonModelExtraction = { models: modelsFor(CANON_AGENT_ID).models, nowMs: room.clock.nowMs };
  if (mode === 'model') return { model, notice: null };
  const endpoint = room.endpointFor(CANON_AGENT_ID);
  const probe = options.probe ?? (async (baseUrl: string, apiKey: string | null) => (await probeModelServer(baseUrl, { apiKey })).reachable);
  if (await probe(endpoint.baseUrl, endpoint.apiKey)) return { model, notice: null };
  return { model: null, notice: `No model server answered at ${endpoint.baseUrl}; the index was built from the cards' fields and the lore bullets instead.` };
}
