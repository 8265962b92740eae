import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError, ISSUE_SCHEMA_VERSION, IssuesFileSchema, type Issue, type IssuesFile, type NewIssue } from '../../protocol/index.js';
import { applyIssueChange, buildIssue, nextIssueId, type IssueChange } from '../../core/issues/index.js';
import type { Clock, IssueStore } from '../../core/ports/index.js';
import { writeJsonAtomic } from '../fs-store/index.js';
import { systemClock } from '../system/index.js';

/** Where a workspace keeps its issues (the v0.5 seed's storage paths). */
export const ISSUES_FILE = '.control-room/issues/issues.json';

/**
 * Pending writes per issues file, shared by every store in this process, so two stores opened on
 * the same workspace (one per request, say) still write one after the other.
 */
const writeQueues = new Map<string, Promise<unknown>>();

/**
 * The issue list as a JSON file. Every change reads the file, applies the change and replaces the
 * file atomically (temporary file, fsync, rename), so a reader never sees half a list. Changes in
 * this process are serialised; separate processes writing at once are not coordinated. A file
 * that does not parse is never overwritten: it is reported as `issues_corrupt` for a person to fix.
 */
export class JsonIssueStore implements IssueStore {
  /** Absolute path of `issues.json`. */
  readonly filePath: string;
  private readonly clock: Clock;

  constructor(workspaceRoot: string, options: { clock?: Clock } = {}) {
    this.filePath = path.join(path.resolve(workspaceRoot), ISSUES_FILE);
    this.clock = options.clock ?? systemClock;
  }

  async list(): Promise<Issue[]> {
    return (await this.load()).issues;
  }

  async get(id: string): Promise<Issue | null> {
    return (await this.load()).issues.find((issue) => issue.id === id) ?? null;
  }

  async create(input: NewIssue): Promise<Issue> {
    return this.change((file) => {
      const issue = buildIssue(input, nextIssueId(file.issues), this.clock.nowIso());
      file.issues.push(issue);
      return issue;
    });
  }

  async update(id: string, change: IssueChange): Promise<Issue> {
    return this.change((file) => {
      const index = file.issues.findIndex((issue) => issue.id === id);
      const current = file.issues[index];
      if (current === undefined) throw new ControlRoomError('issue_not_found', `No issue ${id}. List the issues to find its id.`);
      const updated = applyIssueChange(current, change, this.clock.nowIso());
      file.issues[index] = updated;
      return updated;
    });
  }

  /** Runs one read-change-write after every earlier one on the same file has settled. */
  private change<T>(apply: (file: IssuesFile) => T): Promise<T> {
    const previous = writeQueues.get(this.filePath) ?? Promise.resolve();
    const run = previous.then(async () => {
      const file = await this.load();
      const value = apply(file);
      await writeJsonAtomic(this.filePath, file);
      return value;
    });
    // A failed change must not block the ones queued after it.
    const settled = run.catch(() => undefined);
    writeQueues.set(this.filePath, settled);
    void settled.then(() => {
      if (writeQueues.get(this.filePath) === settled) writeQueues.delete(this.filePath);
    });
    return run;
  }

  private async load(): Promise<IssuesFile> {
    let text: string;
    try {
      text = await fs.readFile(this.filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { schema_version: ISSUE_SCHEMA_VERSION, issues: [] };
      throw error;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw this.corrupt(`it is not valid JSON (${(error as Error).message})`);
    }
    const version = (value as { schema_version?: unknown } | null)?.schema_version;
    if (typeof version === 'number' && version > ISSUE_SCHEMA_VERSION) {
      throw this.corrupt(`it was written by a newer Control Room (schema_version ${version}); upgrade to read it`);
    }
    const parsed = IssuesFileSchema.safeParse(value);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw this.corrupt(`${first?.path.join('.') || 'the top level'}: ${first?.message ?? 'does not match the issues format'}`);
    }
    return parsed.data;
  }

  private corrupt(reason: string): ControlRoomError {
    return new ControlRoomError(
      'issues_corrupt',
      `The issues file ${this.filePath} cannot be read: ${reason}. It was left untouched; repair it or move it aside to start a new list.`,
      { fault: 'user', details: { file: this.filePath } },
    );
  }
}
