import type { ControlRoom } from '../compose/index.js';
import { buildCanonIndex } from '../../core/canon/index.js';
import { ConversationStates } from '../../core/state/index.js';
import type { TaskDependencies, TaskRole } from '../../core/tasks/index.js';
import { FsCanonStore } from '../fs-run-store/fs-canon-store.js';
import { FsWorkspaceWriter } from './fs-workspace-writer.js';
import { JsonConversationStateStore } from './json-conversation-state-store.js';
import { JsonTaskStore } from './json-task-store.js';

/** The stateful parts, one set per opened workspace: the state machine's locks must be shared by every caller. */
interface TaskServices {
  store: JsonTaskStore;
  states: ConversationStates;
  writer: FsWorkspaceWriter;
}

const services = new WeakMap<ControlRoom, TaskServices>();

function servicesFor(room: ControlRoom): TaskServices {
  let found = services.get(room);
  if (!found) {
    found = {
      store: new JsonTaskStore(room.root),
      states: new ConversationStates(new JsonConversationStateStore(room.root), room.clock),
      writer: new FsWorkspaceWriter(room.root),
    };
    services.set(room, found);
  }
  return found;
}

/** Rebuilds the canon index the deterministic way (no model), and says what it built. */
export function canonRebuilder(room: ControlRoom): () => Promise<unknown> {
  return async () => {
    const built = await buildCanonIndex({ workspace: room.workspace, store: new FsCanonStore(room.root), clock: room.clock });
    return { index_sha256: built.meta.index_sha256, fact_count: built.meta.fact_count, sources: built.meta.sources.length, mode: built.meta.mode };
  };
}

export interface TaskDependencyOptions {
  /** The planner's and actor's models; default: the room's (agent ids `planner` and `actor`). */
  modelsFor?: (agentId: string) => Pick<ReturnType<ControlRoom['modelsFor']>, 'models' | 'profile'>;
  /** How `canon.rebuild` runs; default: a deterministic canon build. Null refuses the operation. */
  rebuildCanon?: (() => Promise<unknown>) | null;
  modelOptions?: TaskDependencies['modelOptions'];
}

/** Everything `executeTask`, `confirmTask` and `undoTask` need for an opened workspace. */
export function taskDependencies(room: ControlRoom, options: TaskDependencyOptions = {}): TaskDependencies {
  const { store, states, writer } = servicesFor(room);
  const modelsFor = options.modelsFor ?? room.modelsFor;
  const rebuildCanon = options.rebuildCanon === undefined ? canonRebuilder(room) : options.rebuildCanon;
  return {
    workspace: room.workspace,
    writer,
    store,
    states,
    issues: room.issues,
    ledger: room.ledger,
    traces: room.traces,
    scrubber: room.scrubber,
    clock: room.clock,
    ids: room.ids,
    modelsFor: (role: TaskRole) => {
      const { models, profile } = modelsFor(role);
      return { models, profile };
    },
    ...(rebuildCanon ? { rebuildCanon } : {}),
    ...(options.modelOptions ? { modelOptions: options.modelOptions } : {}),
  };
}
