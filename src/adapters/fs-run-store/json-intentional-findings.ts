import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';
import {
  INTENTIONAL_SCHEMA_VERSION,
  INTENTIONAL_STORAGE_PATH,
  IntentionalFileSchema,
  type IntentionalFile,
  type IntentionalFinding,
} from '../../protocol/intentional.js';
import { intentionalKey, type IntentionalFindings } from '../../core/runs/index.js';
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
    return (await readVersionedJson(this.file, IntentionalFileSchema, INTENTIONAL_SCHEMA_VERSION, corrupt)) ?? { schema_version: INTENTIONAL_SCHEMA_VERSION, findings: [] };
  }

  async keys(): Promise<ReadonlySet<string>> {
    return new Set((await this.read()).findings.map((finding) => finding.key));
  }

  async mark(finding: Omit<IntentionalFinding, 'key' | 'marked_at'>): Promise<IntentionalFinding> {
    // Marks are written one at a time, so two marks never lose each other.
    const next = this.writes.then(async () => {
      const stored = await this.read();
      const key = intentionalKey(finding);
      const existing = stored.findings.find((entry) => entry.key === key);
      if (existing) return existing;
      const entry: IntentionalFinding = { key, ...finding, marked_at: this.clock.nowIso() };
      await writeJsonAtomic(this.file, { ...stored, findings: [...stored.findings, entry] });
      return entry;
    });
    this.writes = next.catch(() => undefined);
    return next;
  }
}
