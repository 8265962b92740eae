import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

/**
 * One POST over node:http(s) with keep-alive connections. It replaced global `fetch` on the model
 * path: per call, fetch spent about 1.6 ms more CPU than node:http on this machine (ten calls a
 * conference round), which was the largest single share of the harness's own time.
 */
export interface PostedResponse {
  status: number;
  contentType: string;
  /** The body as it arrives; destroying it (or aborting the signal) closes the connection. */
  body: IncomingMessage;
}

/** A transport failure (refused, reset, aborted, timed out), with the cause's `code` when there is one. */
export class TransportError extends Error {
  readonly code: string | undefined;
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = cause instanceof Error && (cause.name === 'AbortError' || cause.name === 'TimeoutError') ? cause.name : 'TransportError';
    const code = (cause as { code?: unknown } | null)?.code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** Sends `body` to `url`; resolves when the headers are in, rejects with a `TransportError`. */
export function postRequest(url: string, options: { headers: Record<string, string>; body: string; signal: AbortSignal }): Promise<PostedResponse> {
  const target = new URL(url);
  const protocol = target.protocol === 'https:' ? 'https:' : 'http:';
  const client = protocol === 'https:' ? https : http;
  return new Promise<PostedResponse>((resolve, reject) => {
    const fail = (error: unknown): void => reject(error instanceof TransportError ? error : new TransportError(error));
    if (options.signal.aborted) return fail(options.signal.reason);
    const request = client.request(
      target,
      { method: 'POST', agent: agents[protocol], headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) } },
      (response) => {
        const contentType = response.headers['content-type'] ?? '';
        resolve({ status: response.statusCode ?? 0, contentType: Array.isArray(contentType) ? contentType.join(', ') : contentType, body: response });
      },
    );
    // Aborting (the caller, or the timeout) destroys the request and, once it arrived, the body.
    const abort = (): void => {
      request.destroy(options.signal.reason instanceof Error ? options.signal.reason : new Error(String(options.signal.reason)));
    };
    options.signal.addEventListener('abort', abort, { once: true });
    request.once('close', () => options.signal.removeEventListener('abort', abort));
    request.on('error', fail);
    request.end(options.body);
  });
}

/** Reads the whole body as UTF-8 text; transport failures become `TransportError`s. */
export async function readText(body: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  try {
    for await (const part of body) parts.push(part as Buffer);
  } catch (error) {
    throw new TransportError(error);
  }
  return Buffer.concat(parts).toString('utf8');
}
