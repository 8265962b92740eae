import { promises as fs } from 'node:fs';
import { checkSessionHead, signSessionHead } from '../../core/receipts/index.js';
import { writeJsonAtomic } from '../fs-store/index.js';
import { absolute, sessionHeadRelative } from './audit-paths.js';
import { ManifestWriter, type SealKeys } from './manifest-writer.js';

/**
 * Seals session logs (SPEC §15): after every append, the session's head (count + last hash,
 * Ed25519-signed) is rewritten atomically, then the workspace manifest. The order — log, head,
 * manifest — makes each at most as far along as the one before, so a crash between two of them
 * leaves a seal that still holds, and `audit verify` can demand lines ≥ head ≥ manifest.
 *
 * A session's count is read once (its verified head or manifest entry, whichever is higher) and
 * then kept in memory. The new count is never lower than the old one, even when the log on disk
 * is shorter: a log whose acknowledged tail was deleted keeps failing verify after later appends.
 */
export class AuditSealer {
  /** Lines on disk after this process's last sealed append, per session. */
  private readonly counts = new Map<string, number>();
  private readonly manifest: ManifestWriter;

  constructor(
    private readonly root: string,
    private readonly keys: SealKeys,
    private readonly now: () => string,
  ) {
    this.manifest = new ManifestWriter(root, keys, now);
  }

  /** Writes an empty manifest if there is none yet. */
  async start(): Promise<void> {
    await this.manifest.start();
  }

  /** The count kept in memory since this process's last append (undefined before it). */
  known(sessionId: string): number | undefined {
    return this.counts.get(sessionId);
  }

  /** How many lines the stored seal acknowledges (its head or manifest entry, the higher); null when neither exists. */
  async stored(sessionId: string): Promise<number | null> {
    const text = await fs.readFile(absolute(this.root, sessionHeadRelative(sessionId)), 'utf8').catch(() => null);
    const head = text === null ? null : checkSessionHead(text, this.keys.publicKey);
    const headCount = head?.ok && head.value.session_id === sessionId ? head.value.count : null;
    const disk = await this.manifest.read();
    const entry = disk.state === 'ours' ? disk.manifest.sessions.find((seal) => seal.session_id === sessionId) : undefined;
    if (headCount === null && entry === undefined) return null;
    return Math.max(headCount ?? 0, entry?.count ?? 0);
  }

  /**
   * Before a session's first append in this process: what its seal acknowledges. A session the seal
   * does not know yet is entered in the manifest (count 0) before its log exists, so a crash right
   * after the first line can never leave a log the manifest has not heard of.
   */
  async prepare(sessionId: string): Promise<number> {
    const known = this.counts.get(sessionId);
    if (known !== undefined) return known;
    const stored = await this.stored(sessionId);
    if (stored !== null) return stored;
    await this.manifest.record({ session_id: sessionId, count: 0, last_hash: null });
    return 0;
  }

  /** After an append: the log holds `count` lines, the last hashing to `lastHash`. Head first, then manifest. */
  async seal(sessionId: string, count: number, lastHash: string): Promise<void> {
    const seal = { session_id: sessionId, count, last_hash: lastHash };
    await writeJsonAtomic(absolute(this.root, sessionHeadRelative(sessionId)), signSessionHead(seal, this.now(), this.keys.privateKey));
    await this.manifest.record(seal);
    this.counts.set(sessionId, count);
  }

  /** Drops what memory says about a session (after a failed append), so the next one reads the disk again. */
  forget(sessionId: string): void {
    this.counts.delete(sessionId);
  }
}
