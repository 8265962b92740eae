import type { RecipeOrigin, RunCache, RunRecord, RunStepEntry } from '../../protocol/runs.js';

/**
 * Storage of pipeline runs (`.control-room/runs/<runId>/`). `run.json` and `cache.json` are
 * replaced atomically; `steps.jsonl` is only ever appended to, one durable line per entry, so a
 * crash leaves every finished line readable. Unreadable files throw `run_corrupt`.
 */
export interface RunStore {
  /** Creates the run's folder with its `run.json`, an empty `steps.jsonl` and an empty cache. */
  create(run: RunRecord): Promise<void>;
  writeRun(run: RunRecord): Promise<void>;
  /** The run's record; null when there is no such run. */
  readRun(runId: string): Promise<RunRecord | null>;
  /** Ids of every stored run. */
  listRunIds(): Promise<string[]>;
  appendStep(runId: string, entry: RunStepEntry): Promise<void>;
  /** Every line of `steps.jsonl`, in order (a torn last line from a crash is skipped). */
  readSteps(runId: string): Promise<RunStepEntry[]>;
  writeCache(runId: string, cache: RunCache): Promise<void>;
  readCache(runId: string): Promise<RunCache>;
  /** Leaves a cancel request any process running the run will see between steps. */
  requestCancel(runId: string): Promise<void>;
  cancelRequested(runId: string): Promise<boolean>;
}

/** A recipe file as found on disk, before validation. */
export interface RecipeFile {
  origin: RecipeOrigin;
  /** The file name (bundled) or path relative to the workspace (project), for messages. */
  file: string;
  text: string;
}

/** Where recipes come from: the package's `recipes/` and the project's `.control-room/recipes/`. */
export interface RecipeFiles {
  list(): Promise<RecipeFile[]>;
}

/** The process a runner lives in, so runs left `running` by a dead process can be told apart. */
export interface RunnerHost {
  pid: number;
  host: string;
  /** True when a process with this id is alive on this host. */
  isAlive(pid: number): boolean;
}
