import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';
import {
  RUN_ID_PATTERN,
  RUN_SCHEMA_VERSION,
  RUNS_DIR,
  RunCacheSchema,
  RunRecordSchema,
  RunStepEntrySchema,
  type RunCache,
  type RunRecord,
  type RunStepEntry,
} from '../../protocol/runs.js';
import type { RunStore } from '../../core/runs/index.js';
import { appendJsonLine, writeFileAtomic, writeJsonAtomic } from '../fs-store/index.js';

const RUN_FILE = 'run.json';
const STEPS_FILE = 'steps.jsonl';
const CACHE_FILE = 'cache.json';
const CANCEL_FILE = 'cancel-requested';

const emptyCache = (): RunCache => ({ schema_version: RUN_SCHEMA_VERSION, slots: {} });

/** Pipeline runs as files under `.control-room/runs/<runId>/` (the v0.5 seed's storage paths). */
export class FsRunStore implements RunStore {
  /** Absolute path of the runs folder. */
  readonly runsDir: string;

  constructor(workspaceRoot: string) {
    this.runsDir = path.join(path.resolve(workspaceRoot), RUNS_DIR);
  }

  async create(run: RunRecord): Promise<void> {
    const folder = this.folder(run.id);
    await fs.mkdir(this.runsDir, { recursive: true });
    await fs.mkdir(folder);
    await fs.writeFile(path.join(folder, STEPS_FILE), '', { flag: 'wx' });
    await writeJsonAtomic(path.join(folder, CACHE_FILE), emptyCache());
    await writeJsonAtomic(path.join(folder, RUN_FILE), run);
  }

  async writeRun(run: RunRecord): Promise<void> {
    await writeJsonAtomic(path.join(this.folder(run.id), RUN_FILE), run);
  }

  async readRun(runId: string): Promise<RunRecord | null> {
    const text = await this.readText(runId, RUN_FILE);
    return text === null ? null : this.parse(runId, RUN_FILE, text, RunRecordSchema);
  }

  async listRunIds(): Promise<string[]> {
    const entries = await fs.readdir(this.runsDir, { withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isDirectory() && RUN_ID_PATTERN.test(entry.name)).map((entry) => entry.name).sort();
  }

  async appendStep(runId: string, entry: RunStepEntry): Promise<void> {
    await appendJsonLine(path.join(this.folder(runId), STEPS_FILE), entry);
  }

  async readSteps(runId: string): Promise<RunStepEntry[]> {
    const text = (await this.readText(runId, STEPS_FILE)) ?? '';
    const steps: RunStepEntry[] = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      // A line torn by a crash mid-write is skipped; every whole line before it stays readable.
      try {
        const parsed = RunStepEntrySchema.safeParse(JSON.parse(line));
        if (parsed.success) steps.push(parsed.data);
      } catch {
        continue;
      }
    }
    return steps;
  }

  async writeCache(runId: string, cache: RunCache): Promise<void> {
    await writeJsonAtomic(path.join(this.folder(runId), CACHE_FILE), cache);
  }

  async readCache(runId: string): Promise<RunCache> {
    const text = await this.readText(runId, CACHE_FILE);
    return text === null ? emptyCache() : this.parse(runId, CACHE_FILE, text, RunCacheSchema);
  }

  async requestCancel(runId: string): Promise<void> {
    await writeFileAtomic(path.join(this.folder(runId), CANCEL_FILE), `${new Date().toISOString()}\n`);
  }

  async cancelRequested(runId: string): Promise<boolean> {
    return fs.stat(path.join(this.folder(runId), CANCEL_FILE)).then(
      () => true,
      () => false,
    );
  }

  /** The run's folder; ids that could leave the runs folder are refused. */
  private folder(runId: string): string {
    if (!RUN_ID_PATTERN.test(runId)) throw new ControlRoomError('run_not_found', `No run ${JSON.stringify(runId)}: run ids look like run_<uuid>.`);
    return path.join(this.runsDir, runId);
  }

  private async readText(runId: string, file: string): Promise<string | null> {
    try {
      return await fs.readFile(path.join(this.folder(runId), file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  private parse<T>(runId: string, file: string, text: string, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } } }): T {
    const where = `${RUNS_DIR}/${runId}/${file}`;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new ControlRoomError('run_corrupt', `${where} is not valid JSON (${(error as Error).message}); move the run folder aside.`, { fault: 'system' });
    }
    const version = (value as { schema_version?: unknown } | null)?.schema_version;
    if (typeof version === 'number' && version > RUN_SCHEMA_VERSION) {
      throw new ControlRoomError('run_corrupt', `${where} was written by a newer Control Room (schema_version ${version}); upgrade to read it.`, { fault: 'user' });
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new ControlRoomError('run_corrupt', `${where} does not match the run format (${first ? `${first.path.join('.') || 'top level'}: ${first.message}` : 'unknown problem'}); move the run folder aside.`, { fault: 'system' });
    }
    return parsed.data;
  }
}
