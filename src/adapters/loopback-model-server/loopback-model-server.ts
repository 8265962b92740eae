/**
 * A real OpenAI-compatible chat-completions server on 127.0.0.1 for end-to-end tests. It replays
 * scripted replies (non-streamed, or streamed as SSE cut at irregular byte boundaries, mid-UTF-8
 * included), serves `GET /v1/models`, answers HTTP errors when told to, can hang or drop the
 * connection, routes by `model` (a primary that fails and a fallback that answers), and records
 * every request. `close()` destroys open connections, so nothing outlives a test.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkStrictResponseFormat, seededRandom } from '../../core/testing/index.js';
import { replyToChunks, replyToCompletion, type ScriptedReply } from '../scripted-model/index.js';
import { discoveryAnswer, toOllamaChatAnswer, type LoopbackServerEmulation } from './emulate-server.js';

/** The JSON body a client posted to `/chat/completions`. */
export interface LoopbackRequestBody {
  model?: string;
  messages?: Array<{ role: string; content?: unknown; [key: string]: unknown }>;
  stream?: boolean;
  [key: string]: unknown;
}

/** A scripted reply plus server-only behaviours. */
export interface LoopbackReply extends ScriptedReply {
  /** Accept the request and never answer (until `close()`); `error: 'model_timeout'` does the same. */
  hang?: boolean;
  /** Streamed replies only: send this many chunks, then stall with the connection open. */
  stallAfter?: number;
  /** Streamed replies only: send this many chunks, then drop the connection. */
  dropAfter?: number;
  /** Answer 200 with this exact body (for malformed-response tests). */
  rawBody?: string;
  /** Content type for `rawBody` (default application/json). */
  contentType?: string;
}

/** A reply, or a function of the request body (e.g. to echo the `TOOL_NONCE:` line). */
export type LoopbackStep = LoopbackReply | ((body: LoopbackRequestBody) => LoopbackReply | Promise<LoopbackReply>);

/** One queue for any model, or one queue per model name (unknown names get a 404, as OpenAI does). */
export type LoopbackScript = LoopbackStep[] | { models: Record<string, LoopbackStep[]> };

export interface RecordedModelRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or null for GET requests and unparseable bodies. */
  body: LoopbackRequestBody | null;
  /** True once the client closed the connection before the answer was complete (a cancelled call). */
  abandoned: boolean;
}

export interface LoopbackModelServerOptions {
  /** Model ids listed by `GET /v1/models` when the script is a single queue (default `["loopback-model"]`). */
  models?: string[];
  /** Seed for the irregular cuts of streamed replies, so a failing run can be repeated. */
  seed?: number;
  /**
   * Refuse a `response_format` with `strict: true` outside the strict subset, with HTTP 400, as
   * OpenAI's strict mode does (default true), so every test proves its schemas are accepted.
   */
  strictSchemas?: boolean;
  /** Play a particular server: its discovery endpoints and context sizes, and Ollama's native `/api/chat`. */
  emulate?: LoopbackServerEmulation;
}

