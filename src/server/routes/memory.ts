import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { BUCKET_ID_PATTERN, MEMORY_CONTENT_MAX_CHARS, MemoryItemRecordSchema, MemoryRefsSchema, MemorySourceSchema, REGISTER_MAX_CHARS } from '../../protocol/memory.js';
import type { BucketMemory } from '../../core/memory/index.js';
import type { ServerApp } from '../server-app.js';
import { errorResponses, jsonContent } from '../schemas.js';

/** What the memory routes need: the workspace's bucket memory. */
export interface MemoryRouteDependencies {
  memory: BucketMemory;
}

const BucketIdSchema = z.string().regex(BUCKET_ID_PATTERN, 'bucket ids are up to 200 letters, digits and : . _ @ -').describe('e.g. bucket:<conversation_id>');
const ItemIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'item ids are UUIDs');

const MemoryItemSchema = MemoryItemRecordSchema.extend({
  reference_score: z.number().describe('weighted topic hits and citations'),
  recency: z.number().describe('1 when just written, halving every 7 days'),
  score: z.number().describe('(1 + reference_score) × recency; pinned notes come first regardless'),
});

const ContextPackageSchema = z.object({
  schema_version: z.number().int(),
  bucket_id: z.string(),
  register_summary: z.string().max(REGISTER_MAX_CHARS),
  short_context: z.string(),
  long_context: z.string().nullable(),
  items: z.array(MemoryItemSchema),
  item_count: z.number().int(),
  last_updated: z.string().nullable(),
  built_at: z.string(),
}).openapi('ContextPackage');

const NewItemSchema = z.strictObject({
  content: z.string().min(1).max(MEMORY_CONTENT_MAX_CHARS),
  pinned: z.boolean().optional(),
  refs: MemoryRefsSchema.partial().optional().describe('VFS paths (a reply citing one raises the note), receipt ids, excerpts'),
  source: MemorySourceSchema.optional().describe('default user'),
}).openapi('NewMemoryItem');

const bucketsRoute = createRoute({
  method: 'get',
  path: '/api/memory/buckets',
  operationId: 'listMemoryBuckets',
  tags: ['memory'],
  summary: 'Buckets with notes, each with its register line, most recently written first',
  responses: {
    200: jsonContent(z.object({ buckets: z.array(z.object({ bucket_id: z.string(), item_count: z.number().int(), pinned_count: z.number().int(), last_updated: z.string(), register_summary: z.string() })) }).openapi('ListMemoryBucketsResponse'), 'The buckets'),
  },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/api/memory/search',
  operationId: 'searchMemory',
  tags: ['memory'],
  summary: 'Notes matching the words of a query, best match first',
  request: {
    query: z.strictObject({
      q: z.string().trim().min(1).max(500),
      bucket: BucketIdSchema.optional().describe('only this bucket'),
      limit: z.coerce.number().int().min(1).max(200).optional().describe('default 20'),
    }),
  },
  responses: { 200: jsonContent(z.object({ hits: z.array(z.object({ item: MemoryItemSchema, matched_terms: z.array(z.string()) })) }).openapi('SearchMemoryResponse'), 'The matching notes'), ...errorResponses(400) },
});

const packageRoute = createRoute({
  method: 'get',
  path: '/api/memory/{bucket}',
  operationId: 'getMemoryContext',
  tags: ['memory'],
  summary: 'A bucket’s context package: register, short context, long context within the budget, ranked notes',
  request: {
    params: z.object({ bucket: BucketIdSchema }),
    query: z.strictObject({ budget: z.coerce.number().int().min(0).max(1_000_000).optional().describe('characters for short + long context; no budget, no long context') }),
  },
  responses: { 200: jsonContent(ContextPackageSchema, 'The context package'), ...errorResponses(400) },
});

const addRoute = createRoute({
  method: 'post',
  path: '/api/memory/{bucket}/items',
  operationId: 'addMemoryItem',
  tags: ['memory'],
  summary: 'Remember a note in a bucket (secrets are replaced by secret_ref tokens before it is stored)',
  request: { params: z.object({ bucket: BucketIdSchema }), body: { content: { 'application/json': { schema: NewItemSchema } }, required: true } },
  responses: { 201: jsonContent(z.object({ item: MemoryItemSchema }).openapi('AddMemoryItemResponse'), 'The stored note'), ...errorResponses(400, 413) },
});

const pinRoute = createRoute({
  method: 'post',
  path: '/api/memory/items/{id}/pin',
  operationId: 'pinMemoryItem',
  tags: ['memory'],
  summary: 'Pin a note (or unpin it with {"pinned": false}); pinned notes always lead the context',
  request: { params: z.object({ id: ItemIdSchema }), body: { content: { 'application/json': { schema: z.strictObject({ pinned: z.boolean().optional().describe('default true') }).openapi('PinMemoryItemRequest') } }, required: false } },
  responses: { 200: jsonContent(z.object({ item: MemoryItemSchema }).openapi('PinMemoryItemResponse'), 'The note'), ...errorResponses(400, 404) },
});

/**
 * `GET /api/memory/buckets`, `GET /api/memory/search?q=…`, `GET /api/memory/{bucket}[?budget=N]`,
 * `POST /api/memory/{bucket}/items`, `POST /api/memory/items/{id}/pin`. The fixed paths are
 * registered before `{bucket}`, so they win over a bucket of the same name.
 */
export function registerMemoryRoutes(app: ServerApp, deps: MemoryRouteDependencies): void {
  const { memory } = deps;
  app.openapi(bucketsRoute, async (c) => c.json({ buckets: await memory.buckets() }, 200));
  app.openapi(searchRoute, async (c) => {
    const query = c.req.valid('query');
    const hits = await memory.search(query.q, { ...(query.bucket ? { bucketId: query.bucket } : {}), ...(query.limit ? { limit: query.limit } : {}) });
    return c.json({ hits }, 200);
  });
  app.openapi(packageRoute, async (c) => {
    const { bucket } = c.req.valid('param');
    const { budget } = c.req.valid('query');
    return c.json(await memory.contextPackage(bucket, { budgetChars: budget ?? null }), 200);
  });
  app.openapi(addRoute, async (c) => {
    const { bucket } = c.req.valid('param');
    const body = c.req.valid('json');
    const item = await memory.add({ bucket_id: bucket, content: body.content, ...(body.pinned === undefined ? {} : { pinned: body.pinned }), ...(body.refs ? { refs: body.refs } : {}), ...(body.source ? { source: body.source } : {}) });
    return c.json({ item }, 201);
  });
  app.openapi(pinRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json({ item: await memory.pin(id, body.pinned ?? true) }, 200);
  });
}
