import { isControlRoomError } from '../../protocol/index.js';
import type { LoadedRecipe, RecipeStep, RunCache, RunRecord, RunStepEntry } from '../../protocol/runs.js';
import type { AuditLog, Clock, IssueStore, Workspace } from '../ports/index.js';
import type { AgentModels } from '../loop/index.js';
import type { ToolRunDependencies } from '../tool-runs/index.js';
import { executeModelStep } from './execute-model-step.js';
import { executeToolStep } from './execute-tool-step.js';
import { fileFindingIssues, findingFingerprint, reportedFindings } from './file-finding-issues.js';
import type { IntentionalFindings } from './intentional-findings.js';
import { runItems, type RunItem } from './run-items.js';
import { stepEntry } from './run-record.js';
import type { RunStore } from './run-store.js';
import type { StepOutcome } from './step-outcome.js';
import type { Notifier } from '../notifications/index.js';

/** What executing a run uses. */
export interface RunExecutionDependencies {
  workspace: Workspace;
  store: RunStore;
  tools: ToolRunDependencies;
  issues: IssueStore;
  auditLog: AuditLog;
  clock: Clock;
  modelsFor?: (agentId: string) => AgentModels;
  /** Findings marked intentional, which issue steps never file again. */
  intentional?: Pick<IntentionalFindings, 'list'>;
  /** Told when a run finishes, however it ended. */
  notifier?: Notifier;
}

/** Told of every `steps.jsonl` line as it is written, with the run as it stands (for progress). */
export type RunObserver = (entry: RunStepEntry, run: RunRecord) => void;

/** One run being executed by this process. */
export interface RunExecution {
  run: RunRecord;
  loaded: LoadedRecipe;
  controller: AbortController;
  observer?: RunObserver;
}

/** The thrown value as `{code, message}`. */
export function failureOf(error: unknown): { code: string; message: string } {
  if (isControlRoomError(error)) return { code: error.code, message: error.message };
  return { code: 'internal_error', message: error instanceof Error ? error.message : String(error) };
}

class RunJournal {
  private seq: number;
  constructor(private readonly execution: RunExecution, private readonly deps: RunExecutionDependencies, firstSeq: number) {
    this.seq = firstSeq;
  }

  /** Appends a `steps.jsonl` line, then saves `run.json`, then tells the observer. */
  async write(fields: Parameters<typeof stepEntry>[3]): Promise<void> {
    const { run } = this.execution;
    const now = this.deps.clock.nowIso();
    const entry = stepEntry(this.seq, now, run, fields);
    this.seq += 1;
    await this.deps.store.appendStep(run.id, entry);
    run.updatedAt = now;
    await this.deps.store.writeRun(run);
    this.execution.observer?.(entry, { ...run, progress: { ...run.progress }, summary: { ...run.summary } });
  }
}

async function unitOf(step: RecipeStep, item: RunItem | null, index: number, execution: RunExecution, cache: RunCache, deps: RunExecutionDependencies): Promise<StepOutcome> {
  const { run, loaded, controller } = execution;
  if (step.kind === 'tool') {
    return executeToolStep(step, item, { runId: run.id, recipeId: loaded.recipe.id, args: run.args, index }, deps.tools, controller.signal);
  }
  if (step.kind === 'model') {
    return executeModelStep(step, item, run.args, { workspace: deps.workspace, nowMs: deps.clock.nowMs, ...(deps.modelsFor ? { modelsFor: deps.modelsFor } : {}) }, controller.signal);
  }
  const toolOf = (stepId: string) => loaded.recipe.steps.find((candidate) => candidate.id === stepId)?.tool ?? stepId;
  return fileFindingIssues(step, cache, { runId: run.id, recipeId: loaded.recipe.id, toolOf }, deps);
}

/**
 * Executes a run's steps in recipe order, each `for_each` step once per item. Before each unit it
 * checks for cancellation (this process's abort signal, or a request left by another process);
 * every start and finish is a `steps.jsonl` line, and results go to the step's cache slot. Never
 * rejects: a failure ends the run as `failed` with the step and item where it happened.
 */
