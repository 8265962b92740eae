import type { ControlRoom } from './open-control-room.js';
import type { ConversationStates } from '../../core/state/index.js';
import type { TaskDependencies, TaskRole } from '../../core/tasks/index.js';
import { FsWorkspaceWriter, JsonTaskStore } from '../json-task-store/index.js';
import { canonRebuilder } from './canon-rebuilder.js';

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
      // The room's own state machine: a task, a chat turn and a conference round share its locks.
      states: room.states,
      writer: new FsWorkspaceWriter(room.root),
    };
    services.set(room, found);
  }
  return found;
}

export interface TaskDependencyOptions {
  /** The planner's and actor's models; default: the room's (agent ids `planner` and `actor`). */
  modelsFor?: (agentId: string) => Pick<ReturnType<ControlRoom['modelsFor']>, 'models' | 'profile'>;
  /** How `canon.rebuild` runs; default: a build that waits, in the mode its params name. Null refuses the operation. */
  rebuildCanon?: TaskDependencies['rebuildCanon'] | null;
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
    notifier: room.notifications,
    modelsFor: (role: TaskRole) => {
      const { models, profile } = modelsFor(role);
      return { models, profile };
    },
    ...(rebuildCanon ? { rebuildCanon } : {}),
    ...(options.modelOptions ? { modelOptions: options.modelOptions } : {}),
  };
}
