import { describe, expect, it } from 'vitest';
import { LlamaCppModel, loadLlamaModule } from './llama-cpp-model.js';
import { toLlamaHistory } from './to-llama-history.js';

describe('LlamaCppModel', () => {
  it('says clearly what to do when node-llama-cpp is not installed', async () => {
    const model = new LlamaCppModel({ modelPath: '/models/qwen.gguf', load: () => loadLlamaModule('node-llama-cpp-not-installed') });
    await expect(model.complete({ messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({
      code: 'model_not_configured',
      message: expect.stringContaining('npm install node-llama-cpp'),
    });
    expect(model.endpoint).toBe('gguf:/models/qwen.gguf');
  });

  it('maps chat messages to llama history, tool results as user turns, and the last user turn as the prompt', () => {
    const { history, prompt } = toLlamaHistory([
      { role: 'system', content: 'rules' },
      { role: 'user', content: 'read the outline' },
      { role: 'assistant', content: '{"tool":"file_reader"}' },
      { role: 'tool', content: '{"receipt_id":"rcpt_x"}', toolCallId: 'c1' },
      { role: 'user', content: 'now answer' },
    ]);
    expect(prompt).toBe('now answer');
    expect(history).toEqual([
      { type: 'system', text: 'rules' },
      { type: 'user', text: 'read the outline' },
      { type: 'model', response: ['{"tool":"file_reader"}'] },
      { type: 'user', text: 'Tool result (JSON):\n{"receipt_id":"rcpt_x"}' },
    ]);
  });

  it('generates steps with a response format under a JSON-schema grammar (through the node-llama-cpp interface)', async () => {
    const calls: Array<{ grammar?: unknown; history?: unknown }> = [];
    const fake = {
      getLlama: async () => ({
        loadModel: async () => ({ createContext: async () => ({ getSequence: () => ({}), dispose: async () => undefined }) }),
        createGrammarForJsonSchema: async (schema: Record<string, unknown>) => ({ grammarFor: schema }),
      }),
      LlamaChatSession: class {
        private history: unknown;
        setChatHistory(history: unknown) { this.history = history; }
        async prompt(_text: string, options: { grammar?: unknown }) { calls.push({ grammar: options.grammar, history: this.history }); return '{"action":"final","nonce":"n"}'; }
        dispose() {}
      },
    };
    const model = new LlamaCppModel({ modelPath: 'm.gguf', load: async () => fake });
    const schema = { type: 'object', properties: { action: { const: 'final' } } };
    const response = await model.complete({ messages: [{ role: 'user', content: 'decide' }], responseFormat: { type: 'json_schema', json_schema: { name: 'decision', strict: true, schema } } });
    expect(response.content).toBe('{"action":"final","nonce":"n"}');
    expect(calls[0]!.grammar).toEqual({ grammarFor: schema });
  });
});
