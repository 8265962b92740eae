import { readFileSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import type { AuditManifest, SessionSeal } from '../../protocol/index.js';
import { checkAuditManifest, signAuditManifest } from '../../core/receipts/index.js';
import { writeJsonAtomic } from '../fs-store/index.js';
import { absolute, AUDIT_MANIFEST_FILE } from './audit-paths.js';


/** The workspace's Ed25519 pair, and the fingerprint the manifest records. */
export interface SealKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  fingerprint: string;
}

/** The manifest on disk: none, one this key signed, or one it cannot vouch for (corrupt or signed by another key). */
export type ManifestOnDisk = { state: 'absent' } | { state: 'ours'; manifest: AuditManifest } | { state: 'foreign' };

/**
 * Keeps `.control-room/audit/manifest.json` up to date with the seal of every session this process
 * appends to. Group commit, as the ledger does for receipts: seals recorded while a write is in
 * flight go out together in the next one, and each `record` resolves once a manifest holding its
 * seal is on disk. Each write reads the manifest first and keeps the higher count per session, so
 * another process's sessions are not dropped. A manifest this key cannot verify is never
 * overwritten: it stays for `audit verify` to report.
 */
export class ManifestWriter {
  private readonly pending = new Map<string, SessionSeal>();
  private queued: Promise<void> | null = null;
  private inFlight: Promise<void> = Promise.resolve();
  /** The manifest this process wrote last, as text: while the file still holds exactly that, it need not be verified again. */
  private written: { text: string; manifest: AuditManifest } | null = null;

  constructor(
    private readonly root: string,
    private readonly keys: SealKeys,
    private readonly now: () => string,
  ) {}

  /** Reads and checks the manifest on disk (its signature is checked again only when it is not the text this process wrote last). */
  async read(): Promise<ManifestOnDisk> {
    // Unreadable (a folder in its place, say) counts as foreign: left alone for verify to report.
    // Read synchronously: a few kilobytes read before every write, cheaper than four promise
    // round trips through the thread pool.
    let text: string | null;
    try {
      text = readFileSync(absolute(this.root, AUDIT_MANIFEST_FILE), 'utf8');
    } catch (error) {
      text = (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : '';
    }
    if (text === null) return { state: 'absent' };
    if (text === this.written?.text) return { state: 'ours', manifest: this.written.manifest };
    const checked = checkAuditManifest(text, this.keys.publicKey);
    return checked.ok && checked.value.key_fingerprint === this.keys.fingerprint ? { state: 'ours', manifest: checked.value } : { state: 'foreign' };
  }

  /** Records a session's seal; resolves once a manifest holding it (or a later seal) is on disk. */
  record(seal: SessionSeal): Promise<void> {
    const known = this.pending.get(seal.session_id);
    if (!known || seal.count >= known.count) this.pending.set(seal.session_id, seal);
    return this.flush();
  }

  /** Writes an empty manifest when there is none, so a workspace has one from its first use. */
  async start(): Promise<void> {
    if ((await this.read()).state === 'absent') await this.flush();
  }

  /** Joins the next write, or schedules one after the write in flight. */
  private flush(): Promise<void> {
    if (this.queued) return this.queued;
    const queued = this.inFlight.then(() => {
      // From here on, a new seal waits for the next write: this one may already have read the file.
      this.queued = null;
      return this.write();
    });
    this.queued = queued;
    this.inFlight = queued.catch(() => undefined);
    return queued;
  }

  private async write(): Promise<void> {
    const disk = await this.read();
    if (disk.state === 'foreign') return;
    const merged = new Map<string, SessionSeal>();
    for (const seal of disk.state === 'ours' ? disk.manifest.sessions : []) merged.set(seal.session_id, seal);
    for (const seal of this.pending.values()) {
      const existing = merged.get(seal.session_id);
      if (!existing || seal.count >= existing.count) merged.set(seal.session_id, seal);
    }
    const manifest = signAuditManifest({ keyFingerprint: this.keys.fingerprint, updatedAt: this.now(), sessions: [...merged.values()] }, this.keys.privateKey);
    this.written = null;
    const text = await writeJsonAtomic(absolute(this.root, AUDIT_MANIFEST_FILE), manifest);
    this.written = { text, manifest };
  }
}
