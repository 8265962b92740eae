import { ControlRoomError } from '../../protocol/index.js';
import { FINISHED_RUN_STATUSES, RUN_ID_PATTERN, type LoadedRecipe, type RunCacheEntry, type RunRecord, type RunStepEntry } from '../../protocol/runs.js';
import type { Ids } from '../ports/index.js';
import { executeRun, type RunExecution, type RunExecutionDependencies, type RunObserver } from './execute-run.js';
import { notifyRunFinished } from './notify-run-finished.js';
import { requireRecipes } from './load-recipes.js';
import { newRunRecord, runnerIsGone, stepEntry } from './run-record.js';
import type { RecipeFiles, RunnerHost } from './run-store.js';

export interface PipelineDependencies extends RunExecutionDependencies {
  recipes: RecipeFiles;
  ids: Ids;
  host: RunnerHost;
}

interface LiveRun {
  controller: AbortController;
  finished: Promise<RunRecord>;
}

/**
 * Starts, executes, cancels and reports pipeline runs of one workspace. Runs execute in the
 * background of the process that owns this runner; a run another process executes is seen
 * through its files, and one whose process died is reported (and stored) as `interrupted`.
 */
export class PipelineRunner {
  private readonly live = new Map<string, LiveRun>();
  /** Runs this runner queued for a worker process: this process is their runner until one claims them. */
  private readonly queued = new Set<string>();

  constructor(private readonly deps: PipelineDependencies) {}

  /** Bundled and project recipes, merged by id; `config_invalid` names any bad file. */
  async recipes(): Promise<LoadedRecipe[]> {
    return requireRecipes(await this.deps.recipes.list());
  }

  /** One recipe by id; `recipe_not_found` lists the ids there are. */
  async recipe(id: string): Promise<LoadedRecipe> {
    const recipes = await this.recipes();
    const found = recipes.find((loaded) => loaded.recipe.id === id);
    if (!found) throw new ControlRoomError('recipe_not_found', `No recipe "${id}". Recipes: ${recipes.map((loaded) => loaded.recipe.id).join(', ') || 'none'}.`);
    return found;
  }

  /** Creates a queued run (for a worker process to execute), after checking its recipe and arguments. */
  async create(recipeId: string, args: Record<string, unknown> = {}): Promise<RunRecord> {
    return (await this.prepare(recipeId, args)).run;
  }

  private async prepare(recipeId: string, args: Record<string, unknown>): Promise<{ run: RunRecord; loaded: LoadedRecipe }> {
    const loaded = await this.recipe(recipeId);
    for (const step of loaded.recipe.steps) {
      if (step.kind === 'tool' && !this.deps.tools.registry.get(step.tool!)) {
        throw new ControlRoomError('config_invalid', `Step "${step.id}" of recipe "${recipeId}" names the unknown tool "${step.tool}". Tools: ${this.deps.tools.registry.ids().join(', ')}.`);
      }
    }
    const declared = loaded.recipe.args ?? {};
    const unknown = Object.keys(args).filter((key) => !(key in declared));
    if (unknown.length > 0) {
      throw new ControlRoomError('run_args_invalid', `Recipe "${recipeId}" takes no argument ${unknown.map((key) => `"${key}"`).join(', ')}; it takes: ${Object.keys(declared).join(', ') || 'none'}.`);
    }
    const defaults = Object.fromEntries(Object.entries(declared).filter(([, spec]) => spec.default !== undefined).map(([key, spec]) => [key, spec.default]));
    const run = newRunRecord(`run_${this.deps.ids.uuidv7()}`, loaded, { ...defaults, ...args }, this.deps.host, this.deps.clock.nowIso());
    await this.deps.store.create(run);
    this.queued.add(run.id);
    return { run, loaded };
  }

  /** Creates a run and executes it in the background; resolves with the run as it starts. */
  async start(recipeId: string, args: Record<string, unknown> = {}, observer?: RunObserver): Promise<RunRecord> {
    const { run, loaded } = await this.prepare(recipeId, args);
    void this.launch(run, loaded, observer, 1);
    return { ...run };
  }

  /** Executes a queued run in this process (a worker claiming it) and resolves when it ends. */
  async execute(runId: string, observer?: RunObserver): Promise<RunRecord> {
    const live = this.live.get(runId);
    if (live) return live.finished;
    const run = await this.read(runId);
    if (run.status !== 'queued') throw new ControlRoomError('run_not_running', `Run ${runId} is ${run.status}; only a queued run can be executed.`);
    const loaded = await this.recipe(run.recipe.id);
    const steps = await this.deps.store.readSteps(runId);
    return this.launch(run, loaded, observer, steps.length + 1);
  }

