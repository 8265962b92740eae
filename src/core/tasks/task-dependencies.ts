import type { ModelProfile } from '../../protocol/index.js';
import type { CallModelOptions, AgentModels } from '../loop/index.js';
import type { Clock, Ids, IssueStore, TraceStore, Workspace } from '../ports/index.js';
import type { WorkspaceWriter } from '../ports/workspace-writer.js';
import type { ReceiptLedger } from '../receipts/index.js';
import type { SecretScrubber } from '../secrets/index.js';
import type { ConversationStates } from '../state/index.js';
import type { CanonRebuildParams } from '../../protocol/tasks.js';
import type { TaskStore } from './task-store.js';
import type { Notifier } from '../notifications/index.js';

/** The two model roles of a task; their endpoints are the agent ids `planner` and `actor`. */
export type TaskRole = 'planner' | 'actor';

/** Everything a task needs, built once per workspace by the composition root. */
export interface TaskDependencies {
  /** Read-only view, for the file list and excerpts the prompts carry. */
  workspace: Workspace;
  writer: WorkspaceWriter;
  store: TaskStore;
  states: ConversationStates;
  issues: IssueStore;
  ledger: ReceiptLedger;
  traces: TraceStore;
  scrubber: SecretScrubber;
  clock: Clock;
  ids: Ids;
  modelsFor: (role: TaskRole) => { models: AgentModels; profile: ModelProfile };
  /**
   * Rebuilds the canon index (`canon.rebuild`) and says what it built (or started); without it
   * that operation is refused. Throws when the build cannot run (e.g. `canon_index_busy`).
   */
  rebuildCanon?: (params: CanonRebuildParams) => Promise<unknown>;
  /** Overrides of the model retry timing (tests pass a `sleep` that does not wait). */
  modelOptions?: Partial<CallModelOptions>;
  /** Told when a change waits for its confirmation, and when that is answered. */
  notifier?: Notifier;
}

/** The conversation tasks run in when the caller names none. */
export const DEFAULT_TASK_CONVERSATION = 'tasks';

/** Agent ids under which receipts of task work are signed. */
export const TASK_AGENT_ID = 'actor';
export const UNDO_AGENT_ID = 'undo';
