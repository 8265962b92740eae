import { randomUUID } from 'node:crypto';
import { ControlRoomError, isControlRoomError } from '../../protocol/index.js';
import type { ImportJob, ImportReport } from '../../protocol/imports.js';
import { importBook } from '../../adapters/import-sources/index.js';
import type { ImportUpload } from './import-upload.js';
import { rememberWorkspace } from './import-rollback.js';
import { stageUpload } from './import-staging.js';

/** Finished jobs kept for polling; older ones are forgotten. */
const KEPT_JOBS = 20;

/** What the jobs need: the workspace to import into and a clock. */
export interface ImportJobsOptions {
  workspace: string;
  now?: () => string;
  /** Where uploads are staged (default: the system's temporary folder). */
  tempDir?: string;
  /** Told of every job that finished, done or failed. */
  onFinished?: (job: ImportJob) => void;
}

/** The name an upload's items are known by in the workspace's import manifest and its report. */
export function uploadLabel(name: string): string {
  return `${name} (uploaded)`;
}

/**
 * Imports uploads into the open workspace in the background, one at a time (a second one while
 * the first runs is refused with `import_busy`), with the same engine and rules as
 * `control-room import`: importing the same upload again updates what it wrote before. A failure
 * part-way puts the workspace back as it was; the staged copy is removed when the job ends.
 */
export class ImportJobs {
  private readonly jobs = new Map<string, ImportJob>();
  private readonly settled = new Map<string, Promise<void>>();
  private running: string | null = null;

  constructor(private readonly options: ImportJobsOptions) {}

  private now(): string {
    return (this.options.now ?? (() => new Date().toISOString()))();
  }

  /** Starts importing an upload; answers the job at once. */
  start(upload: ImportUpload): ImportJob {
    if (this.running !== null) {
      throw new ControlRoomError('import_busy', `An import is already running (job ${this.running}); wait until it is done, then import again.`);
    }
    const job: ImportJob = {
      job_id: randomUUID(),
      name: upload.name,
      status: 'running',
      files: upload.files.length,
      bytes: upload.bytes,
      started_at: this.now(),
      finished_at: null,
      progress: null,
      report: null,
      error: null,
    };
    this.jobs.set(job.job_id, job);
    this.running = job.job_id;
    this.settled.set(job.job_id, this.run(job, upload));
    this.forgetOld();
    return { ...job };
  }

  private async run(job: ImportJob, upload: ImportUpload): Promise<void> {
    let report: ImportReport | null = null;
    let failure: { code: string; message: string } | null = null;
    let stagedAt: string | null = null;
    let restoreProblem: string | null = null;
    try {
      const staged = await stageUpload(upload, this.options.tempDir === undefined ? {} : { tempDir: this.options.tempDir });
      stagedAt = staged.source;
      try {
        const rollback = await rememberWorkspace(this.options.workspace);
        try {
          report = await importBook({
            source: staged.source,
            workspace: this.options.workspace,
            label: uploadLabel(upload.name),
            onProgress: (progress) => {
              job.progress = progress;
            },
          });
        } catch (error) {
          restoreProblem = await rollback.restore().then(
            () => null,
            (problem: unknown) => (problem instanceof Error ? problem.message : String(problem)),
          );
          throw error;
        }
      } finally {
        await staged.remove();
      }
    } catch (error) {
      failure = isControlRoomError(error)
        ? { code: error.code, message: error.message }
        : { code: 'internal_error', message: `The import failed: ${error instanceof Error ? error.message : String(error)}` };
      // The staged copy is gone; the writer knows the upload by its name.
      if (stagedAt !== null) failure.message = failure.message.split(stagedAt).join(upload.name);
      failure.message += restoreProblem === null ? ' The workspace is as it was before the import.' : ` Putting the workspace back as it was failed too: ${restoreProblem}`;
    }
    Object.assign(job, { status: failure ? 'failed' : 'done', finished_at: this.now(), report, error: failure });
    this.running = null;
    this.options.onFinished?.({ ...job });
  }

  private forgetOld(): void {
    const finished = [...this.jobs.values()].filter((job) => job.status !== 'running');
    for (const job of finished.slice(0, Math.max(0, this.jobs.size - KEPT_JOBS))) {
      this.jobs.delete(job.job_id);
      this.settled.delete(job.job_id);
    }
  }

  /** One job as it stands (404 `import_not_found` for an id this server did not start). */
  get(id: string): ImportJob {
    const job = this.jobs.get(id);
    if (!job) throw new ControlRoomError('import_not_found', `No import job ${id} on this server; jobs are kept until the server stops.`);
    return { ...job };
  }

  /** Every kept job, newest first. */
  list(): ImportJob[] {
    return [...this.jobs.values()].reverse().map((job) => ({ ...job }));
  }

  /** Resolves when a job has ended (for shutdown and tests). */
  async finished(id: string): Promise<ImportJob> {
    await this.settled.get(id);
    return this.get(id);
  }
}