  /** Resolves when a run this process executes ends; for any other run, its current record. */
  async wait(runId: string): Promise<RunRecord> {
    return (await this.live.get(runId)?.finished) ?? this.get(runId);
  }

  /**
   * Cancels a run cooperatively: it stops before its next unit (a model call in flight is
   * aborted). A run of this process is awaited and returned `cancelled`; a run of another process
   * gets a cancel request and is returned as it stands. Finished runs answer `run_not_running`.
   */
  async cancel(runId: string): Promise<RunRecord> {
    const live = this.live.get(runId);
    // Abort before any await, so a cancel asked between two units lands before the next one.
    live?.controller.abort();
    if (live) {
      await this.deps.store.requestCancel(runId);
      return live.finished;
    }
    const run = await this.get(runId);
    if (FINISHED_RUN_STATUSES.includes(run.status)) throw new ControlRoomError('run_not_running', `Run ${runId} has already finished (${run.status}); there is nothing to cancel.`);
    await this.deps.store.requestCancel(runId);
    return run;
  }

  /** A run's record; a run left running by a dead process is marked `interrupted` first. */
  async get(runId: string): Promise<RunRecord> {
    return this.settle(await this.read(runId));
  }

  /** Every run, newest first (runs whose `run.json` does not parse are left out). */
  async list(): Promise<RunRecord[]> {
    const runs: RunRecord[] = [];
    for (const id of await this.deps.store.listRunIds()) {
      const run = await this.deps.store.readRun(id).catch(() => null);
      if (run) runs.push(await this.settle(run));
    }
    return runs.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
  }

  /** The run's `steps.jsonl` lines (the last `last` of them when given). */
  async steps(runId: string, last?: number): Promise<RunStepEntry[]> {
    await this.read(runId);
    const steps = await this.deps.store.readSteps(runId);
    return last === undefined ? steps : steps.slice(Math.max(0, steps.length - last));
  }

  /** The entries of one cache slot; `cache_slot_not_found` lists the slots there are. */
  async cacheSlot(runId: string, slot: string): Promise<RunCacheEntry[]> {
    await this.read(runId);
    const cache = await this.deps.store.readCache(runId);
    const entries = cache.slots[slot];
    if (entries === undefined) throw new ControlRoomError('cache_slot_not_found', `Run ${runId} has no cache slot "${slot}". Slots: ${Object.keys(cache.slots).join(', ') || 'none yet'}.`);
    return entries;
  }

  private async read(runId: string): Promise<RunRecord> {
    const run = RUN_ID_PATTERN.test(runId) ? await this.deps.store.readRun(runId) : null;
    if (run === null) throw new ControlRoomError('run_not_found', `No run ${JSON.stringify(runId)}. List the runs to find its id.`);
    return run;
  }

  private launch(run: RunRecord, loaded: LoadedRecipe, observer: RunObserver | undefined, firstSeq: number): Promise<RunRecord> {
    this.queued.delete(run.id);
    const controller = new AbortController();
    run.status = 'running';
    run.startedAt = this.deps.clock.nowIso();
    run.runner = { pid: this.deps.host.pid, host: this.deps.host.host };
    const execution: RunExecution = { run, loaded, controller, ...(observer ? { observer } : {}) };
    const finished = executeRun(execution, this.deps, firstSeq)
      .then(async (done) => {
        await notifyRunFinished(this.deps.notifier, done);
        return done;
      })
      .finally(() => this.live.delete(run.id));
    this.live.set(run.id, { controller, finished });
    return finished;
  }

  /** Marks a run `interrupted` when it claims to be under way but its process is gone. */
  private async settle(run: RunRecord): Promise<RunRecord> {
    if (run.status !== 'running' && run.status !== 'queued') return run;
    if (this.live.has(run.id) || (run.status === 'queued' && this.queued.has(run.id)) || !runnerIsGone(run, this.deps.host)) return run;
    const now = this.deps.clock.nowIso();
    const where = run.progress.step === null ? 'before its first step' : `at step "${run.progress.step}"${run.progress.item ? ` (${run.progress.item})` : ''}`;
    const error = { code: 'run_interrupted', message: `The process running this run stopped ${where}; start the recipe again.` };
    const interrupted: RunRecord = { ...run, status: 'interrupted', finishedAt: now, updatedAt: now, error };
    const seq = (await this.deps.store.readSteps(run.id)).length + 1;
    await this.deps.store.appendStep(run.id, stepEntry(seq, now, interrupted, { event: 'run-interrupted', step: run.progress.step, item: run.progress.item, error }));
    await this.deps.store.writeRun(interrupted);
    return interrupted;
  }
}