export interface LoopbackModelServer {
  /** e.g. `http://127.0.0.1:54321/v1`. */
  baseUrl: string;
  port: number;
  /** Every request received, in order. */
  requests: RecordedModelRequest[];
  /** Steps left for a model (or the single queue). */
  remaining(model?: string): number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 16 * 1024 * 1024;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    request.on('data', (part: Buffer) => {
      size += part.length;
      if (size > MAX_BODY_BYTES) reject(new Error('request body too large'));
      else parts.push(part);
    });
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function errorBody(message: string, type: string, code: string | null = null): unknown {
  return { error: { message, type, param: null, code } };
}

/** The 400 message a strict provider gives for a strict `response_format` outside the subset. */
function strictSchemaRefusal(body: LoopbackRequestBody): string | undefined {
  const format = body['response_format'] as { type?: unknown; json_schema?: { name?: unknown; strict?: unknown } } | undefined;
  if (format?.type !== 'json_schema' || format.json_schema?.strict !== true) return undefined;
  const issues = checkStrictResponseFormat(format);
  if (issues.length === 0) return undefined;
  const listed = issues.slice(0, 5).map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return `Invalid schema for response_format '${String(format.json_schema.name)}': ${listed}.`;
}

/** Starts the server on 127.0.0.1 and an ephemeral port. */
export async function startLoopbackModelServer(script: LoopbackScript, options: LoopbackModelServerOptions = {}): Promise<LoopbackModelServer> {
  const queues = new Map<string | null, LoopbackStep[]>();
  if (Array.isArray(script)) queues.set(null, [...script]);
  else for (const [model, steps] of Object.entries(script.models)) queues.set(model, [...steps]);
  const listed = Array.isArray(script) ? (options.models ?? ['loopback-model']) : Object.keys(script.models);
  const random = seededRandom(options.seed ?? 20_240_601);
  const requests: RecordedModelRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let replyCount = 0;

  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const stream = async (response: ServerResponse, reply: LoopbackReply, model: string, id: string, promptText: string): Promise<void> => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    response.flushHeaders();
    const pieceLength = (): number => 1 + Math.floor(random() * 5);
    const events = replyToChunks(reply, { model, id, pieceLength }, promptText).map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`);
    const cutAfter = reply.stallAfter ?? reply.dropAfter;
    const sent = cutAfter !== undefined ? events.slice(0, cutAfter).join('') : `${events.join('')}data: [DONE]\n\n`;
    const bytes = Buffer.from(`: loopback stream\n\n${sent}`, 'utf8');
    // Cut the bytes anywhere (mid-line, mid-UTF-8) and yield between writes so cuts reach the client.
    for (let start = 0; start < bytes.length && !closed && !response.destroyed; ) {
      const end = Math.min(bytes.length, start + 1 + Math.floor(random() ** 2 * 160)); // mostly short cuts, some long
      response.write(bytes.subarray(start, end));
      start = end;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (response.destroyed || reply.stallAfter !== undefined) return; // a stalled stream stays open until the client gives up or close()
    if (reply.dropAfter !== undefined) response.socket?.destroy();
    else response.end();
  };

  const answer = async (response: ServerResponse, body: LoopbackRequestBody, native = false): Promise<void> => {
    const model = typeof body.model === 'string' ? body.model : '';
    const refusal = options.strictSchemas === false ? undefined : strictSchemaRefusal(body);
    if (refusal) return sendJson(response, 400, errorBody(refusal, 'invalid_request_error'));
    const queue = Array.isArray(script) ? queues.get(null)! : queues.get(model);
    if (queue === undefined) {
      return sendJson(response, 404, errorBody(`The model "${model}" does not exist on this loopback server.`, 'invalid_request_error', 'model_not_found'));
    }
    const step = queue.shift();
    if (step === undefined) {
      return sendJson(response, 500, errorBody(`loopback model server: no scripted reply left for model "${model}".`, 'server_error'));
    }
    const reply = typeof step === 'function' ? await step(body) : step;
    replyCount += 1;
    if (reply.delayMs !== undefined && reply.delayMs > 0) await pause(reply.delayMs);
    if (closed || response.destroyed) return;
    if (reply.hang === true || reply.error === 'model_timeout') return; // left open until the client gives up or close()
    if (reply.error === 'model_unreachable') {
      response.socket?.destroy();
      return;
    }
    if (reply.status !== undefined || reply.error !== undefined) {
      const status = reply.status ?? 500;
      return sendJson(response, status, errorBody(reply.message ?? `scripted HTTP ${status}`, status >= 500 ? 'server_error' : 'invalid_request_error', reply.error ?? null));
    }
    if (reply.rawBody !== undefined) {
      response.writeHead(200, { 'content-type': reply.contentType ?? 'application/json' });
      response.end(reply.rawBody);
      return;
    }
    const id = `chatcmpl-loopback-${replyCount}`;
    const promptText = (body.messages ?? []).map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
    if (native) {
      const completion = replyToCompletion(reply, { model, id }, promptText) as { choices: Array<{ message: Record<string, unknown> }> };
      return sendJson(response, 200, toOllamaChatAnswer(completion.choices[0]!.message, model, Math.ceil(promptText.length / 4)));
    }
    if (body.stream === true) return stream(response, reply, model, id, promptText);
    sendJson(response, 200, replyToCompletion(reply, { model, id }, promptText));
  };

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!.replace(/^\/v1(?=\/)/, '');
    const record: RecordedModelRequest = { method: request.method ?? 'GET', path: request.url ?? '/', headers: { ...request.headers }, body: null, abandoned: false };
    requests.push(record);
    response.on('close', () => {
      if (!response.writableFinished && !closed) record.abandoned = true;
    });
    const handle = async (): Promise<void> => {
      const fullPath = (request.url ?? '/').split('?')[0]!;
      const discoveryPath = path === '/models' ? '/v1/models' : fullPath;
      if (request.method === 'GET' || discoveryPath === '/api/show') {
        const posted = request.method === 'POST' ? await readBody(request).then((text) => JSON.parse(text) as unknown).catch(() => null) : null;
        if (request.method === 'POST') record.body = posted as LoopbackRequestBody | null;
        const found = discoveryAnswer(options.emulate, request.method ?? 'GET', discoveryPath, listed, posted);
        if (found !== undefined) {
          const failed = found as { status?: number; error?: string };
          return typeof failed.status === 'number' ? sendJson(response, failed.status, { error: failed.error }) : sendJson(response, 200, found);
        }
      }
      const native = options.emulate?.kind === 'ollama' && request.method === 'POST' && fullPath === '/api/chat';
      if (!native && (request.method !== 'POST' || path !== '/chat/completions')) {
        return sendJson(response, 404, errorBody(`No route for ${request.method} ${request.url}.`, 'invalid_request_error'));
      }
      let body: LoopbackRequestBody;
      try {
        body = JSON.parse(await readBody(request)) as LoopbackRequestBody;
      } catch (error) {
        return sendJson(response, 400, errorBody(`The request body is not JSON: ${(error as Error).message}`, 'invalid_request_error'));
      }
      record.body = body;
      await answer(response, body, native);
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, errorBody(`loopback model server failed: ${(error as Error).message}`, 'server_error'));
      else response.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    remaining(model?: string): number {
      return (Array.isArray(script) ? queues.get(null) : queues.get(model ?? ''))?.length ?? 0;
    },
    close(): Promise<void> {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