export async function executeRun(execution: RunExecution, deps: RunExecutionDependencies, firstSeq: number): Promise<RunRecord> {
  const { run, loaded, controller } = execution;
  const journal = new RunJournal(execution, deps, firstSeq);
  const findings = new Map<string, string>();
  const stop = async (): Promise<boolean> => {
    if (!controller.signal.aborted && (await deps.store.cancelRequested(run.id))) controller.abort();
    return controller.signal.aborted;
  };
  try {
    const plan: Array<{ step: RecipeStep; items: Array<RunItem | null> }> = [];
    for (const step of loaded.recipe.steps) plan.push({ step, items: step.for_each ? await runItems(deps.workspace, step.for_each) : [null] });
    run.progress.total = plan.reduce((sum, entry) => sum + entry.items.length, 0);
    await journal.write({ event: 'run-start', step: null, item: null });
    const cache = await deps.store.readCache(run.id);
    for (const { step, items } of plan) {
      for (const [index, item] of items.entries()) {
        run.progress.step = step.id;
        run.progress.item = item?.path ?? null;
        if (await stop()) return await finish(run, 'cancelled', journal, deps, { event: 'run-cancelled', step: step.id, item: item?.path ?? null, status: 'cancelled' });
        await journal.write({ event: 'step-start', step: step.id, item: item?.path ?? null });
        let outcome: StepOutcome;
        try {
          outcome = await unitOf(step, item, index + 1, execution, cache, deps);
        } catch (error) {
          const failure = failureOf(error);
          if (controller.signal.aborted && failure.code === 'model_cancelled') {
            return await finish(run, 'cancelled', journal, deps, { event: 'run-cancelled', step: step.id, item: item?.path ?? null, status: 'cancelled' });
          }
          await journal.write({ event: 'step-finish', step: step.id, item: item?.path ?? null, status: 'failed', error: failure });
          run.error = failure;
          return await finish(run, 'failed', journal, deps, { event: 'run-failed', step: step.id, item: item?.path ?? null, status: 'failed', error: failure });
        }
        if (step.cache_slot !== undefined) {
          (cache.slots[step.cache_slot] ??= []).push(outcome.cache);
          await deps.store.writeCache(run.id, cache);
        }
        if (step.kind === 'tool') {
          run.summary.receipts += outcome.receiptIds.length;
          for (const finding of reportedFindings(outcome.cache.result).map(findingFingerprint)) {
            if (finding) findings.set(finding.fingerprint, finding.severity);
          }
          run.summary.findings = { error: 0, warning: 0, info: 0 };
          for (const severity of findings.values()) if (severity in run.summary.findings) run.summary.findings[severity as 'error']++;
        }
        run.summary.issues.push(...(outcome.issueIds ?? []));
        run.progress.done += 1;
        await journal.write({ event: 'step-finish', step: step.id, item: item?.path ?? null, status: outcome.status, receiptIds: outcome.receiptIds, summary: outcome.summary });
      }
    }
    run.progress.step = null;
    run.progress.item = null;
    return await finish(run, 'succeeded', journal, deps, { event: 'run-finish', step: null, item: null, status: 'ok', summary: { ...run.summary } });
  } catch (error) {
    // A store that cannot be written: record what can be recorded, and report the run failed.
    run.error = failureOf(error);
    run.status = 'failed';
    run.finishedAt = deps.clock.nowIso();
    await deps.store.writeRun(run).catch(() => undefined);
    return run;
  }
}

async function finish(run: RunRecord, status: RunRecord['status'], journal: RunJournal, deps: RunExecutionDependencies, fields: Parameters<RunJournal['write']>[0]): Promise<RunRecord> {
  run.status = status;
  run.finishedAt = deps.clock.nowIso();
  await journal.write(fields);
  return run;
}
