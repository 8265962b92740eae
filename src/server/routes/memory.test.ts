import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBucketMemory } from '../../adapters/sqlite-memory-store/index.js';
import type { BucketMemory } from '../../core/memory/index.js';
import { makeFakeCredentials } from '../../../test/support/fake-credentials.js';
import { handleError, invalidRequest } from '../error-response.js';
import type { ServerApp } from '../server-app.js';
import { registerMemoryRoutes } from './memory.js';

let root: string;
let memory: BucketMemory;
let app: ServerApp;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-memory-routes-'));
  memory = await openBucketMemory(root);
  app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : invalidRequest(c, result.error, result.target)) });
  app.onError((error, c) => handleError(error, c, false));
  registerMemoryRoutes(app, { memory });
  app.doc31('/api/openapi.json', { openapi: '3.1.0', info: { title: 'test', version: '0' } });
});

afterEach(async () => {
  await memory.close();
  await fs.rm(root, { recursive: true, force: true });
});

const post = (url: string, body: unknown) => app.request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('memory routes', () => {
  it('adds, pins, lists, packages and searches notes', async () => {
    const added = await post('/api/memory/bucket:chat-1/items', { content: 'The lighthouse stair has 112 steps.', refs: { paths: ['Story/Scenes/SCN-01.md'] } });
    expect(added.status).toBe(201);
    const { item } = (await added.json()) as { item: { item_id: string; bucket_id: string; pinned: boolean } };
    expect(item).toMatchObject({ bucket_id: 'bucket:chat-1', pinned: false });
    await post('/api/memory/bucket%3Achat-1/items', { content: 'Mara hides the locket in the lamp room.' });

    const pinned = await post(`/api/memory/items/${item.item_id}/pin`, {});
    expect(pinned.status).toBe(200);
    expect(((await pinned.json()) as { item: { pinned: boolean } }).item.pinned).toBe(true);

    const buckets = (await (await app.request('/api/memory/buckets')).json()) as { buckets: Array<{ bucket_id: string; item_count: number; register_summary: string }> };
    expect(buckets.buckets).toEqual([expect.objectContaining({ bucket_id: 'bucket:chat-1', item_count: 2, pinned_count: 1 })]);
    expect(buckets.buckets[0]?.register_summary.length).toBeLessThanOrEqual(140);

    const contextPackage = (await (await app.request('/api/memory/bucket:chat-1?budget=5000')).json()) as { items: Array<{ item_id: string }>; short_context: string; long_context: string | null; register_summary: string };
    expect(contextPackage.items[0]?.item_id).toBe(item.item_id);
    expect(contextPackage.short_context).toContain('[pinned] The lighthouse stair has 112 steps.');
    expect(contextPackage.long_context).toBeNull();

    const search = (await (await app.request('/api/memory/search?q=locket')).json()) as { hits: Array<{ item: { content: string }; matched_terms: string[] }> };
    expect(search.hits.map((hit) => hit.item.content)).toEqual(['Mara hides the locket in the lamp room.']);
  });

  it('scrubs secrets before storing and refuses bad requests with codes', async () => {
    const { githubToken } = makeFakeCredentials();
    const added = (await (await post('/api/memory/b1/items', { content: `token ${githubToken}` })).json()) as { item: { content: string } };
    expect(added.item.content).not.toContain(githubToken);
    expect(added.item.content).toContain('secret_ref:');

    expect((await post('/api/memory/b1/items', { content: '' })).status).toBe(400);
    expect((await post('/api/memory/b1/items', { content: 'x', extra: true })).status).toBe(400);
    expect((await post('/api/memory/b1/items', { content: 'x', refs: { paths: ['../../etc/passwd'] } })).status).toBe(400);
    const missing = await post('/api/memory/items/0192f3a4-5b6c-7d8e-9f01-23456789abcd/pin', { pinned: false });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'memory_item_not_found' } });
    expect((await app.request('/api/memory/search?q=')).status).toBe(400);
    expect((await app.request('/api/memory/bad%20bucket')).status).toBe(400);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const document = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).sort()).toEqual(['/api/memory/buckets', '/api/memory/items/{id}/pin', '/api/memory/search', '/api/memory/{bucket}', '/api/memory/{bucket}/items']);
  });
});
