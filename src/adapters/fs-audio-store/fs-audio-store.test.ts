import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pcmWav } from '../../../test/support/pcm-wav.js';
import type { AudioArtifact } from '../../protocol/audio.js';
import { FsAudioStore } from './fs-audio-store.js';
import { openAudioLibrary } from './open-audio-library.js';

let root: string;

function artifact(audioId: string, overrides: Partial<AudioArtifact> = {}): AudioArtifact {
  return {
    schema_version: 1,
    audio_id: audioId,
    path: `.control-room/audio/${audioId}.ogg`,
    sha256: '0'.repeat(64),
    size_bytes: 4,
    container: 'ogg',
    codec: 'opus',
    mime_type: 'audio/ogg',
    sample_rate: 48_000,
    channels: 1,
    duration_ms: null,
    rms_preview: null,
    created_at: '2025-01-01T00:00:00.000Z',
    retention_ttl: 'P30D',
    expires_at: '2025-01-31T00:00:00.000Z',
    pinned: false,
    round_id: null,
    ...overrides,
  };
}

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-audio-store-'));
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('FsAudioStore', () => {
  it('writes the clip and its metadata, lists them, and removes both', async () => {
    const store = new FsAudioStore(root);
    const id = uuidv7();
    await store.save(artifact(id), new Uint8Array([1, 2, 3, 4]));
    expect(await store.get(id)).toEqual(artifact(id));
    expect(await store.list()).toEqual([artifact(id)]);
    expect([...(await store.read(artifact(id)))]).toEqual([1, 2, 3, 4]);
    // No temporary files are left behind.
    expect((await fs.readdir(store.dir)).sort()).toEqual([`${id}.json`, `${id}.ogg`]);
    await store.remove(artifact(id));
    expect(await fs.readdir(store.dir)).toEqual([]);
    expect(await store.get(id)).toBeNull();
  });

  it('reports corrupt metadata without hiding the other clips', async () => {
    const store = new FsAudioStore(root);
    const good = uuidv7();
    const bad = uuidv7();
    await store.save(artifact(good), new Uint8Array([1]));
    await fs.writeFile(path.join(store.dir, `${bad}.json`), '{ not json');
    await expect(store.get(bad)).rejects.toMatchObject({ code: 'audio_store_corrupt' });
    expect((await store.list()).map((entry) => entry.audio_id)).toEqual([good]);
  });

  it('refuses metadata whose path leaves the audio folder', async () => {
    const store = new FsAudioStore(root);
    const id = uuidv7();
    await expect(store.save(artifact(id, { path: '.control-room/audit/secret.key' }), new Uint8Array([1]))).rejects.toMatchObject({ code: 'audio_store_corrupt' });
    await expect(store.save(artifact('../escape'), new Uint8Array([1]))).rejects.toMatchObject({ code: 'audio_not_found' });
  });

  it('reads the retention for new clips from the environment', async () => {
    const library = openAudioLibrary(root, { env: { AUDIO_RETENTION_DAYS: '3' } });
    const result = await library.add(pcmWav({ sampleRate: 8000, frames: 1 }));
    expect(result).toMatchObject({ ok: true, value: { retention_ttl: 'P3D', duration_ms: 0 } });
    expect(() => openAudioLibrary(root, { env: { AUDIO_RETENTION_DAYS: 'forever' } })).toThrow(expect.objectContaining({ code: 'audio_config_invalid' }));
  });
});
