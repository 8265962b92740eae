import { isControlRoomError, type FeatureFlags, type ModelRequest, type ModelResponse, type RetryRecord } from '../../protocol/index.js';
import type { Model } from '../ports/index.js';
import { fitPrompt, type PromptFit } from './fit-prompt.js';

/** The models one agent may use: its own, and the fallback tried once on HTTP 4xx/5xx. */
export interface AgentModels {
  primary: Model;
  fallback: Model | null;
  /** What one turn's calls share: set by `forOneTurn`, so the turn stays on a fallback that answered. */
  turn?: TurnModelState;
}

/** The state of one turn's model calls: whether the fallback took over, and every retry made. */
export interface TurnModelState {
  /** True once the fallback model answered: the rest of the turn goes to it, not to the failing primary. */
  onFallback: boolean;
  retries: RetryRecord[];
}

/** An agent's models for one turn (or round): the same models with a fresh turn state. */
export function forOneTurn(models: AgentModels, state: TurnModelState = { onFallback: false, retries: [] }): AgentModels {
  return { primary: models.primary, fallback: models.fallback, turn: state };
}

/** One model attempt, for traces: which model, and how it failed if it did. */
export interface ModelAttempt {
  model: string;
  ok: boolean;
  code?: string;
  status?: number;
  transient?: boolean;
  message?: string;
  latencyMs: number;
}

export interface CallModelOptions {
  /** Retries of a transient failure (timeout, unreachable, 429, 5xx) before giving up; default 2. */
  transientRetries?: number;
  /** Pause before each retry, in milliseconds; default [250, 1000]. */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  onAttempt?: (attempt: ModelAttempt) => void;
  /**
   * When the fallback model is tried (a conversation state's policy). `on_http_error` (default): at
   * once on HTTP 4xx/5xx, as SPEC §9 says. `after_retries`: only once the primary's retries are
   * spent, for any failure but a cancellation — the local model is preferred.
   */
  fallbackWhen?: 'on_http_error' | 'after_retries';
  /** Told when tool output was cut to fit the model's context window (to record it in the trace). */
  onPromptTrimmed?: (fit: PromptFit, model: string) => void | Promise<void>;
  /** Told before a failed call is sent again (to record the retry and its reason in the trace). */
  onRetry?: (retry: RetryRecord, attempt: number) => void | Promise<void>;
  /** Told as a call is sent again — a retry, or the fallback — so the trace has one `llm.request` per attempt. */
  onResend?: (model: string, request: ModelRequest, reason: { attempt: number; code: string; fallback: boolean }) => void | Promise<void>;
  nowMs: () => number;
}

/**
 * The options of a round's model calls: the dependencies' clock for latency, the round's tracer
 * to record tool output cut to fit a context window, then any overrides they carry (retries,
 * delays, a test's sleep). One place, so every caller times and records calls alike.
 */
export function modelOptionsOf(
  deps: { clock: { nowMs(): number }; modelOptions?: Partial<CallModelOptions>; flags?: Partial<FeatureFlags> },
  tracer?: {
    promptTrimmed(fit: PromptFit, model: string): Promise<void>;
    retried(retry: RetryRecord, attempt: number): Promise<void>;
    llmRequest(model: string, messages: ModelRequest['messages'], extra?: Record<string, unknown>): Promise<void>;
  },
): CallModelOptions {
  // Each re-sent call is its own llm.request event (the traceRetryAttempts flag; on unless switched off).
  const resends = tracer && deps.flags?.traceRetryAttempts !== false;
  return {
    nowMs: () => deps.clock.nowMs(),
    ...(tracer
      ? {
          onPromptTrimmed: (fit: PromptFit, model: string) => tracer.promptTrimmed(fit, model),
          onRetry: (retry: RetryRecord, attempt: number) => tracer.retried(retry, attempt),
        }
      : {}),
    ...(resends
      ? {
          onResend: (model: string, request: ModelRequest, reason: { attempt: number; code: string; fallback: boolean }) =>
            tracer.llmRequest(model, request.messages, { attempt: reason.attempt, resent_after: reason.code, fallback: reason.fallback }),
        }
      : {}),
    ...deps.modelOptions,
  };
}

export interface ModelCallResult {
  response: ModelResponse;
  model: Model;
  usedFallback: boolean;
  attempts: ModelAttempt[];
  /** How the prompt was fitted into the answering model's context window, when the window is known. */
  fit?: PromptFit;
}

