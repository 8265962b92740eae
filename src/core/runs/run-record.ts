import { RUN_SCHEMA_VERSION, type LoadedRecipe, type RunRecord, type RunStepEntry } from '../../protocol/runs.js';
import type { RunnerHost } from './run-store.js';

/** A new run of a recipe, queued and owned by this process until a runner claims it. */
export function newRunRecord(id: string, loaded: LoadedRecipe, args: Record<string, unknown>, host: RunnerHost, nowIso: string): RunRecord {
  return {
    schema_version: RUN_SCHEMA_VERSION,
    id,
    recipe: { id: loaded.recipe.id, name: loaded.recipe.name, origin: loaded.origin },
    args,
    status: 'queued',
    progress: { done: 0, total: 0, step: null, item: null },
    createdAt: nowIso,
    startedAt: null,
    finishedAt: null,
    updatedAt: nowIso,
    runner: { pid: host.pid, host: host.host },
    error: null,
    summary: { receipts: 0, findings: { error: 0, warning: 0, info: 0 }, issues: [] },
  };
}

/**
 * True when the process named as the run's runner is certainly gone: no runner, or a runner on
 * this host whose process is dead (or is this process, which does not have the run). A runner on
 * another host cannot be checked, so it is trusted.
 */
export function runnerIsGone(run: RunRecord, host: RunnerHost): boolean {
  if (run.runner === null) return true;
  if (run.runner.host !== host.host) return false;
  return run.runner.pid === host.pid || !host.isAlive(run.runner.pid);
}

/** A `steps.jsonl` line. */
export function stepEntry(seq: number, at: string, run: RunRecord, fields: Omit<RunStepEntry, 'schema_version' | 'seq' | 'at' | 'done'>): RunStepEntry {
  return { schema_version: RUN_SCHEMA_VERSION, seq, at, done: run.progress.done, ...fields };
}
