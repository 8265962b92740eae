import { promises as fs, type BigIntStats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { ControlRoomError, ISSUE_SCHEMA_VERSION, IssueSchema, IssuesFileSchema, type Issue, type IssuesFile, type NewIssue } from '../../protocol/index.js';
import { applyIssueChange, buildIssue, nextIssueId, type IssueChange } from '../../core/issues/index.js';
import type { Clock, IssueStore } from '../../core/ports/index.js';
import { replaceFile, scrubAppData, writeJsonAtomic } from '../fs-store/index.js';
import { hasPiece, issuesFileBytes, keepPiece, readBackIssue } from './issues-file-text.js';
import { systemClock } from '../system/index.js';
import { forgetIssues, knownIssues, rememberIssues, stateOf } from './known-issues-files.js';

/** Where a workspace keeps its issues (the v0.5 seed's storage paths). */
export const ISSUES_FILE = '.control-room/issues/issues.json';

/**
 * Pending writes per issues file, shared by every store in this process, so two stores opened on
 * the same workspace (one per request, say) still write one after the other.
 */
const writeQueues = new Map<string, Promise<unknown>>();

/**
 * The issue list as a JSON file. The list is read and validated once, then kept in memory with the
 * file's state (device, inode, size, times); every read and change first compares that state with
 * the file's, so an edit by another process (the CLI while the server runs) is read again, never
 * overwritten with the list memory held. (An in-place edit that keeps the size and lands within
 * one tick of the file system's clock goes unseen; the product itself always replaces the file,
 * which gives it a new inode.) A change applies to the list, validates the changed issue only and
 * replaces the file atomically (temporary file, fsync, rename), so a reader never sees half a
 * list. Changes in this process are serialised; separate processes writing at once are not
 * coordinated. A file that does not parse is never overwritten: it is reported as
 * `issues_corrupt` for a person to fix.
 */
export class JsonIssueStore implements IssueStore {
  /** Absolute path of `issues.json`. */
  readonly filePath: string;
  private readonly clock: Clock;
  private wholeReads = 0;

  constructor(workspaceRoot: string, options: { clock?: Clock } = {}) {
    this.filePath = path.join(path.resolve(workspaceRoot), ISSUES_FILE);
    this.clock = options.clock ?? systemClock;
  }

  async list(): Promise<Issue[]> {
    return [...(await this.load()).issues];
  }

  async get(id: string): Promise<Issue | null> {
    return (await this.load()).issues.find((issue) => issue.id === id) ?? null;
  }

  async create(input: NewIssue): Promise<Issue> {
    return this.change((issues) => {
      const issue = buildIssue(input, nextIssueId(issues), this.clock.nowIso());
      issues.push(issue);
      return issue;
    });
  }

  async update(id: string, change: IssueChange): Promise<Issue> {
    return this.change((issues) => {
      const index = issues.findIndex((issue) => issue.id === id);
      const current = issues[index];
      if (current === undefined) throw new ControlRoomError('issue_not_found', `No issue ${id}. List the issues to find its id.`);
      const updated = applyIssueChange(current, change, this.clock.nowIso());
      issues[index] = updated;
      return updated;
    });
  }

  /** Whole reads of the file this store made (for tests and diagnostics). */
  get readStats(): { wholeReads: number } {
    return { wholeReads: this.wholeReads };
  }

  /**
   * Runs one change after every earlier one on the same file has settled. The change is applied to
   * a copy of the list memory holds (read again only if the file changed on disk), so only the
   * changed issue is validated (by `buildIssue` or `applyIssueChange`); the whole list is still
   * written, atomically, through the scrubbing boundary.
   */
  private change(apply: (issues: Issue[]) => Issue): Promise<Issue> {
    const previous = writeQueues.get(this.filePath) ?? Promise.resolve();
    const run = previous.then(async () => {
      const current = await this.load();
      const issues = [...current.issues];
      const value = apply(issues);
      await this.write({ ...current, issues }, value.id);
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

  /**
   * Replaces the file and keeps what was written (secrets scrubbed) as the list memory holds. When
   * every other issue is one this process wrote, only the changed issue passes the scrubbing
   * boundary and is serialised again (the rest were scrubbed when they were written); otherwise
   * (the first change after a read) the whole list is, and each issue's text is kept for next time.
   */
  private async write(file: IssuesFile, changedId: string): Promise<void> {
    const onlyChanged = file.issues.every((issue) => issue.id === changedId || hasPiece(issue));
    let written: IssuesFile;
    try {
      written = onlyChanged ? await this.writeChanged(file, changedId) : await this.writeWhole(file);
    } catch (error) {
      // The rename may or may not have happened: read the file again next time.
      forgetIssues(this.filePath);
      throw error;
    }
    // (A writer elsewhere that replaced the file between the rename and this look would be taken
    // for this write; processes writing at once are not coordinated, as said above.)
    const state = await stateOf(this.filePath);
    // Scrubbing may have changed the issue after it was validated; if that left it invalid, the
    // next read reports the file as corrupt, as it would in a fresh process.
    const changed = written.issues.find((issue) => issue.id === changedId);
    if (state === null || !IssueSchema.safeParse(changed).success) forgetIssues(this.filePath);
    else rememberIssues(this.filePath, state, written);
  }

  private async writeWhole(file: IssuesFile): Promise<IssuesFile> {
    const written = JSON.parse(await writeJsonAtomic(this.filePath, file)) as IssuesFile;
    for (const issue of written.issues) keepPiece(issue);
    return written;
  }

  private async writeChanged(file: IssuesFile, changedId: string): Promise<IssuesFile> {
    const index = file.issues.findIndex((issue) => issue.id === changedId);
    const issues = [...file.issues];
    issues[index] = readBackIssue(await scrubAppData(this.filePath, issues[index]));
    const written: IssuesFile = { schema_version: file.schema_version, issues };
    await replaceFile(this.filePath, issuesFileBytes(written), {});
    return written;
  }

  /** The list, from memory while the file is in the state memory was taken in, else read and validated. */
  private async load(): Promise<IssuesFile> {
    const state = await stateOf(this.filePath);
    if (state === null) {
      forgetIssues(this.filePath);
      return emptyIssuesFile();
    }
    return knownIssues(this.filePath, state) ?? (await this.readWhole());
  }

  private async readWhole(): Promise<IssuesFile> {
    let handle: FileHandle;
    try {
      handle = await fs.open(this.filePath, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyIssuesFile();
      throw error;
    }
    let state: BigIntStats;
    let text: string;
    try {
      // The state of the very file read, taken before reading: a change made meanwhile makes the
      // next look differ from it, so memory is never older than the state it is filed under.
      state = await handle.stat({ bigint: true });
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
    this.wholeReads += 1;
    return rememberIssues(this.filePath, state, this.parse(text));
  }

  private parse(text: string): IssuesFile {
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

function emptyIssuesFile(): IssuesFile {
  return { schema_version: ISSUE_SCHEMA_VERSION, issues: [] };
}
