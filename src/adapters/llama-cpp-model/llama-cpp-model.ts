import { ControlRoomError, type ModelRequest, type ModelResponse } from '../../protocol/index.js';
import type { Model } from '../../core/ports/index.js';
import { toLlamaHistory, type LlamaHistoryItem } from './to-llama-history.js';

/** The few node-llama-cpp calls we use, typed here so the package stays an optional dependency. */
interface LlamaModule {
  getLlama(): Promise<{
    loadModel(options: { modelPath: string }): Promise<{ createContext(): Promise<{ getSequence(): unknown; dispose(): Promise<void> }> }>;
    createGrammarForJsonSchema(schema: Record<string, unknown>): Promise<unknown>;
  }>;
  LlamaChatSession: new (options: { contextSequence: unknown }) => {
    setChatHistory(history: LlamaHistoryItem[]): void;
    prompt(text: string, options: { grammar?: unknown; maxTokens?: number; signal?: AbortSignal; onTextChunk?: (text: string) => void }): Promise<string>;
    dispose(): void;
  };
}

const PACKAGE = 'node-llama-cpp';

/** Loads node-llama-cpp only when a GGUF model is configured; a clear error when it is not installed. */
async function loadModule(): Promise<LlamaModule> {
  try {
    return (await import(PACKAGE)) as unknown as LlamaModule;
  } catch (error) {
    throw new ControlRoomError(
      'model_not_configured',
      `An embedded GGUF model is configured, but ${PACKAGE} is not installed. Install it with "npm install ${PACKAGE}", or point CONTROL_ROOM_LLM_BASE_URL at a model server instead.`,
      { fault: 'user', cause: error, details: { transient: false } },
    );
  }
}

/**
 * A model embedded in the process through llama.cpp (node-llama-cpp), for writers without a model
 * server. Steps with a `response_format` are generated under a JSON-schema grammar, so the strict
 * envelope is guaranteed by construction.
 */
export class LlamaCppModel implements Model {
  readonly name: string;
  readonly endpoint: string;
  private loaded: Promise<{ module: LlamaModule; llama: Awaited<ReturnType<LlamaModule['getLlama']>>; model: Awaited<ReturnType<Awaited<ReturnType<LlamaModule['getLlama']>>['loadModel']>> }> | undefined;

  constructor(private readonly options: { modelPath: string; load?: () => Promise<LlamaModule> }) {
    this.name = options.modelPath.split(/[\\/]/).pop() ?? options.modelPath;
    this.endpoint = `gguf:${options.modelPath}`;
  }

  private load() {
    this.loaded ??= (async () => {
      const module = await (this.options.load ?? loadModule)();
      const llama = await module.getLlama();
      const model = await llama.loadModel({ modelPath: this.options.modelPath });
      return { module, llama, model };
    })();
    return this.loaded;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const started = Date.now();
    const { module, llama, model } = await this.load();
    const context = await model.createContext();
    const session = new module.LlamaChatSession({ contextSequence: context.getSequence() });
    try {
      const { history, prompt } = toLlamaHistory(request.messages);
      session.setChatHistory(history);
      const grammar = request.responseFormat ? await llama.createGrammarForJsonSchema(request.responseFormat.json_schema.schema) : undefined;
      const text = await session.prompt(prompt, {
        ...(grammar ? { grammar } : {}),
        ...(request.maxTokens ? { maxTokens: request.maxTokens } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
        ...(request.onDelta ? { onTextChunk: (chunk: string) => request.onDelta?.({ kind: 'content', text: chunk }) } : {}),
      });
      if (text.trim() === '') {
        throw new ControlRoomError('model_empty_response', 'The embedded model returned no text.', { fault: 'model', details: { transient: true } });
      }
      return { content: text, reasoning: '', toolCalls: [], finishReason: 'stop', model: this.name, latencyMs: Date.now() - started };
    } finally {
      session.dispose();
      await context.dispose();
    }
  }
}
