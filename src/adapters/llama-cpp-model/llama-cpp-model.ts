import { ControlRoomError, type ContextWindow, type ModelRequest, type ModelResponse } from '../../protocol/index.js';
import type { Model } from '../../core/ports/index.js';
import { stripReasoning } from '../../core/tool-calls/index.js';
import { toGbnfJsonSchema } from './to-gbnf-json-schema.js';
import { toLlamaHistory, type LlamaHistoryItem } from './to-llama-history.js';

/** The few node-llama-cpp calls we use, typed here so the package stays an optional dependency. */
export interface LlamaModule {
  getLlama(options?: { build?: 'auto' | 'never'; gpu?: 'auto' | false; logLevel?: 'error' | 'warn' }): Promise<{
    loadModel(options: { modelPath: string }): Promise<{
      readonly trainContextSize?: number;
      createContext(options?: { contextSize?: number | 'auto'; threads?: number }): Promise<{ getSequence(): unknown; dispose(): Promise<void>; readonly contextSize?: number }>;
    }>;
    createGrammarForJsonSchema(schema: Record<string, unknown>): Promise<unknown>;
  }>;
  LlamaChatSession: new (options: { contextSequence: unknown }) => {
    setChatHistory(history: LlamaHistoryItem[]): void;
    prompt(
      text: string,
      options: {
        grammar?: unknown;
        maxTokens?: number;
        temperature?: number;
        seed?: number;
        repeatPenalty?: false;
        signal?: AbortSignal;
        onTextChunk?: (text: string) => void;
      },
    ): Promise<string>;
    dispose(): void;
  };
}

export interface LlamaCppModelOptions {
  modelPath: string;
  /** Loads node-llama-cpp (tests pass a double). */
  load?: () => Promise<LlamaModule>;
  /** Context size of each call's context; default: what node-llama-cpp fits (at most the model's training context). */
  contextSize?: number;
  /** Seed for sampling when a request asks for a temperature above 0. */
  seed?: number;
  /** CPU threads per call (default: node-llama-cpp's choice). One is best for tiny models or a busy machine. */
  threads?: number;
}

const PACKAGE = 'node-llama-cpp';

/** Loads node-llama-cpp only when a GGUF model is configured; a clear error when it is not installed. */
export async function loadLlamaModule(packageName: string = PACKAGE): Promise<LlamaModule> {
  try {
    return (await import(packageName)) as unknown as LlamaModule;
  } catch (error) {
    throw new ControlRoomError(
      'model_not_configured',
      `An embedded GGUF model is configured, but ${PACKAGE} is not installed. Install it with "npm install ${PACKAGE}", or point CONTROL_ROOM_LLM_BASE_URL at a model server instead.`,
      { fault: 'user', cause: error, details: { transient: false } },
    );
  }
}

type Loaded = Awaited<ReturnType<Awaited<ReturnType<LlamaModule['getLlama']>>['loadModel']>>;

/**
 * A model embedded in the process through llama.cpp (node-llama-cpp), for writers without a model
 * server. Steps with a `response_format` are generated under a JSON-schema grammar, so the strict
 * envelope is guaranteed by construction. Only prebuilt (or already built) binaries are used:
 * nothing is downloaded or compiled while a writer waits.
 */
export class LlamaCppModel implements Model {
  readonly name: string;
  readonly endpoint: string;
  private loaded: Promise<{ module: LlamaModule; llama: Awaited<ReturnType<LlamaModule['getLlama']>>; model: Loaded }> | undefined;

  constructor(private readonly options: LlamaCppModelOptions) {
    this.name = options.modelPath.split(/[\\/]/).pop() ?? options.modelPath;
    this.endpoint = `gguf:${options.modelPath}`;
  }

  private load() {
    this.loaded ??= (async () => {
      const module = await (this.options.load ?? loadLlamaModule)();
      try {
        const llama = await module.getLlama({ build: 'never', logLevel: 'error' });
        const model = await llama.loadModel({ modelPath: this.options.modelPath });
        return { module, llama, model };
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        throw new ControlRoomError('model_not_configured', `The embedded model ${this.options.modelPath} could not be loaded: ${detail.slice(0, 300)}`, {
          fault: 'user',
          cause: error,
          details: { transient: false },
        });
      }
    })();
    this.loaded.catch(() => (this.loaded = undefined));
    return this.loaded;
  }

  /** The context window: the context size in use, else the model's training context. */
  async contextWindow(): Promise<ContextWindow | null> {
    const { model } = await this.load();
    const tokens = this.options.contextSize ?? model.trainContextSize;
    if (typeof tokens !== 'number' || tokens <= 0) return null;
    return { tokens, source: 'gguf', setting: 'the model file\'s context length (CONTROL_ROOM_GGUF_PATH)' };
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const started = Date.now();
    const { module, llama, model } = await this.load();
    const context = await model.createContext({
      ...(this.options.contextSize ? { contextSize: this.options.contextSize } : {}),
      ...(this.options.threads ? { threads: this.options.threads } : {}),
    });
    const session = new module.LlamaChatSession({ contextSequence: context.getSequence() });
    try {
      const { history, prompt } = toLlamaHistory(request.messages);
      session.setChatHistory(history);
      const schema = request.responseFormat?.json_schema.schema;
      const grammar = schema ? await llama.createGrammarForJsonSchema(toGbnfJsonSchema(schema) as Record<string, unknown>) : undefined;
      const text = await session.prompt(prompt, {
        // Penalising repeats fights JSON, where quotes and braces repeat by nature.
        ...(grammar ? { grammar, repeatPenalty: false as const } : {}),
        ...(request.maxTokens ? { maxTokens: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(this.options.seed !== undefined ? { seed: this.options.seed } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
        ...(request.onDelta ? { onTextChunk: (chunk: string) => request.onDelta?.({ kind: 'content', text: chunk }) } : {}),
      });
      // Reasoning models think in tags; the answer is what follows, the thinking goes to the trace.
      const split = stripReasoning(text);
      if (split.text === '') {
        throw new ControlRoomError('model_empty_response', 'The embedded model returned no text.', { fault: 'model', details: { transient: true } });
      }
      return { content: split.text, reasoning: split.reasoning.join('\n\n'), toolCalls: [], finishReason: 'stop', model: this.name, latencyMs: Date.now() - started };
    } finally {
      session.dispose();
      await context.dispose();
    }
  }
}
