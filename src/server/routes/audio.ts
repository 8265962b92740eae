import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';
import { AudioArtifactSchema } from '../../protocol/audio.js';
import type { AudioLibrary, RetentionSchedule } from '../../core/audio/index.js';
import type { TraceStore } from '../../core/ports/index.js';
import { errorResponse } from '../error-response.js';
import type { ServerApp } from '../server-app.js';
import { errorResponses, jsonContent, LooseObjectSchema, SafeIdSchema, untypedResponse } from '../schemas.js';

/** What the audio routes need: the workspace's clips and, to check a linked round exists, its traces. */
export interface AudioRouteDependencies {
  audio: AudioLibrary;
  traces?: Pick<TraceStore, 'getRound'>;
  /** The cleanup that runs by itself while serving; null when the audioRetention flag turned it off. */
  retention?: RetentionSchedule | null;
}

/** Room for multipart framing around a clip at the size limit. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const AudioIdParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'audio ids are UUIDs') });

const uploadRoute = createRoute({
  method: 'post',
  path: '/api/audio',
  operationId: 'uploadAudio',
  tags: ['audio'],
  summary: 'Upload a clip (raw audio body, or multipart with a `file` field); the format is read from the bytes',
  request: {
    query: z.strictObject({ round: SafeIdSchema.optional().describe('the trace round the clip belongs to') }),
    body: {
      description: 'WAV, Ogg (Opus/Vorbis/FLAC), FLAC, MP3, WebM or M4A audio, at most 25 MiB',
      content: {
        'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
        'audio/*': { schema: { type: 'string', format: 'binary' } },
        'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, round_id: { type: 'string' } }, required: ['file'] } },
      },
      required: true,
    },
  },
  responses: { 201: jsonContent(z.object({ artifact: AudioArtifactSchema }).openapi('UploadAudioResponse'), 'The stored clip'), ...errorResponses(400, 404, 413) },
});

const listRoute = createRoute({
  method: 'get',
  path: '/api/audio',
  operationId: 'listAudioClips',
  tags: ['audio'],
  summary: 'Stored clips, newest first',
  responses: { 200: jsonContent(z.object({ clips: z.array(AudioArtifactSchema) }).openapi('ListAudioClipsResponse'), 'The clips') },
});

const getRoute = createRoute({
  method: 'get',
  path: '/api/audio/{id}',
  operationId: 'getAudioClip',
  tags: ['audio'],
  summary: 'A clip’s metadata: hash, format, retention, pin and linked round',
  request: { params: AudioIdParamsSchema },
  responses: { 200: jsonContent(z.object({ artifact: AudioArtifactSchema }).openapi('GetAudioClipResponse'), 'The clip'), ...errorResponses(400, 404) },
});

const contentRoute = createRoute({
  method: 'get',
  path: '/api/audio/{id}/content',
  operationId: 'getAudioContent',
  tags: ['audio'],
  summary: 'A clip’s bytes (checked against its sha256 first)',
  request: { params: AudioIdParamsSchema },
  responses: { 200: { description: 'The audio', content: { 'audio/*': { schema: { type: 'string', format: 'binary' } } } }, ...errorResponses(400, 404) },
});

const pinRoute = createRoute({
  method: 'post',
  path: '/api/audio/{id}/pin',
  operationId: 'pinAudioClip',
  tags: ['audio'],
  summary: 'Pin a clip so cleanups keep it (or unpin it with {"pinned": false})',
  request: { params: AudioIdParamsSchema, body: { content: { 'application/json': { schema: z.strictObject({ pinned: z.boolean().optional().describe('default true') }).openapi('PinAudioClipRequest') } }, required: false } },
  responses: { 200: jsonContent(z.object({ artifact: AudioArtifactSchema }).openapi('PinAudioClipResponse'), 'The clip'), ...errorResponses(400, 404) },
});

const retentionRoute = createRoute({
  method: 'get',
  path: '/api/audio/retention',
  operationId: 'getAudioRetention',
  tags: ['audio'],
  summary: 'The cleanup of expired, unpinned clips that runs when the server starts and once a day: its last run and what it removed',
  responses: {
    200: jsonContent(
      z.object({
        enabled: z.boolean().describe('false when the audioRetention feature flag is off'),
        intervalMs: z.number().int().nullable(),
        runs: z.number().int(),
        lastRunAt: z.string().nullable(),
        lastError: z.string().nullable(),
        lastReport: LooseObjectSchema.nullable().describe('AudioPruneReport (src/protocol/audio.ts)'),
      }).openapi('GetAudioRetentionResponse'),
      'The cleanup',
    ),
  },
});

/** The uploaded bytes and optional round id, from a raw body or a multipart form. */
async function readUpload(c: Context): Promise<{ bytes: Uint8Array; roundId: string | null }> {
  const type = (c.req.header('content-type') ?? 'application/octet-stream').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await c.req.parseBody();
    const file = form['file'];
    if (!(file instanceof File)) throw new ControlRoomError('invalid_request', 'The multipart upload needs the clip in a field named "file".');
    const round = form['round_id'];
    if (round !== undefined && round !== '' && !(typeof round === 'string' && SafeIdSchema.safeParse(round).success)) {
      throw new ControlRoomError('invalid_request', 'The round_id field must be a round id (letters, digits, "-" or "_").');
    }
    return { bytes: new Uint8Array(await file.arrayBuffer()), roundId: typeof round === 'string' && round !== '' ? round : null };
  }
  if (!type.startsWith('audio/') && !type.startsWith('application/octet-stream') && !type.startsWith('video/webm')) {
    throw new ControlRoomError('audio_not_audio', `Send the clip as audio/*, application/octet-stream or multipart/form-data, not ${type.split(';')[0]}.`);
  }
  return { bytes: new Uint8Array(await c.req.arrayBuffer()), roundId: null };
}