/** The request as it may be sent to `model`: fitted into its context window when the model knows it. */
async function fitFor(model: Model, request: ModelRequest, options: CallModelOptions): Promise<{ request: ModelRequest; fit?: PromptFit }> {
  const window = model.contextWindow ? await model.contextWindow().catch(() => null) : null;
  if (!window) return { request };
  const fitted = fitPrompt(request, window);
  if (fitted.fit.trimmed.length > 0) await options.onPromptTrimmed?.(fitted.fit, model.name);
  return fitted;
}

function details(error: unknown): { code: string; status?: number; transient: boolean; message: string } {
  if (isControlRoomError(error)) {
    const status = typeof error.details?.['status'] === 'number' ? (error.details['status'] as number) : undefined;
    const transient = error.details?.['transient'] === true;
    return { code: error.code, ...(status === undefined ? {} : { status }), transient, message: error.message };
  }
  return { code: 'model_bad_response', transient: false, message: error instanceof Error ? error.message : String(error) };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls a model with the retry policy of SPEC §9: HTTP 4xx/5xx from the primary goes once to the
 * fallback model when one is configured; other transient failures are retried up to twice; a
 * cancelled call is never retried. Within one turn (`forOneTurn`), once the fallback has answered
 * every later call goes to it, and each retry is recorded with its reason. Before each attempt the prompt is fitted into that model's
 * context window (tool output cut, or `model_context_exceeded`). Throws the last error when every
 * attempt failed.
 */
export async function callModel(models: AgentModels, request: ModelRequest, options: CallModelOptions): Promise<ModelCallResult> {
  const turn = models.turn;
  if (turn?.onFallback && models.fallback) {
    // The primary failed earlier in this turn and the fallback answered: stay on the fallback.
    const called = await callModel({ primary: models.fallback, fallback: null, turn: { onFallback: false, retries: turn.retries } }, request, options);
    return { ...called, usedFallback: true };
  }
  const attempts: ModelAttempt[] = [];
  const retries = options.transientRetries ?? 2;
  const delays = options.retryDelaysMs ?? [250, 1000];
  const sleep = options.sleep ?? defaultSleep;
  let fit: PromptFit | undefined;
  const attempt = async (model: Model): Promise<ModelResponse> => {
    const started = options.nowMs();
    try {
      const fitted = await fitFor(model, request, options);
      fit = fitted.fit;
      const response = await model.complete(fitted.request);
      const record = { model: model.name, ok: true, latencyMs: options.nowMs() - started };
      attempts.push(record);
      options.onAttempt?.(record);
      return response;
    } catch (error) {
      const failure = details(error);
      const record: ModelAttempt = { model: model.name, ok: false, ...failure, latencyMs: options.nowMs() - started };
      attempts.push(record);
      options.onAttempt?.(record);
      throw error;
    }
  };
  let lastError: unknown;
  let lastCode = '';
  for (let round = 0; round <= retries; round += 1) {
    try {
      if (round > 0) await options.onResend?.(models.primary.name, request, { attempt: round + 1, code: lastCode, fallback: false });
      const response = await attempt(models.primary);
      return { response, model: models.primary, usedFallback: false, attempts, ...(fit ? { fit } : {}) };
    } catch (error) {
      lastError = error;
      const failure = details(error);
      lastCode = failure.code;
      if (failure.code === 'model_cancelled') throw error;
      const late = options.fallbackWhen === 'after_retries';
      if (failure.code === 'model_http_error' && models.fallback && !late) break;
      if (!failure.transient || round === retries) {
        if (late && models.fallback) break;
        throw error;
      }
      turn?.retries.push({ kind: 'model', code: failure.code, target: models.primary.name });
      await options.onRetry?.({ kind: 'model', code: failure.code, target: models.primary.name }, round + 1);
      await sleep(delays[Math.min(round, delays.length - 1)] ?? 0);
    }
  }
  if (!models.fallback) throw lastError;
  await options.onResend?.(models.fallback.name, request, { attempt: attempts.length + 1, code: lastCode, fallback: true });
  const response = await attempt(models.fallback);
  if (turn) turn.onFallback = true;
  return { response, model: models.fallback, usedFallback: true, attempts, ...(fit ? { fit } : {}) };
}
