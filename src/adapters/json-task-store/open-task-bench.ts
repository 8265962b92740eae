import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ModelProfile, ModelRequest } from '../../protocol/index.js';
import { InMemoryTraceStore } from '../../core/traces/index.js';
import { ReceiptLedger } from '../../core/receipts/index.js';
import { MemorySecretVault, SecretScrubber } from '../../core/secrets/index.js';
import { ConversationStates } from '../../core/state/index.js';
import type { TaskDependencies } from '../../core/tasks/index.js';
import { FsWorkspace, initWorkspace } from '../fs-workspace/index.js';
import { JsonIssueStore } from '../json-issue-store/index.js';
import { JsonlAuditLog, loadReceiptKeys, verifyWorkspaceAudit } from '../jsonl-audit-log/index.js';
import { ScriptedModel, type ScriptedStep } from '../scripted-model/index.js';
import { SecretlintScanner } from '../secretlint-scanner/index.js';
import { systemClock, systemIds } from '../system/index.js';
import { FsWorkspaceWriter } from './fs-workspace-writer.js';
import { JsonConversationStateStore } from './json-conversation-state-store.js';
import { JsonTaskStore } from './json-task-store.js';

export interface TaskBenchOptions {
  /** Scripted replies of the planner and of the actor (more can be pushed later). */
  planner?: Array<ScriptedStep<ModelRequest>>;
  actor?: Array<ScriptedStep<ModelRequest>>;
  /** Replies of a fallback model (none when absent). */
  fallback?: Array<ScriptedStep<ModelRequest>>;
  profile?: ModelProfile;
  /** Copy the sample manuscript in (default true). */
  sample?: boolean;
  rebuildCanon?: () => Promise<unknown>;
}

/** Real task dependencies over a workspace folder, with scripted models and in-memory traces. */
export interface TaskBench {
  root: string;
  deps: TaskDependencies;
  planner: ScriptedModel;
  actor: ScriptedModel;
  fallback: ScriptedModel | null;
  traces: InMemoryTraceStore;
  store: JsonTaskStore;
  issues: JsonIssueStore;
  auditLog: JsonlAuditLog;
  /** sha256 of every file under the manuscript folders and `.control-room/issues` and `canon`. */
  snapshot(): Promise<Map<string, string>>;
  /** `audit verify` of the workspace. */
  verifyAudit(): ReturnType<typeof verifyWorkspaceAudit>;
}

const WATCHED = ['Story', 'Compendium', '.control-room/issues', '.control-room/canon'];

async function hashTree(root: string, folder: string, into: Map<string, string>): Promise<void> {
  const entries = await fs.readdir(path.join(root, folder), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) await hashTree(root, relative, into);
    else if (entry.isFile()) into.set(relative, createHash('sha256').update(await fs.readFile(path.join(root, relative))).digest('hex'));
  }
}

/**
 * Opens a task test bench on `root`: the real workspace writer, JSON stores, issue store, audit
 * log and receipt ledger, the real secret scrubber, and scripted planner/actor models (`planner`
 * and `actor` roles). For tests of tasks and of agents built on them, and the offline demo.
 */
export async function openTaskBench(root: string, options: TaskBenchOptions = {}): Promise<TaskBench> {
  await initWorkspace(root, { sample: options.sample ?? true });
  const workspace = await FsWorkspace.open(root);
  const keys = await loadReceiptKeys(root);
  const auditLog = new JsonlAuditLog(root, { keys: keys.keys });
  await auditLog.startSeal();
  const traces = new InMemoryTraceStore();
  const store = new JsonTaskStore(root);
  const issues = new JsonIssueStore(root);
  const planner = new ScriptedModel(options.planner ?? [], { name: 'planner-model' });
  const actor = new ScriptedModel(options.actor ?? [], { name: 'actor-model' });
  const fallback = options.fallback ? new ScriptedModel(options.fallback, { name: 'fallback-model' }) : null;
  const deps: TaskDependencies = {
    workspace,
    writer: new FsWorkspaceWriter(root),
    store,
    states: new ConversationStates(new JsonConversationStateStore(root), systemClock),
    issues,
    ledger: new ReceiptLedger({ log: auditLog, clock: systemClock, ids: systemIds, keys: keys.keys }),
    traces,
    scrubber: new SecretScrubber(new SecretlintScanner(), new MemorySecretVault()),
    clock: systemClock,
    ids: systemIds,
    modelsFor: (role) => ({ models: { primary: role === 'planner' ? planner : actor, fallback }, profile: options.profile ?? 'cascade' }),
    modelOptions: { sleep: async () => undefined },
    ...(options.rebuildCanon ? { rebuildCanon: options.rebuildCanon } : {}),
  };
  return {
    root: workspace.rootDir,
    deps,
    planner,
    actor,
    fallback,
    traces,
    store,
    issues,
    auditLog,
    snapshot: async () => {
      const hashes = new Map<string, string>();
      for (const folder of WATCHED) await hashTree(workspace.rootDir, folder, hashes);
      return hashes;
    },
    verifyAudit: () => verifyWorkspaceAudit(workspace.rootDir),
  };
}
