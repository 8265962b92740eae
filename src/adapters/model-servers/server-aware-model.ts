import type { ContextWindow, ModelRequest, ModelResponse } from '../../protocol/index.js';
import type { Model } from '../../core/ports/index.js';
import { estimateRequestTokens, replyReserve } from '../../core/loop/index.js';
import { redactError, secretsOf } from '../openai-compatible-model/index.js';
import { identifyServer, ollamaModelContext, OLLAMA_DEFAULT_CONTEXT, type IdentifyOptions, type ServerFacts } from './identify-server.js';
import { ollamaChat } from './ollama-chat.js';
import { kindInfo, serverOrigin, type ModelServerKind } from './server-kinds.js';

/** What the model learnt about its server: which one it is and the model's window there. */
export interface ModelServerInfo {
  kind: ModelServerKind;
  name: string;
  window: ContextWindow | null;
  /** Ollama: the window its OpenAI-compatible endpoint gives without `num_ctx`. */
  defaultWindowTokens?: number;
}

export interface ServerAwareModelOptions {
  baseUrl: string;
  apiKey?: string | null;
  timeoutMs?: number;
  /** How the server is identified (tests pass their own); default: asking its APIs. */
  identify?: (baseUrl: string, options: IdentifyOptions) => Promise<ServerFacts>;
}

/** Ollama windows are asked for in steps of this many tokens, so similar prompts reuse one loaded context. */
const OLLAMA_CONTEXT_STEP = 2048;
/** How long an unanswered identification is remembered before the server is asked again. */
const RETRY_AFTER_MS = 30_000;

function sameModel(listed: string, wanted: string): boolean {
  const a = listed.toLowerCase();
  const b = wanted.toLowerCase();
  return a === b || a === `${b}:latest` || b === `${a}:latest` || a.endsWith(`/${b}`);
}

/**
 * A model behind an OpenAI-compatible server that knows its server: it learns, once, which server
 * it talks to and the model's context window there (so the harness can fit every prompt into it),
 * and sends a prompt too long for Ollama's default window through Ollama's native `/api/chat`
 * with a `num_ctx` large enough, instead of letting Ollama cut it silently. Every failure, on
 * either path, leaves it with the key scrubbed: this is the one redaction boundary for all kinds.
 */
export class ServerAwareModel implements Model {
  readonly name: string;
  readonly endpoint: string;
  private info: Promise<ModelServerInfo> | undefined;
  /** When to ask again: set when the server did not answer (0: never). */
  private askAgainAt = 0;
  /** What is sent to the server and must not come back in an answer, a trace or a file. */
  private readonly secrets: string[];

  constructor(
    private readonly inner: Model,
    private readonly options: ServerAwareModelOptions,
  ) {
    this.name = inner.name;
    this.endpoint = inner.endpoint;
    this.secrets = secretsOf(options.apiKey);
  }

  /** Which server this is and the model's window there (asked once; asked again later if nothing answered). */
  server(): Promise<ModelServerInfo> {
    if (!this.info || (this.askAgainAt !== 0 && Date.now() >= this.askAgainAt)) {
      this.askAgainAt = 0;
      this.info = this.learn();
    }
    return this.info;
  }

  private async learn(): Promise<ModelServerInfo> {
    const identify = this.options.identify ?? identifyServer;
    const lookup = { apiKey: this.options.apiKey ?? null, timeoutMs: 1500 };
    const facts = await identify(this.options.baseUrl, lookup).catch(() => null);
    const kind = facts?.kind ?? 'openai-compatible';
    const setting = kindInfo(kind).contextSetting;
    const listed = facts?.models.find((model) => sameModel(model.id, this.name));
    let tokens = listed?.contextTokens ?? null;
    let defaultWindowTokens = listed?.defaultContextTokens;
    if (kind === 'ollama' && !listed) {
      // Models not in the list (a tag pulled since) are asked about directly.
      const context = await ollamaModelContext(serverOrigin(this.options.baseUrl), this.name, lookup);
      tokens = context.max ?? context.numCtx;
      defaultWindowTokens = context.numCtx ?? OLLAMA_DEFAULT_CONTEXT;
    }
    if (kind === 'llamacpp' && tokens === null) tokens = facts?.models.find((model) => model.contextTokens !== null)?.contextTokens ?? null;
    const info: ModelServerInfo = {
      kind,
      name: kindInfo(kind).name,
      window: tokens === null ? null : { tokens, source: kind === 'openai-compatible' || kind === 'jan' ? 'models-list' : kind, setting },
      ...(kind === 'ollama' ? { defaultWindowTokens: defaultWindowTokens ?? OLLAMA_DEFAULT_CONTEXT } : {}),
    };
    if (!facts?.reachable) this.askAgainAt = Date.now() + RETRY_AFTER_MS;
    return info;
  }

  async contextWindow(): Promise<ContextWindow | null> {
    return (await this.server()).window;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    try {
      return await this.send(request);
    } catch (error) {
      // Error bodies are the server's words: a 401 may quote the key it was sent, whichever API answered.
      throw redactError(error, this.secrets);
    }
  }

  /** Sends through Ollama's native API when the prompt outgrows its default window, else through the inner model. */
  private async send(request: ModelRequest): Promise<ModelResponse> {
    const info = await this.server();
    if (info.kind === 'ollama' && info.defaultWindowTokens !== undefined) {
      const window = info.window ?? { tokens: info.defaultWindowTokens, source: 'ollama' as const, setting: kindInfo('ollama').contextSetting };
      const needed = estimateRequestTokens(request) + replyReserve(request, window);
      if (needed > info.defaultWindowTokens) {
        const stepped = Math.ceil(needed / OLLAMA_CONTEXT_STEP) * OLLAMA_CONTEXT_STEP;
        const numCtx = info.window ? Math.min(info.window.tokens, stepped) : stepped;
        return ollamaChat(request, { origin: serverOrigin(this.options.baseUrl), model: this.name, numCtx, apiKey: this.options.apiKey ?? null, timeoutMs: this.options.timeoutMs ?? 120_000 });
      }
    }
    return this.inner.complete(request);
  }
}
