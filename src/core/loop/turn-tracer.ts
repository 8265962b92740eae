import type { AppendEventInput, FinishRoundInput, TraceStore } from '../ports/index.js';
import type { SecretScrubber } from '../secrets/index.js';
import { capPrompt } from '../traces/index.js';
import { stripReasoning } from '../tool-calls/index.js';
import type { ChatMessage, RetryRecord } from '../../protocol/index.js';
import type { PromptFit } from './fit-prompt.js';

const MAX_TEXT_IN_TRACE = 4000;

function cap(text: string): { text: string; truncated: boolean } {
  return text.length <= MAX_TEXT_IN_TRACE ? { text, truncated: false } : { text: `${text.slice(0, MAX_TEXT_IN_TRACE)}…`, truncated: true };
}

/** The prompt as one text, the way it is hashed and capped in `llm.request` events. */
export function renderMessages(messages: readonly ChatMessage[]): string {
  return messages.map((message) => `[${message.role}] ${message.content}`).join('\n');
}

/** An event waiting in a held tracer: scrubbed and stored by the next `flush`. */
type HeldEvent = { kind: 'event'; event: AppendEventInput } | { kind: 'request'; model: string; messages: readonly ChatMessage[]; extra: Record<string, unknown> };

/**
 * Writes one round's trace events, scrubbing every payload of secrets first (SPEC §9: nothing
 * stored holds a raw credential) and capping long texts.
 *
 * By default each event is stored before its call resolves. A held tracer (`hold`) keeps the
 * events of a step in memory and stores them together at `flush` — one transaction instead of
 * one per event — so a turn writes at the points that matter: after its receipts are on disk
 * (an event may name a receipt only once it is durable), before anything is shown, at the end.
 */
