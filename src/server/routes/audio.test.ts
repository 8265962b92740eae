import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pcmWav } from '../../../test/support/pcm-wav.js';
import type { AudioArtifact } from '../../protocol/audio.js';
import { openAudioLibrary } from '../../adapters/fs-audio-store/index.js';
import { InMemoryTraceStore } from '../../core/traces/index.js';
import { handleError, invalidRequest } from '../error-response.js';
import { statusForCode } from '../error-status.js';
import type { ServerApp } from '../server-app.js';
import { registerAudioRoutes } from './audio.js';

/** One second of 8 kHz mono 16-bit silence. */
const silentWav = (): Uint8Array => pcmWav({ sampleRate: 8000, frames: 8000 });

let root: string;
let app: ServerApp;
let traces: InMemoryTraceStore;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-audio-routes-'));
  traces = new InMemoryTraceStore();
  app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : invalidRequest(c, result.error, result.target)) });
  app.onError((error, c) => handleError(error, c, false));
  registerAudioRoutes(app, { audio: openAudioLibrary(root, { env: {}, maxBytes: 100_000 }), traces });
  app.doc31('/api/openapi.json', { openapi: '3.1.0', info: { title: 'test', version: '0' } });
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('audio routes', () => {
  it('stores a raw upload linked to a round, then serves its metadata and bytes', async () => {
    const round = await traces.beginRound({ conversation_id: 'voice', state_in: 'default' });
    const bytes = silentWav();
    const response = await app.request(`/api/audio?round=${round.round_id}`, { method: 'POST', headers: { 'content-type': 'audio/wav' }, body: bytes });
    expect(response.status).toBe(201);
    const { artifact } = (await response.json()) as { artifact: AudioArtifact };
    expect(artifact).toMatchObject({ codec: 'pcm_s16le', sample_rate: 8000, duration_ms: 1000, round_id: round.round_id, retention_ttl: 'P30D' });
    expect(artifact.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));

    expect(((await (await app.request(`/api/audio/${artifact.audio_id}`)).json()) as { artifact: AudioArtifact }).artifact).toEqual(artifact);
    expect(((await (await app.request('/api/audio')).json()) as { clips: AudioArtifact[] }).clips.map((clip) => clip.audio_id)).toEqual([artifact.audio_id]);
    const content = await app.request(`/api/audio/${artifact.audio_id}/content`);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.compare(Buffer.from(await content.arrayBuffer()), Buffer.from(bytes))).toBe(0);

    const pinned = await app.request(`/api/audio/${artifact.audio_id}/pin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(((await pinned.json()) as { artifact: AudioArtifact }).artifact.pinned).toBe(true);
  });

  it('accepts a multipart upload with a file field', async () => {
    const form = new FormData();
    form.set('file', new Blob([silentWav()], { type: 'audio/wav' }), 'take-1.wav');
    const response = await app.request('/api/audio', { method: 'POST', body: form });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { artifact: AudioArtifact }).artifact.container).toBe('wav');
  });

  it('refuses non-audio, oversized, empty and unlinked uploads with clear codes', async () => {
    const refusal = async (init: RequestInit, url = '/api/audio') => {
      const response = await app.request(url, { method: 'POST', ...init });
      return { status: response.status, code: ((await response.json()) as { error: { code: string } }).error.code };
    };
    expect(await refusal({ headers: { 'content-type': 'application/octet-stream' }, body: 'Chapter one, in plain text.' })).toEqual({ status: statusForCode('audio_not_audio', 'user'), code: 'audio_not_audio' });
    expect(await refusal({ headers: { 'content-type': 'text/plain' }, body: 'hello' })).toEqual({ status: statusForCode('audio_not_audio', 'user'), code: 'audio_not_audio' });
    expect(await refusal({ headers: { 'content-type': 'audio/wav' }, body: new Uint8Array(200_000) })).toEqual({ status: 413, code: 'audio_too_large' });
    expect(await refusal({ headers: { 'content-type': 'audio/wav' }, body: new Uint8Array() })).toEqual({ status: statusForCode('audio_empty', 'user'), code: 'audio_empty' });
    expect(await refusal({ headers: { 'content-type': 'audio/wav' }, body: silentWav() }, '/api/audio?round=no-such-round')).toEqual({ status: 404, code: 'trace_round_not_found' });
    expect((await app.request('/api/audio/0192f3a4-5b6c-7d8e-9f01-23456789abcd')).status).toBe(404);
    expect((await app.request('/api/audio/not-an-id')).status).toBe(400);
    expect(await fs.readdir(path.join(root, '.control-room/audio')).catch(() => [])).toEqual([]);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const document = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).sort()).toEqual(['/api/audio', '/api/audio/retention', '/api/audio/{id}', '/api/audio/{id}/content', '/api/audio/{id}/pin']);
  });
});
