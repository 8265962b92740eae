import { createHash } from 'node:crypto';
import { ControlRoomError } from '../../protocol/index.js';
import { AUDIO_MAX_BYTES, AUDIO_SCHEMA_VERSION, DEFAULT_AUDIO_RETENTION_DAYS, type AudioArtifact, type AudioPruneReport } from '../../protocol/audio.js';
import type { Clock, Ids } from '../ports/index.js';
import { KeyedLock } from '../traces/index.js';
import type { AudioIssue } from './audio-issue.js';
import type { AudioStore } from './audio-store.js';
import { DAY_MS, isExpired, retentionTtl } from './retention.js';
import { sniffAudio } from './sniff-audio.js';

export interface AudioLibraryOptions {
  store: AudioStore;
  clock: Clock;
  ids: Pick<Ids, 'uuidv7'>;
  /** Days new clips are kept (default 30; see `retentionDaysFrom`). */
  retentionDays?: number;
  maxBytes?: number;
}

/** An upload's outcome: the stored artifact, or why the bytes were refused (nothing is stored then). */
export type AddClipResult = { ok: true; value: AudioArtifact } | { ok: false; issues: AudioIssue[] };

/** Audio ids are UUIDs: anything else is refused before it can reach a file name. */
const AUDIO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` has the shape of an audio id. */
export function isAudioId(value: string): boolean {
  return AUDIO_ID.test(value);
}

/**
 * Audio clips uploaded with chat turns: stored with their hash and format, kept for the retention
 * period unless pinned, linked to the trace round they came with. Changes to one clip's metadata
 * (pin, link, removal) run one after another.
 */
export class AudioLibrary {
  private readonly store: AudioStore;
  private readonly clock: Clock;
  private readonly ids: Pick<Ids, 'uuidv7'>;
  private readonly retentionDays: number;
  private readonly maxBytes: number;
  private readonly lock = new KeyedLock();

  constructor(options: AudioLibraryOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.ids = options.ids;
    this.retentionDays = options.retentionDays ?? DEFAULT_AUDIO_RETENTION_DAYS;
    this.maxBytes = options.maxBytes ?? AUDIO_MAX_BYTES;
  }

  /** The size limit of an upload, so entry points can refuse early (before reading a whole body). */
  get uploadLimitBytes(): number {
    return this.maxBytes;
  }

  /** Stores a clip if its bytes are audio within the size limit. */
  async add(bytes: Uint8Array, options: { roundId?: string | null; pinned?: boolean } = {}): Promise<AddClipResult> {
    const sniffed = sniffAudio(bytes, { maxBytes: this.maxBytes });
    if (!sniffed.ok) return sniffed;
    const { extension, ...details } = sniffed.value;
    const audio_id = this.ids.uuidv7();
    const nowMs = this.clock.nowMs();
    const artifact: AudioArtifact = {
      schema_version: AUDIO_SCHEMA_VERSION,
      audio_id,
      path: this.store.pathFor(audio_id, extension),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size_bytes: bytes.length,
      ...details,
      created_at: new Date(nowMs).toISOString(),
      retention_ttl: retentionTtl(this.retentionDays),
      expires_at: new Date(nowMs + this.retentionDays * DAY_MS).toISOString(),
      pinned: options.pinned ?? false,
      round_id: options.roundId ?? null,
    };
    await this.store.save(artifact, bytes);
    return { ok: true, value: artifact };
  }

  /** A clip's metadata, or null (also for strings that are not audio ids). */
  async get(audioId: string): Promise<AudioArtifact | null> {
    return isAudioId(audioId) ? this.store.get(audioId) : null;
  }

  /** A clip's metadata; throws `audio_not_found`. */
  async require(audioId: string): Promise<AudioArtifact> {
    const artifact = await this.get(audioId);
    if (artifact === null) throw new ControlRoomError('audio_not_found', `No audio clip ${JSON.stringify(audioId)}. List clips with "control-room audio list".`);
    return artifact;
  }

  /** Every clip, newest first. */
  async list(): Promise<AudioArtifact[]> {
    return (await this.store.list()).sort((a, b) => (a.created_at === b.created_at ? b.audio_id.localeCompare(a.audio_id) : a.created_at < b.created_at ? 1 : -1));
  }

  /** A clip's bytes with its metadata; throws `audio_store_corrupt` when they no longer match the stored hash. */
  async content(audioId: string): Promise<{ artifact: AudioArtifact; bytes: Uint8Array }> {
    const artifact = await this.require(audioId);
    const bytes = await this.store.read(artifact);
    if (createHash('sha256').update(bytes).digest('hex') !== artifact.sha256) {
      throw new ControlRoomError('audio_store_corrupt', `The stored clip ${artifact.path} no longer matches its sha256; it was changed on disk.`, { fault: 'system' });
    }
    return { artifact, bytes };
  }

  /** Pins a clip so no cleanup removes it (or unpins it). */
  pin(audioId: string, pinned = true): Promise<AudioArtifact> {
    return this.change(audioId, (artifact) => ({ ...artifact, pinned }));
  }

  /** Records the trace round a clip came with (the round itself names the clip by `audio_id`). */
  linkRound(audioId: string, roundId: string): Promise<AudioArtifact> {
    if (roundId.trim() === '') throw new ControlRoomError('usage_error', 'A round id is needed to link a clip.');
    return this.change(audioId, (artifact) => ({ ...artifact, round_id: roundId }));
  }

  /** Removes expired clips that are not pinned (or only lists them, on a dry run). */
  async prune(options: { dryRun?: boolean } = {}): Promise<AudioPruneReport> {
    const nowMs = this.clock.nowMs();
    const report: AudioPruneReport = { dry_run: options.dryRun ?? false, now: new Date(nowMs).toISOString(), removed: [], kept_pinned: [], kept_unexpired: 0, freed_bytes: 0 };
    for (const listed of await this.store.list()) {
      await this.lock.run(listed.audio_id, async () => {
        // Judge the clip as it is now: it may have been pinned since the listing.
        const artifact = await this.store.get(listed.audio_id);
        if (artifact === null) return;
        if (!isExpired(artifact, nowMs)) report.kept_unexpired += 1;
        else if (artifact.pinned) report.kept_pinned.push(artifact.audio_id);
        else {
          if (!report.dry_run) await this.store.remove(artifact);
          report.removed.push({ audio_id: artifact.audio_id, path: artifact.path, size_bytes: artifact.size_bytes, expires_at: artifact.expires_at });
          report.freed_bytes += artifact.size_bytes;
        }
      });
    }
    return report;
  }

  private change(audioId: string, apply: (artifact: AudioArtifact) => AudioArtifact): Promise<AudioArtifact> {
    return this.lock.run(audioId, async () => {
      const updated = apply(await this.require(audioId));
      await this.store.update(updated);
      return updated;
    });
  }
}
