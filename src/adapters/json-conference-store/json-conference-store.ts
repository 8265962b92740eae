import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CONFERENCE_SCHEMA_VERSION, ConferenceRecordSchema, ControlRoomError, type ConferenceRecord } from '../../protocol/index.js';
import type { ConferenceStore } from '../../core/conference/index.js';
import { writeJsonAtomic } from '../fs-store/index.js';
import { readJsonFile, serialiseFileChange } from './json-file.js';

/** Where a workspace keeps its conferences, one file each. */
export const CONFERENCES_DIR = '.control-room/conferences';

/** Conference ids name files, so only these characters (the same rule as audit folders). */
const CONFERENCE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Conferences as JSON files (`.control-room/conferences/<id>.json`), each replaced atomically
 * (temporary file, fsync, rename). Changes in this process are serialised per file; a file that
 * does not parse is reported as `conference_corrupt` and never overwritten.
 */
export class JsonConferenceStore implements ConferenceStore {
  /** Absolute path of the conferences folder. */
  readonly dir: string;

  constructor(workspaceRoot: string) {
    this.dir = path.join(path.resolve(workspaceRoot), CONFERENCES_DIR);
  }

  async get(id: string): Promise<ConferenceRecord | null> {
    if (!CONFERENCE_ID.test(id)) return null;
    return this.read(this.fileOf(id));
  }

  async create(record: ConferenceRecord): Promise<ConferenceRecord> {
    const valid = this.validated(record);
    const file = this.fileOf(valid.id);
    return serialiseFileChange(file, async () => {
      if ((await this.read(file)) !== null) throw new ControlRoomError('conference_exists', `A conference ${valid.id} already exists; choose another id.`);
      await writeJsonAtomic(file, valid);
      return valid;
    });
  }

  async update(record: ConferenceRecord): Promise<ConferenceRecord> {
    const valid = this.validated(record);
    const file = this.fileOf(valid.id);
    return serialiseFileChange(file, async () => {
      if ((await this.read(file)) === null) throw new ControlRoomError('conference_not_found', `No conference ${valid.id}. Start one first.`);
      await writeJsonAtomic(file, valid);
      return valid;
    });
  }

  async list(): Promise<ConferenceRecord[]> {
    const names = await fs.readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    const records: ConferenceRecord[] = [];
    for (const name of names.filter((entry) => entry.endsWith('.json') && !entry.startsWith('.')).sort()) {
      const record = await this.read(path.join(this.dir, name));
      if (record) records.push(record);
    }
    return records.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }

  private fileOf(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  private read(file: string): Promise<ConferenceRecord | null> {
    return readJsonFile(file, ConferenceRecordSchema, { code: 'conference_corrupt', what: 'conference file', schemaVersion: CONFERENCE_SCHEMA_VERSION });
  }

  private validated(record: ConferenceRecord): ConferenceRecord {
    const parsed = ConferenceRecordSchema.safeParse(record);
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`);
    throw new ControlRoomError('conference_invalid', `The conference is not valid: ${problems.join('; ')}.`, { fault: 'system' });
  }
}
