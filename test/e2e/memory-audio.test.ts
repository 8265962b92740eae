import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioArtifact, AudioPruneReport } from '../../src/protocol/audio.js';
import type { BucketContextPackage, BucketMemoryItem, MemoryBucketSummary, MemorySearchHit } from '../../src/protocol/memory.js';
import { openSqliteTraceStore } from '../../src/adapters/sqlite-trace-store/index.js';
import { makeFakeCredentials } from '../support/fake-credentials.js';
import { pcmWav } from '../support/pcm-wav.js';
import { runCli } from './helpers/run-cli.js';
import { readAppData, sampleWorkspace } from './helpers/workspace-fixture.js';

/** Half a second of a 440 Hz tone, 16 kHz mono. */
const toneWav = (): Uint8Array =>
  pcmWav({ sampleRate: 16_000, frames: 8000, sample: (frame) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * frame) / 16_000)) });

/** Each CLI run loads the whole compiled package (seconds on a loaded machine), and these tests make a dozen runs each. */
const CLI_TEST_TIMEOUT_MS = 300_000;

let dir: string;
let cleanup: () => Promise<void>;
const workspace = () => ['--workspace', dir, '--json'];

beforeAll(async () => {
  ({ dir, cleanup } = await sampleWorkspace('cr-memory-audio-'));
});

afterAll(async () => {
  await cleanup();
});

describe('control-room memory (compiled CLI)', () => {
  it('adds, pins, searches and dumps notes, scrubbing secrets before they are stored', async () => {
    const credentials = makeFakeCredentials();
    const secret = await runCli(['memory', 'add', `Deploy token for the model box: ${credentials.githubToken}`, '--session', 's1', ...workspace()]);
    expect(secret.status).toBe(0);
    expect(secret.json<BucketMemoryItem>().content).toMatch(/^Deploy token for the model box: secret_ref:/);

    const locket = (await runCli(['memory', 'add', 'Mara keeps the brass locket hidden in the lamp room.', '--session', 's1', '--ref', 'Story/Scenes/SCN-01-the-lamp-room.md#L3', '--excerpt', 'the brass locket', ...workspace()])).json<BucketMemoryItem>();
    expect(locket).toMatchObject({ bucket_id: 'bucket:s1', pinned: false, metadata: { refs: { paths: ['Story/Scenes/SCN-01-the-lamp-room.md#L3'], excerpts: ['the brass locket'] } } });
    const pinnedAtOnce = (await runCli(['memory', 'add', 'The storm reaches the harbour on the evening of Day 3.', '--bucket', 'bucket:s1', '--pin', ...workspace()])).json<BucketMemoryItem>();
    expect(pinnedAtOnce.pinned).toBe(true);

    const pin = await runCli(['memory', 'pin', locket.item_id, ...workspace()]);
    expect(pin.json<BucketMemoryItem>().pinned).toBe(true);
    expect((await runCli(['memory', 'pin', pinnedAtOnce.item_id, '--off', ...workspace()])).json<BucketMemoryItem>().pinned).toBe(false);

    const search = (await runCli(['memory', 'search', 'brass locket', ...workspace()])).json<{ hits: MemorySearchHit[] }>();
    expect(search.hits.map((hit) => hit.item.item_id)).toEqual([locket.item_id]);
    expect(search.hits[0]?.matched_terms).toEqual(['brass', 'locket']);

    const dump = (await runCli(['memory', 'dump', '--session', 's1', ...workspace()])).json<BucketContextPackage>();
    expect(dump.bucket_id).toBe('bucket:s1');
    expect(dump.item_count).toBe(3);
    expect(dump.items[0]?.item_id).toBe(locket.item_id);
    expect(dump.register_summary.length).toBeLessThanOrEqual(140);
    expect(dump.register_summary).toMatch(/^3 notes, 1 pinned: Mara keeps the brass locket/);
    expect(dump.short_context.split('\n')[0]).toContain('[pinned] Mara keeps the brass locket');
    expect(dump.long_context).toBeNull();

    const buckets = (await runCli(['memory', 'buckets', ...workspace()])).json<{ buckets: MemoryBucketSummary[] }>();
    expect(buckets.buckets.map((bucket) => bucket.bucket_id)).toEqual(['bucket:s1']);

    const human = await runCli(['memory', 'dump', '--bucket', 'bucket:s1', '--workspace', dir]);
    expect(human.stdout).toContain('bucket:s1: 3 notes, 1 pinned');

    for (const file of await readAppData(dir)) {
      expect(file.text.includes(credentials.githubToken), `raw credential in ${file.file}`).toBe(false);
    }
  }, CLI_TEST_TIMEOUT_MS);

  it('refuses what it cannot do with stable codes and exit statuses', async () => {
    const unknown = await runCli(['memory', 'pin', '0192f3a4-5b6c-7d8e-9f01-23456789abcd', ...workspace()]);
    expect(unknown.status).toBe(1);
    expect(unknown.json()).toMatchObject({ error: { code: 'memory_item_not_found' } });
    const outside = await runCli(['memory', 'add', 'x', '--ref', '../secrets.txt', ...workspace()]);
    expect(outside.json()).toMatchObject({ error: { code: 'memory_input_invalid' } });
    expect((await runCli(['memory', 'dump', '--budget', 'lots', ...workspace()])).status).toBe(2);
    const noWorkspace = await runCli(['memory', 'buckets', '--workspace', path.join(dir, 'Story'), '--json']);
    expect(noWorkspace.json()).toMatchObject({ error: { code: 'workspace_not_found' } });
  }, CLI_TEST_TIMEOUT_MS);
});

