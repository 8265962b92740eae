import { ControlRoomError, type ModelErrorCode, type ModelRequest, type ModelResponse } from '../../protocol/index.js';
import type { Model } from '../../core/ports/index.js';
import {
  createChatCompletionAggregator,
  modelError,
  parseChatCompletionBody,
  toModelResponse,
  type AggregatedCompletion,
} from '../../core/streaming/index.js';
import { httpFailure } from '../openai-compatible-model/http-failure.js';
import { replyToChunks, replyToCompletion } from './reply-to-wire.js';
import { resolveStep, type ScriptedReply, type ScriptedStep } from './scripted-reply.js';

export interface ScriptedModelOptions {
  /** The model name (default `scripted-model`). */
  name?: string;
  /** Characters per streamed piece (default 6). */
  pieceLength?: number;
}

const TRANSIENT_CODES: ReadonlySet<ModelErrorCode> = new Set(['model_unreachable', 'model_timeout', 'model_empty_response']);

/**
 * A `Model` that answers from a script, for tests and the offline demo. Each call takes the next
 * step; replies go through the same wire decoding as the HTTP adapter (think tags, streamed
 * deltas, empty-reply detection), so behaviour matches a real server. Every request is recorded.
 */
export class ScriptedModel implements Model {
  readonly name: string;
  readonly endpoint = 'scripted';
  /** Every request received, in order (messages copied when received). */
  readonly requests: ModelRequest[] = [];
  private readonly steps: Array<ScriptedStep<ModelRequest>>;
  private readonly pieceLength: number;

  constructor(script: ReadonlyArray<ScriptedStep<ModelRequest>> = [], options: ScriptedModelOptions = {}) {
    this.steps = [...script];
    this.name = options.name ?? 'scripted-model';
    this.pieceLength = options.pieceLength ?? 6;
  }

  /** Appends steps to the script. */
  push(...steps: Array<ScriptedStep<ModelRequest>>): this {
    this.steps.push(...steps);
    return this;
  }

  /** How many scripted steps are left. */
  get remaining(): number {
    return this.steps.length;
  }

  /** Answers with the next scripted step. */
  async complete(request: ModelRequest): Promise<ModelResponse> {
    const started = performance.now();
    const number = this.requests.length + 1;
    this.requests.push({ ...request, messages: request.messages.map((message) => ({ ...message })) });
    if (request.signal?.aborted === true) throw modelError('model_cancelled', `The request to "${this.name}" was cancelled.`, { transient: false });
    const step = this.steps.shift();
    if (step === undefined) {
      throw new ControlRoomError(
        'internal_error',
        `ScriptedModel "${this.name}" has no reply left for request ${number} (its script had ${number - 1}); add a reply to the script.`,
        { fault: 'system' },
      );
    }
    const reply = await resolveStep(step, request);
    if (reply.delayMs !== undefined && reply.delayMs > 0) await this.wait(reply.delayMs, request);
    if (reply.status !== undefined) throw httpFailure(reply.status, JSON.stringify({ error: { message: reply.message ?? `scripted HTTP ${reply.status}` } }), this.endpoint, this.name);
    if (reply.error !== undefined) {
      throw modelError(reply.error, reply.message ?? `ScriptedModel "${this.name}" failed with ${reply.error} as scripted.`, {
        transient: TRANSIENT_CODES.has(reply.error),
      });
    }
    const completion = this.replay(reply, request, `scripted-${number}`);
    return toModelResponse(completion, { requestedModel: this.name, endpoint: this.endpoint, latencyMs: performance.now() - started });
  }

  private replay(reply: ScriptedReply, request: ModelRequest, id: string): AggregatedCompletion {
    const options = { model: this.name, id, pieceLength: this.pieceLength };
    const promptText = request.messages.map((message) => message.content).join('\n');
    if (request.stream !== true) return parseChatCompletionBody(JSON.stringify(replyToCompletion(reply, options, promptText)));
    const aggregator = createChatCompletionAggregator(request.onDelta === undefined ? {} : { onDelta: request.onDelta });
    for (const chunk of replyToChunks(reply, options, promptText)) aggregator.push(chunk);
    aggregator.markDone();
    return aggregator.finish();
  }

  /** Waits `delayMs`, but no longer than the request's timeout and not past its abort signal. */
  private wait(delayMs: number, request: ModelRequest): Promise<void> {
    const timeoutMs = request.timeoutMs;
    const timesOut = timeoutMs !== undefined && delayMs > timeoutMs;
    const cancelled = (): Error => modelError('model_cancelled', `The request to "${this.name}" was cancelled.`, { transient: false });
    if (request.signal?.aborted === true) return Promise.reject(cancelled());
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(cancelled());
      };
      const timer = setTimeout(() => {
        request.signal?.removeEventListener('abort', onAbort);
        if (timesOut) reject(modelError('model_timeout', `ScriptedModel "${this.name}" did not answer within ${timeoutMs} ms.`, { transient: true }));
        else resolve();
      }, timesOut ? timeoutMs : delayMs);
      request.signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
