import type { AppendEventInput, TraceStore } from '../ports/index.js';
import type { SecretScrubber } from '../secrets/index.js';
import { capPrompt } from '../traces/index.js';
import { stripReasoning } from '../tool-calls/index.js';
import type { ChatMessage } from '../../protocol/index.js';
import type { PromptFit } from './fit-prompt.js';

const MAX_TEXT_IN_TRACE = 4000;

function cap(text: string): { text: string; truncated: boolean } {
  return text.length <= MAX_TEXT_IN_TRACE ? { text, truncated: false } : { text: `${text.slice(0, MAX_TEXT_IN_TRACE)}…`, truncated: true };
}

/** The prompt as one text, the way it is hashed and capped in `llm.request` events. */
export function renderMessages(messages: readonly ChatMessage[]): string {
  return messages.map((message) => `[${message.role}] ${message.content}`).join('\n');
}

/**
 * Writes one round's trace events, scrubbing every payload of secrets first (SPEC §9: nothing
 * stored holds a raw credential) and capping long texts.
 */
export class TurnTracer {
  constructor(
    private readonly traces: TraceStore,
    readonly roundId: string,
    private readonly scrubber: SecretScrubber,
    private readonly allow: ReadonlySet<string>,
  ) {}

  async event(event: AppendEventInput): Promise<void> {
    const { value } = await this.scrubber.scrubValue(event.payload, { allow: this.allow });
    await this.traces.appendEvent(this.roundId, { ...event, payload: value });
  }

  /**
   * The prompt is scrubbed message by message before it is joined and capped: each step of a turn
   * resends the earlier messages, which the scrubber then knows are clean, and a secret is never
   * cut in half by the cap before it is found.
   */
  async llmRequest(model: string, messages: readonly ChatMessage[], extra: Record<string, unknown> = {}): Promise<void> {
    const scrubbed = await Promise.all(messages.map(async (message) => ({ ...message, content: (await this.scrubber.scrub(message.content, { allow: this.allow })).text })));
    const prompt = capPrompt(renderMessages(scrubbed));
    const { value } = await this.scrubber.scrubValue({ model, ...extra }, { allow: this.allow });
    await this.traces.appendEvent(this.roundId, {
      event_type: 'llm.request',
      payload: { ...value, prompt_hash: prompt.prompt_hash, prompt_head: prompt.prompt_head, prompt_tail: prompt.prompt_tail },
    });
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

  async validator(validatorId: string, code: string, status: 'ok' | 'warn' | 'error' | 'retry', message: string, details?: Record<string, unknown>): Promise<void> {
    await this.event({
      event_type: 'validator.ran',
      payload: { validator_id: validatorId, code, status, message, ...(details ? { details } : {}) },
      status: status === 'error' ? 'failed' : 'ok',
    });
  }
}
