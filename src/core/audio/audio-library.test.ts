import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pcmWav } from '../../../test/support/pcm-wav.js';
import { FsAudioStore } from '../../adapters/fs-audio-store/index.js';
import { AudioArtifactSchema } from '../../protocol/audio.js';
import type { Clock } from '../ports/index.js';
import { InMemoryTraceStore } from '../traces/index.js';
import { AudioLibrary } from './audio-library.js';
import { retentionDaysFrom } from './retention.js';

const DAY = 24 * 60 * 60 * 1000;

/** A quiet ramp, so the clip is not silence. */
const ramp = (frame: number): number => (frame % 200) * 10;

function manualClock(startIso = '2025-05-01T12:00:00.000Z'): Clock & { advance: (ms: number) => void } {
  let now = Date.parse(startIso);
  return { nowMs: () => now, nowIso: () => new Date(now).toISOString(), advance: (ms) => void (now += ms) };
}

let root: string;
let clock: ReturnType<typeof manualClock>;

function library(retentionDays?: number): AudioLibrary {
  return new AudioLibrary({ store: new FsAudioStore(root), clock, ids: { uuidv7: () => uuidv7() }, ...(retentionDays === undefined ? {} : { retentionDays }) });
}

async function addClip(audio: AudioLibrary, frames = 8000) {
  const result = await audio.add(pcmWav({ sampleRate: 16_000, frames, sample: ramp }));
  if (!result.ok) throw new Error(result.issues[0]?.message);
  return result.value;
}

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-audio-'));
  clock = manualClock();
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('AudioLibrary.add', () => {
  it('stores the clip and its metadata: id, path, sha256, format, retention', async () => {
    const bytes = pcmWav({ sampleRate: 16_000, frames: 24_000, sample: ramp });
    const result = await library().add(bytes);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const artifact = result.value;
    expect(artifact.audio_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(artifact).toMatchObject({
      schema_version: 1,
      path: `.control-room/audio/${artifact.audio_id}.wav`,
      size_bytes: bytes.length,
      container: 'wav',
      codec: 'pcm_s16le',
      sample_rate: 16_000,
      channels: 1,
      duration_ms: 1500,
      created_at: '2025-05-01T12:00:00.000Z',
      retention_ttl: 'P30D',
      expires_at: '2025-05-31T12:00:00.000Z',
      pinned: false,
      round_id: null,
    });
    const stored = await fs.readFile(path.join(root, artifact.path));
    expect(artifact.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
    expect(Buffer.compare(stored, Buffer.from(bytes))).toBe(0);
    const metadata = JSON.parse(await fs.readFile(path.join(root, `.control-room/audio/${artifact.audio_id}.json`), 'utf8'));
    expect(AudioArtifactSchema.parse(metadata)).toEqual(artifact);
    expect(await fs.readdir(path.join(root, '.control-room/audio'))).toHaveLength(2);
  });

  it('refuses non-audio and oversized uploads and stores nothing', async () => {
    const audio = library();
    expect(await audio.add(new TextEncoder().encode('not a sound at all'))).toMatchObject({ ok: false, issues: [{ code: 'audio_not_audio' }] });
    const small = new AudioLibrary({ store: new FsAudioStore(root), clock, ids: { uuidv7: () => uuidv7() }, maxBytes: 1000 });
    expect(await small.add(pcmWav({ sampleRate: 16_000, frames: 1000, sample: ramp }))).toMatchObject({ ok: false, issues: [{ code: 'audio_too_large' }] });
    expect(existsSync(path.join(root, '.control-room/audio'))).toBe(false);
  });
});

describe('AudioLibrary retention', () => {
  it('prunes only expired clips that are not pinned, and a dry run removes nothing', async () => {
    const audio = library(2);
    const expired = await addClip(audio);
    const pinned = await addClip(audio);
    const alsoExpired = await addClip(audio);
    await audio.pin(pinned.audio_id);
    clock.advance(DAY);
    const fresh = await addClip(audio);
    clock.advance(1.5 * DAY);

    const dryRun = await audio.prune({ dryRun: true });
    expect(dryRun.dry_run).toBe(true);
    expect(dryRun.removed.map((entry) => entry.audio_id).sort()).toEqual([expired.audio_id, alsoExpired.audio_id].sort());
    expect(existsSync(path.join(root, expired.path))).toBe(true);

    const report = await audio.prune();
    expect(report.removed.map((entry) => entry.audio_id).sort()).toEqual([expired.audio_id, alsoExpired.audio_id].sort());
    expect(report.kept_pinned).toEqual([pinned.audio_id]);
    expect(report.kept_unexpired).toBe(1);
    expect(report.freed_bytes).toBe(expired.size_bytes + alsoExpired.size_bytes);
    expect(existsSync(path.join(root, expired.path))).toBe(false);
    expect(existsSync(path.join(root, `.control-room/audio/${expired.audio_id}.json`))).toBe(false);
    expect((await audio.list()).map((artifact) => artifact.audio_id)).toEqual([fresh.audio_id, pinned.audio_id]);

    await audio.pin(pinned.audio_id, false);
    expect((await audio.prune()).removed.map((entry) => entry.audio_id)).toEqual([pinned.audio_id]);
    clock.advance(DAY);
    expect((await audio.prune()).removed.map((entry) => entry.audio_id)).toEqual([fresh.audio_id]);
    expect(await audio.list()).toEqual([]);
  });

  it('takes the retention from AUDIO_RETENTION_DAYS', () => {
    expect(retentionDaysFrom({})).toBe(30);
    expect(retentionDaysFrom({ AUDIO_RETENTION_DAYS: ' 7 ' })).toBe(7);
    expect(retentionDaysFrom({ AUDIO_RETENTION_DAYS: '0' })).toBe(0);
    for (const bad of ['-1', '1.5', 'week']) expect(() => retentionDaysFrom({ AUDIO_RETENTION_DAYS: bad })).toThrow(expect.objectContaining({ code: 'audio_config_invalid' }));
  });
});

describe('AudioLibrary links and reads', () => {
  it('links a clip to the trace round that names it', async () => {
    const audio = library();
    const artifact = await addClip(audio);
    const traces = new InMemoryTraceStore({ clock });
    const round = await traces.beginRound({ conversation_id: 'voice-1', state_in: 'conversation', audio_id: artifact.audio_id });
    const linked = await audio.linkRound(artifact.audio_id, round.round_id);
    expect(linked.round_id).toBe(round.round_id);
    const traced = await traces.getRound(round.round_id);
    const resolved = await audio.require(traced?.round.audio_id ?? '');
    expect(resolved).toMatchObject({ audio_id: artifact.audio_id, sha256: artifact.sha256, path: artifact.path, round_id: round.round_id });
  });

  it('returns the bytes, and refuses a clip changed on disk or an id that is not one', async () => {
    const audio = library();
    const artifact = await addClip(audio);
    const { bytes } = await audio.content(artifact.audio_id);
    expect(bytes.length).toBe(artifact.size_bytes);
    await fs.appendFile(path.join(root, artifact.path), 'tampered');
    await expect(audio.content(artifact.audio_id)).rejects.toMatchObject({ code: 'audio_store_corrupt' });
    expect(await audio.get('../../etc/passwd')).toBeNull();
    await expect(audio.pin(uuidv7())).rejects.toMatchObject({ code: 'audio_not_found' });
  });

  it('keeps every change when one clip is pinned and linked concurrently', async () => {
    const audio = library();
    const artifact = await addClip(audio);
    await Promise.all([audio.pin(artifact.audio_id), audio.linkRound(artifact.audio_id, 'round-1'), audio.pin(artifact.audio_id)]);
    expect(await audio.get(artifact.audio_id)).toMatchObject({ pinned: true, round_id: 'round-1' });
  });
});