describe('control-room audio (compiled CLI)', () => {
  it('stores a WAV with its hash and format, links rounds, pins and prunes', async () => {
    const clip = path.join(dir, '..', 'take-1.wav');
    const bytes = toneWav();
    await fs.writeFile(clip, bytes);

    const added = await runCli(['audio', 'add', clip, ...workspace()]);
    expect(added.status).toBe(0);
    const kept = added.json<AudioArtifact>();
    expect(kept).toMatchObject({ container: 'wav', codec: 'pcm_s16le', sample_rate: 16_000, channels: 1, duration_ms: 500, retention_ttl: 'P30D', pinned: false, round_id: null });
    expect(kept.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(kept.path).toBe(`.control-room/audio/${kept.audio_id}.wav`);
    expect(createHash('sha256').update(await fs.readFile(path.join(dir, kept.path))).digest('hex')).toBe(kept.sha256);
    expect(JSON.parse(await fs.readFile(path.join(dir, `.control-room/audio/${kept.audio_id}.json`), 'utf8'))).toEqual(kept);

    // A round that came with the clip names it; a clip added later can name its round.
    const traces = await openSqliteTraceStore(dir);
    const round = await traces.beginRound({ conversation_id: 'voice-1', state_in: 'conversation', audio_id: kept.audio_id });
    await traces.finishRound(round.round_id, { status: 'ok' });
    await traces.close();
    const linked = (await runCli(['audio', 'add', clip, '--round', round.round_id, ...workspace()])).json<AudioArtifact>();
    expect(linked.round_id).toBe(round.round_id);
    const shown = (await runCli(['traces', 'show', round.round_id, ...workspace()])).json<{ round: { audio_id: string } }>();
    expect((await runCli(['audio', 'show', shown.round.audio_id, ...workspace()])).json<AudioArtifact>()).toEqual(kept);
    expect((await runCli(['audio', 'add', clip, '--round', 'no-such-round', ...workspace()])).json()).toMatchObject({ error: { code: 'trace_round_not_found' } });

    const notes = path.join(dir, '..', 'notes.wav');
    await fs.writeFile(notes, 'These are chapter notes, not a recording.');
    const refused = await runCli(['audio', 'add', notes, ...workspace()]);
    expect(refused.status).toBe(1);
    expect(refused.json()).toMatchObject({ error: { code: 'audio_not_audio' } });

    const shortLived = (await runCli(['audio', 'add', clip, ...workspace()], { env: { AUDIO_RETENTION_DAYS: '0' } })).json<AudioArtifact>();
    expect(shortLived.retention_ttl).toBe('P0D');
    const pinnedShortLived = (await runCli(['audio', 'add', clip, ...workspace()], { env: { AUDIO_RETENTION_DAYS: '0' } })).json<AudioArtifact>();
    expect((await runCli(['audio', 'pin', pinnedShortLived.audio_id, ...workspace()])).json<AudioArtifact>().pinned).toBe(true);

    const list = (await runCli(['audio', 'list', ...workspace()])).json<{ clips: AudioArtifact[] }>();
    expect(list.clips.map((artifact) => artifact.audio_id).sort()).toEqual([kept.audio_id, linked.audio_id, shortLived.audio_id, pinnedShortLived.audio_id].sort());

    const dryRun = (await runCli(['audio', 'prune', '--dry-run', ...workspace()])).json<AudioPruneReport>();
    expect(dryRun.removed.map((entry) => entry.audio_id)).toEqual([shortLived.audio_id]);
    expect(existsSync(path.join(dir, shortLived.path))).toBe(true);

    const pruned = (await runCli(['audio', 'prune', ...workspace()])).json<AudioPruneReport>();
    expect(pruned).toMatchObject({ dry_run: false, kept_pinned: [pinnedShortLived.audio_id], kept_unexpired: 2, freed_bytes: bytes.length });
    expect(pruned.removed.map((entry) => entry.audio_id)).toEqual([shortLived.audio_id]);
    expect(existsSync(path.join(dir, shortLived.path))).toBe(false);
    expect(existsSync(path.join(dir, `.control-room/audio/${shortLived.audio_id}.json`))).toBe(false);
    expect((await runCli(['audio', 'list', ...workspace()])).json<{ clips: AudioArtifact[] }>().clips).toHaveLength(3);
  }, CLI_TEST_TIMEOUT_MS);
});