/**
 * `POST /api/audio[?round=id]`, `GET /api/audio`, `GET /api/audio/{id}`, `GET /api/audio/{id}/content`,
 * `POST /api/audio/{id}/pin`. Uploads get their own size limit (the clip limit plus multipart
 * framing); the app-wide body limit must not apply to `POST /api/audio`.
 */
export function registerAudioRoutes(app: ServerApp, deps: AudioRouteDependencies): void {
  const { audio, traces } = deps;
  const limit = audio.uploadLimitBytes + MULTIPART_OVERHEAD_BYTES;
  app.use(
    '/api/audio',
    bodyLimit({
      maxSize: limit,
      onError: (c) => errorResponse(c, { status: 413, code: 'audio_too_large', message: `The upload is larger than ${audio.uploadLimitBytes} bytes; trim or compress the clip.` }),
    }),
  );
  app.openapi(uploadRoute, async (c) => {
    const upload = await readUpload(c);
    const roundId = c.req.valid('query').round ?? upload.roundId;
    if (roundId !== null && traces !== undefined && (await traces.getRound(roundId)) === null) {
      throw new ControlRoomError('trace_round_not_found', `No trace round ${roundId} to link the clip to.`);
    }
    const result = await audio.add(upload.bytes, { roundId });
    if (!result.ok) {
      const [issue] = result.issues;
      throw new ControlRoomError(issue?.code ?? 'audio_not_audio', issue?.message ?? 'The upload is not audio.');
    }
    return c.json({ artifact: result.value }, 201);
  });
  app.openapi(listRoute, async (c) => c.json({ clips: await audio.list() }, 200));
  app.openapi(retentionRoute, async (c) => {
    const retention = deps.retention ?? null;
    if (!retention) return c.json({ enabled: false, intervalMs: null, runs: 0, lastRunAt: null, lastError: null, lastReport: null }, 200);
    // The first cleanup starts with the server; answer once it has finished.
    await retention.firstRun;
    const status = retention.status();
    return c.json({ enabled: true, ...status, lastReport: status.lastReport as unknown as Record<string, unknown> | null }, 200);
  });
  app.openapi(getRoute, async (c) => c.json({ artifact: await audio.require(c.req.valid('param').id) }, 200));
  app.openapi(contentRoute, async (c) => {
    const { artifact, bytes } = await audio.content(c.req.valid('param').id);
    return untypedResponse(
      new Response(bytes, {
        status: 200,
        headers: {
          'content-type': artifact.mime_type,
          'content-length': String(bytes.length),
          etag: `"${artifact.sha256}"`,
          'cache-control': 'private, max-age=31536000, immutable',
          'content-disposition': `inline; filename="${artifact.path.split('/').pop() ?? artifact.audio_id}"`,
        },
      }),
    );
  });
  app.openapi(pinRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ artifact: await audio.pin(id, c.req.valid('json').pinned ?? true) }, 200);
  });
}
