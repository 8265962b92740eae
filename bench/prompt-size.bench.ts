/**
 * prompt-size: the first request of a 1:1 turn — the tool prompt with the catalog, protocol and
 * nonce, plus the writer's message — measured in characters and in tokens (o200k and cl100k, the
 * tokenizers of current and earlier OpenAI models; local models' tokenizers land near these). The
 * request is the one the harness really sends, captured at the model boundary of a real turn.
 * Baseline: the same request with the catalog as the first release wrote it (every description,
 * one line per argument and an example per tool), which came to about 8,000 characters.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { openControlRoom } from '../src/adapters/compose/index.js';
import { initWorkspace } from '../src/adapters/fs-workspace/index.js';
import { runChatTurn, type TurnDependencies } from '../src/core/loop/index.js';
import type { Model } from '../src/core/ports/index.js';
import { buildToolCatalog, summarizeArgs, type ToolRegistry } from '../src/core/tools/index.js';
import type { ChatMessage, ModelRequest, ModelResponse, ToolCatalogEntry } from '../src/protocol/index.js';
import { result, type Benchmark } from './harness.js';

const TARGET_CHARS = 5000;
const MESSAGE = 'Does Hester ever mention the colour of her eyes before the storm scene?';

/** The catalog as the first release rendered it: full descriptions, argument lines, an example per tool. */
function verboseCatalog(tools: readonly ToolCatalogEntry[], registry: ToolRegistry): string {
  const blocks = tools.flatMap((entry) => {
    const schema = registry.schemaFor(entry.id);
    if (!schema) return [];
    return [[`- ${entry.id}: ${entry.description}`, '  args:', ...summarizeArgs(schema).map((line) => `    - ${line}`), `  example: ${entry.example}`].join('\n')];
  });
  return ['Tools you can use (they read the writer\'s manuscript):', 'Tools (call exactly one per message as the JSON envelope shown; dry_run: true only describes what would run):', ...blocks].join('\n');
}

/** A model that records the first request and answers in prose, so the turn ends after one call. */
class CapturingModel implements Model {
  readonly name = 'capture';
  readonly endpoint = 'memory';
  first: ChatMessage[] | null = null;
  async complete(request: ModelRequest): Promise<ModelResponse> {
    this.first ??= request.messages.map((message) => ({ ...message }));
    return { content: 'Nothing to look up.', reasoning: '', toolCalls: [], finishReason: 'stop', model: this.name, latencyMs: 0 };
  }
}

async function firstRequest(catalogText?: (registry: ToolRegistry) => string): Promise<ChatMessage[]> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-bench-prompt-'));
  try {
    const dir = path.join(base, 'novel');
    await initWorkspace(dir, { sample: true });
    const model = new CapturingModel();
    const room = await openControlRoom(dir, { env: {}, homeDir: null, modelFactory: () => model });
    try {
      const deps: TurnDependencies = { ...room.turnDependencies(), validateReply: undefined, ...(catalogText ? { catalogText } : {}) };
      await runChatTurn({ message: MESSAGE, sessionId: 'bench-prompt' }, deps);
      return model.first ?? [];
    } finally {
      await room.close();
    }
  } finally {
    await fs.rm(base, { recursive: true, force: true });
  }
}

function size(messages: readonly ChatMessage[]): { chars: number; o200k: number; cl100k: number } {
  const text = messages.map((message) => message.content).join('\n');
  // Each chat message costs a few tokens of framing (role, separators) on top of its text.
  const framing = 4 * messages.length;
  return { chars: text.length, o200k: countO200k(text) + framing, cl100k: countCl100k(text) + framing };
}

const benchmark: Benchmark = {
  name: 'prompt-size',
  async run() {
    const lean = size(await firstRequest());
    const verbose = size(await firstRequest((registry) => verboseCatalog(buildToolCatalog(registry).tools, registry)));
    const figure = (measured: typeof lean): string => `${measured.o200k.toLocaleString('en-US')} tokens (${measured.chars.toLocaleString('en-US')} chars)`;
    return result(
      'prompt-size',
      'first request of a 1:1 turn (Chief of Staff, all nine tools, no memory yet), as sent to the model',
      { label: 'lean tool prompt', opsPerSecond: 1 / lean.o200k, figure: figure(lean) },
      { label: 'full catalog with examples', opsPerSecond: 1 / verbose.o200k, figure: figure(verbose) },
      [
        `o200k tokens: ${lean.o200k} lean vs ${verbose.o200k} full; cl100k tokens: ${lean.cl100k} vs ${verbose.cl100k}`,
        `target: the first request of a turn at most ${TARGET_CHARS.toLocaleString('en-US')} characters including the catalog: ${lean.chars <= TARGET_CHARS ? 'met' : 'NOT met'} (${lean.chars.toLocaleString('en-US')})`,
        `fits a 2,048-token default context (Ollama's old default) with ${Math.max(0, 2048 - lean.o200k)} tokens left for tool output and the reply; the full catalog left ${Math.max(0, 2048 - verbose.o200k)}`,
      ],
    );
  },
};

export default benchmark;