export class TurnTracer {
  private held: HeldEvent[] | null = null;
  /** The previous store of held events: the next one hands its events to the store after it. */
  private storing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly traces: TraceStore,
    readonly roundId: string,
    private readonly scrubber: SecretScrubber,
    private readonly allow: ReadonlySet<string>,
  ) {}

  /** True while events wait for `flush`. */
  get holding(): boolean {
    return this.held !== null;
  }

  /** Keeps events in memory from now on, until `flush` (or `release`) stores them. */
  hold(): void {
    this.held ??= [];
  }

  /** Stores every held event, in order, in one go; the tracer keeps holding. */
  async flush(): Promise<void> {
    await Promise.all(await this.storeHeld());
  }

  /** Stores every held event and goes back to storing each event as it comes. */
  async release(): Promise<void> {
    const stored = await this.storeHeld();
    this.held = null;
    await Promise.all(stored);
  }

  /** Stores every held event and finishes the round in the same write; the tracer stops holding. */
  async finishRound(input: FinishRoundInput): Promise<void> {
    const stored = await this.storeHeld();
    this.held = null;
    // Queued behind the events in the same tick, so the store commits them together.
    const finished = this.traces.finishRound(this.roundId, input);
    await Promise.all([...stored, finished]);
  }

  async event(event: AppendEventInput): Promise<void> {
    if (this.held !== null) {
      this.held.push({ kind: 'event', event });
      return;
    }
    await this.traces.appendEvent(this.roundId, await this.scrubbed(event));
  }

  /**
   * The prompt is scrubbed message by message before it is joined and capped: each step of a turn
   * resends the earlier messages, which the scrubber then knows are clean, and a secret is never
   * cut in half by the cap before it is found.
   */
  async llmRequest(model: string, messages: readonly ChatMessage[], extra: Record<string, unknown> = {}): Promise<void> {
    // The loop goes on adding to its message list: a held request keeps the list as it is now.
    const held = { kind: 'request' as const, model, messages: [...messages], extra };
    if (this.held !== null) {
      this.held.push(held);
      return;
    }
    await this.traces.appendEvent(this.roundId, await this.requestEvent(held));
  }
  /**
   * A model's reply: the visible text, and apart from it the reasoning — the provider's separate
   * `reasoning` (passed in `extra.reasoning`) and any thinking inside the content (`<think>`,
   * harmony channels). Reasoning is kept here for the record; it is never the answer.
   */
  async llmResponse(model: string, latencyMs: number, text: string, extra: Record<string, unknown> & { reasoning?: string } = {}): Promise<void> {
    const { reasoning: separate, ...rest } = extra;
    const split = stripReasoning(text);
    const reasoning = [separate?.trim() ?? '', ...split.reasoning].filter((part) => part !== '').join('\n\n');
    const capped = cap(split.text);
    const thought = reasoning === '' ? {} : { reasoning: cap(reasoning).text };
    await this.event({ event_type: 'llm.response', payload: { model, latency_ms: latencyMs, text: capped.text, truncated: capped.truncated, ...thought, ...rest } });
  }

  /** Tool output cut so a prompt fits the model's context window: which messages, from what size to what. */
  async promptTrimmed(fit: PromptFit, model: string): Promise<void> {
    const message = `Tool output was cut to fit ${model}'s context window of ${fit.windowTokens} tokens (about ${fit.estimatedTokens} → ${fit.fittedTokens} tokens, ${fit.replyTokens} kept for the reply).`;
    await this.validator('context_window', 'prompt_trimmed', 'warn', message, { model, ...fit });
  }

  /** A call sent again (a model after a transient failure, a tool call after invalid output, a tool after a transient error). */
  async retried(retry: RetryRecord, attempt: number): Promise<void> {
    const what = retry.kind === 'model' ? `The call to ${retry.target}` : retry.kind === 'tool' ? `The run of ${retry.target}` : `The tool call`;
    await this.validator('retry_policy', retry.code, 'retry', `${what} failed (${retry.code}); retry ${attempt}.`, { kind: retry.kind, target: retry.target, attempt });
  }

  async validator(validatorId: string, code: string, status: 'ok' | 'warn' | 'error' | 'retry', message: string, details?: Record<string, unknown>): Promise<void> {
    await this.event({
      event_type: 'validator.ran',
      payload: { validator_id: validatorId, code, status, message, ...(details ? { details } : {}) },
      status: status === 'error' ? 'failed' : 'ok',
    });
  }

  /**
   * Scrubs every held event (all at once), then hands them to the store in order without waiting
   * in between, so they share the store's next write. Returns the stores' promises.
   */
  private async storeHeld(): Promise<Array<Promise<unknown>>> {
    const held = this.held?.splice(0) ?? [];
    if (held.length === 0) return [];
    const scrubbing = Promise.all(held.map((entry) => (entry.kind === 'event' ? this.scrubbed(entry.event) : this.requestEvent(entry))));
    const previous = this.storing;
    const stored = scrubbing.then(async (events) => {
      await previous;
      return events.map((event) => this.traces.appendEvent(this.roundId, event));
    });
    this.storing = stored.catch(() => undefined);
    return stored;
  }

  private async scrubbed(event: AppendEventInput): Promise<AppendEventInput> {
    const { value } = await this.scrubber.scrubValue(event.payload, { allow: this.allow });
    return { ...event, payload: value };
  }

  private async requestEvent(request: { model: string; messages: readonly ChatMessage[]; extra: Record<string, unknown> }): Promise<AppendEventInput> {
    const { allow } = this;
    const scrubbed = await Promise.all(request.messages.map(async (message) => ({ ...message, content: (await this.scrubber.scrub(message.content, { allow })).text })));
    const prompt = capPrompt(renderMessages(scrubbed));
    // Joined and cut from messages scrubbed one by one: the trace store's boundary need not scan
    // the growing prompt again at every step. It needs the allow list only if a message did.
    const marked = scrubbed.every((message) => this.scrubber.knownClean(message.content)) ? {} : { allow };
    this.scrubber.markClean(prompt.prompt_head, marked);
    this.scrubber.markClean(prompt.prompt_tail, marked);
    const { value } = await this.scrubber.scrubValue({ model: request.model, ...request.extra }, { allow });
    return {
      event_type: 'llm.request',
      payload: { ...value, prompt_hash: prompt.prompt_hash, prompt_head: prompt.prompt_head, prompt_tail: prompt.prompt_tail },
    };
  }
}
