import { isControlRoomError, type ModelRequest, type ModelResponse } from '../../protocol/index.js';
import type { Model } from '../../core/ports/index.js';
import { modelError, parseChatCompletionBody, toModelResponse, type AggregatedCompletion } from '../../core/streaming/index.js';
import { fetchFailure, isFetchFailure, type FailureContext } from './fetch-failure.js';
import { httpFailure } from './http-failure.js';
import { postRequest, readText } from './post-request.js';
import { redactError, secretsOf } from './redact-key.js';
import { readEventStream } from './read-event-stream.js';
import { toWireRequest } from './to-wire-request.js';
import { wireRequestText } from './wire-request-text.js';

export interface OpenAiCompatibleModelOptions {
  /** The OpenAI-compatible base, e.g. `http://127.0.0.1:1234/v1` (LM Studio) or `http://127.0.0.1:11434/v1` (Ollama). */
  baseUrl: string;
  /** The model name sent with every request. */
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string | null;
  /** Default for requests that do not set `timeoutMs`; local models can be slow to load. */
  timeoutMs?: number;
  /** Default for requests that do not set `stream`. */
  stream?: boolean;
  /** Extra headers (e.g. an OpenRouter `HTTP-Referer`). */
  headers?: Record<string, string>;
}

export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;

/** A chat model behind any OpenAI-compatible `/chat/completions` endpoint, over node:http(s) with keep-alive. */
export class OpenAiCompatibleModel implements Model {
  readonly name: string;
  readonly endpoint: string;
  private readonly options: OpenAiCompatibleModelOptions;
  /** What this model sends that a server must not get to echo into answers, traces or files. */
  private readonly secrets: string[];

  constructor(options: OpenAiCompatibleModelOptions) {
    const baseUrl = options.baseUrl.trim().replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]/i.test(baseUrl)) {
      throw modelError('model_not_configured', `The model base URL ${JSON.stringify(options.baseUrl)} is not an http(s) URL; set CONTROL_ROOM_LLM_BASE_URL, e.g. http://127.0.0.1:1234/v1.`, { transient: false });
    }
    if (options.model.trim() === '') {
      throw modelError('model_not_configured', `No model name is set for ${baseUrl}; set CONTROL_ROOM_LLM_MODEL or the agent endpoint's model.`, { transient: false });
    }
    this.options = options;
    this.secrets = secretsOf(options.apiKey, options.headers);
    this.name = options.model;
    this.endpoint = baseUrl;
  }

  /** Sends one chat completion; streams when asked, and fails with a `MODEL_ERROR_CODES` error. */
  async complete(request: ModelRequest): Promise<ModelResponse> {
    const started = performance.now();
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
    // A plain timer, cleared when the call ends: AbortSignal.timeout cost about 80 µs a call here.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), timeoutMs);
    timer.unref();
    const timeoutSignal = deadline.signal;
    const context: FailureContext = {
      endpoint: this.endpoint,
      model: this.name,
      timeoutMs,
      callerSignal: request.signal,
      timeoutSignal,
      responseStarted: false,
    };
    if (request.signal?.aborted === true) {
      clearTimeout(timer);
      throw fetchFailure(request.signal.reason, context);
    }
    const signal = request.signal === undefined ? timeoutSignal : AbortSignal.any([request.signal, timeoutSignal]);
    const stream = request.stream ?? this.options.stream ?? false;
    const body = wireRequestText(toWireRequest(this.name, request, stream));
    try {
      const response = await postRequest(`${this.endpoint}/chat/completions`, { headers: this.headers(stream), body, signal });
      context.responseStarted = true;
      if (response.status < 200 || response.status > 299) throw httpFailure(response.status, await readText(response.body), this.endpoint, this.name);
      // Some servers ignore `stream: true` and answer with one JSON body; both are read.
      const completion: AggregatedCompletion = response.contentType.includes('text/event-stream')
        ? await readEventStream(response.body, request.onDelta)
        : parseChatCompletionBody(await readText(response.body));
      if (!completion.finished) {
        throw modelError('model_bad_response', `The stream from ${this.endpoint} ended before the reply finished (no finish reason, no [DONE]); try again.`, {
          transient: true,
        });
      }
      return toModelResponse(completion, { requestedModel: this.name, endpoint: this.endpoint, latencyMs: performance.now() - started });
    } catch (error) {
      // Error bodies are the server's words: a 401 may quote the key it was sent.
      if (isControlRoomError(error)) throw redactError(error, this.secrets);
      if (isFetchFailure(error)) throw redactError(fetchFailure(error, context), this.secrets);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private headers(stream: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: stream ? 'text/event-stream' : 'application/json',
      ...this.options.headers,
    };
    const apiKey = this.options.apiKey;
    if (apiKey !== undefined && apiKey !== null && apiKey !== '') headers['authorization'] = `Bearer ${apiKey}`;
    return headers;
  }
}
