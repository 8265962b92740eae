import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';
import {
  INTENTIONAL_SCHEMA_VERSION,
  INTENTIONAL_STORAGE_PATH,
  IntentionalFileSchema,
  type IntentionalFile,
  type IntentionalFinding,
} from '../../protocol/intentional.js';
import { intentionalId, lineHash, type IntentionalFindings } from '../../core/runs/index.js';
import type { Clock } from '../../core/ports/index.js';
import { readVersionedJson, writeJsonAtomic } from '../fs-store/index.js';

const corrupt = (file: string, reason: string): ControlRoomError =>
  new ControlRoomError('intentional_store_corrupt', `${file} cannot be read: ${reason}. Fix or remove it; no mark was changed.`, { fault: 'system' });

/** The intentional marks of a workspace in `.control-room/continuity/intentional.json`, replaced atomically. */
export class JsonIntentionalFindings implements IntentionalFindings {
  private readonly file: string;
  private writes: Promise<unknown> = Promise.resolve();

  constructor(root: string, private readonly clock: Clock) {
    this.file = path.join(root, ...INTENTIONAL_STORAGE_PATH.split('/'));
  }

  private async read(): Promise<IntentionalFile> {
    return (await readVersionedJson(this.file, IntentionalFileSchema, INTENTIONAL_SCHEMA_VERSION, corrupt)) ?? { schema_version: INTENTIONAL_SCHEMA_VERSION, marks: [] };
  }

  async list(): Promise<readonly IntentionalFinding[]> {
    return (await this.read()).marks;
  }

  async mark(finding: { kind: string; path: string; quote: string; note: string | null }): Promise<IntentionalFinding> {
    // Marks are written one at a time, so two marks never lose each other.
    const next = this.writes.then(async () => {
      const stored = await this.read();
      const hash = lineHash(finding.quote);
      const id = intentionalId(finding.kind, finding.path, hash, null);
      const existing = stored.marks.find((entry) => entry.id === id);
      if (existing) return existing;
      const entry: IntentionalFinding = {
        id,
        kind: finding.kind,
        path: finding.path,
        line_hash: hash,
        quote: (finding.quote.split('\n', 1)[0] ?? '').trim().slice(0, 2000),
        canon_path: null,
        canon_line_hash: null,
        note: finding.note,
        marked_at: this.clock.nowIso(),
      };
      await writeJsonAtomic(this.file, { ...stored, marks: [...stored.marks, entry] });
      return entry;
    });
    this.writes = next.catch(() => undefined);
    return next;
  }
}
