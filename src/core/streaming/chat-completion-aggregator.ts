import type { ModelDelta, ModelUsage, NativeToolCall } from '../../protocol/index.js';
import { modelError, isTransientHttpStatus } from './model-error.js';
import { createThinkTagSplitter } from './think-tag-splitter.js';
import { createToolCallAssembler } from './tool-call-assembler.js';
import { asObject, indexValue, nonEmptyString, type WireObject } from './wire-values.js';

/** Everything a chat completion said, assembled from its chunks. */
export interface AggregatedCompletion {
  content: string;
  reasoning: string;
  toolCalls: NativeToolCall[];
  finishReason: string | null;
  usage?: ModelUsage;
  /** The model the provider reported, or null when it never said. */
  model: string | null;
  /** True when the stream ended properly: a finish reason or `[DONE]` arrived. */
  finished: boolean;
}

export interface ChatCompletionAggregatorOptions {
  /** Called for each content, reasoning and tool-call delta as it arrives. */
  onDelta?: (delta: ModelDelta) => void;
  /** Called once per tool call, when it is complete and safe to act on. */
  onToolCallComplete?: (call: NativeToolCall) => void;
}

export interface ChatCompletionAggregator {
  /** Applies one parsed `chat.completion.chunk`. */
  push(chunk: unknown): void;
  /** Records that the stream said `[DONE]`. */
  markDone(): void;
  /** Flushes held text, completes open calls and returns the result (idempotent). */
  finish(): AggregatedCompletion;
  /** Tool calls complete so far. */
  readonly completedToolCalls: readonly NativeToolCall[];
}

/** Creates an aggregator for the chunks of one streamed chat completion (choice 0). */
export function createChatCompletionAggregator(options: ChatCompletionAggregatorOptions = {}): ChatCompletionAggregator {
  const onDelta = options.onDelta;
  const contentPieces: string[] = [];
  const reasoningPieces: string[] = [];
  let contentBeforeOrphanClose = -1; // pieces of content that turn out to be reasoning
  let finishReason: string | null = null;
  let usage: ModelUsage | undefined;
  let model: string | null = null;
  let done = false;
  let result: AggregatedCompletion | undefined;

  const addReasoning = (text: string): void => {
    reasoningPieces.push(text);
    onDelta?.({ kind: 'reasoning', text });
  };
  const splitter = createThinkTagSplitter({
    onContent: (text) => {
      contentPieces.push(text);
      onDelta?.({ kind: 'content', text });
    },
    onReasoning: addReasoning,
    onOrphanClose: () => {
      if (contentBeforeOrphanClose === -1) contentBeforeOrphanClose = contentPieces.length;
    },
  });
  const toolCalls = createToolCallAssembler({ onDelta, onComplete: options.onToolCallComplete });

  const applyContent = (content: unknown): void => {
    if (typeof content === 'string') return splitter.push(content);
    if (!Array.isArray(content)) return;
    // Content parts (Mistral's Magistral): text parts are content, thinking parts are reasoning.
    for (const part of content) {
      const record = asObject(part);
      if (record === undefined) continue;
      if (record['type'] === 'thinking') applyThinking(record['thinking']);
      else {
        const text = nonEmptyString(record['text']);
        if (text !== undefined) splitter.push(text);
      }
    }
  };
  const applyThinking = (thinking: unknown): void => {
    if (typeof thinking === 'string') {
      if (thinking !== '') addReasoning(thinking);
      return;
    }
    if (!Array.isArray(thinking)) return;
    for (const part of thinking) {
      const text = nonEmptyString(asObject(part)?.['text']);
      if (text !== undefined) addReasoning(text);
    }
  };

  const applyChoice = (choice: WireObject): void => {
    const delta = asObject(choice['delta']);
    if (delta !== undefined) {
      // Providers name it `reasoning_content` (DeepSeek, Qwen, xAI, llama.cpp, vLLM), `reasoning`
      // (Groq, Ollama's /v1, OpenRouter, LM Studio) or `thinking` (Ollama's own API); a few send
      // two of them with the same text, so one is taken.
      const reasoning = nonEmptyString(delta['reasoning_content']) ?? nonEmptyString(delta['reasoning']) ?? nonEmptyString(delta['thinking']);
      if (reasoning !== undefined) addReasoning(reasoning);
      applyContent(delta['content']);
      const calls = delta['tool_calls'];
      if (Array.isArray(calls)) toolCalls.push(calls);
    }
    const reason = nonEmptyString(choice['finish_reason']);
    if (reason !== undefined) {
      finishReason = reason;
      toolCalls.completeAll();
    }
  };

  return {
    get completedToolCalls() {
      return toolCalls.completed;
    },
    push(chunk: unknown): void {
      const record = asObject(chunk);
      if (record === undefined) {
        throw modelError('model_bad_response', 'The model server sent a stream chunk that is not a JSON object.', {
          transient: false,
          body: JSON.stringify(chunk) ?? String(chunk),
        });
      }
      if (record['error'] !== undefined && record['error'] !== null) throw streamedError(record['error']);
      if (model === null) model = nonEmptyString(record['model']) ?? null;
      const reportedUsage = readUsage(record['usage']);
      if (reportedUsage !== undefined) usage = reportedUsage; // cumulative on some servers: the last wins
      const choices = record['choices'];
      if (!Array.isArray(choices)) return;
      for (const entry of choices) {
        const choice = asObject(entry);
        // Only the first choice is assembled; we never ask for n > 1.
        if (choice !== undefined && (indexValue(choice['index']) ?? 0) === 0) applyChoice(choice);
      }
    },
    markDone(): void {
      done = true;
    },
    finish(): AggregatedCompletion {
      if (result !== undefined) return result;
      splitter.end();
      toolCalls.completeAll();
      let content = contentPieces.join('');
      let reasoning = reasoningPieces.join('');
      if (contentBeforeOrphanClose !== -1) {
        const moved = contentPieces.slice(0, contentBeforeOrphanClose).join('');
        reasoning = moved + reasoning;
        content = content.slice(moved.length);
      }
      if (splitter.sawTag) content = content.trimStart();
      result = { content, reasoning, toolCalls: [...toolCalls.completed], finishReason, model, finished: done || finishReason !== null };
      if (usage !== undefined) result.usage = usage;
      return result;
    },
  };
}

function readUsage(value: unknown): ModelUsage | undefined {
  const record = asObject(value);
  if (record === undefined) return undefined;
  const prompt = record['prompt_tokens'];
  const completion = record['completion_tokens'];
  if (typeof prompt !== 'number' && typeof completion !== 'number') return undefined;
  return { promptTokens: typeof prompt === 'number' ? prompt : 0, completionTokens: typeof completion === 'number' ? completion : 0 };
}

/** An `{"error": …}` object sent inside the stream (OpenAI, LM Studio and vLLM do this mid-stream). */
function streamedError(error: unknown) {
  const record = asObject(error);
  const message = nonEmptyString(record?.['message']) ?? (typeof error === 'string' ? error : 'no message');
  const code = record?.['code'] ?? record?.['status'];
  const status = typeof code === 'number' && code >= 400 && code < 600 ? code : undefined;
  return modelError(
    'model_http_error',
    `The model server reported an error in the middle of its reply: ${message}`,
    { ...(status === undefined ? {} : { status }), transient: status === undefined || isTransientHttpStatus(status), body: JSON.stringify(error) },
  );
}
