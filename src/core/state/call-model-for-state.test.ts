import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../../adapters/scripted-model/index.js';
import { callModelForState } from './call-model-for-state.js';
import { statePolicy } from './state-policy.js';

const options = { nowMs: () => 0, sleep: async () => undefined };
const request = { messages: [{ role: 'user' as const, content: 'hello' }] };

describe('callModelForState', () => {
  it('default: two retries of a transient failure on the primary', async () => {
    const primary = new ScriptedModel([{ error: 'model_timeout' }, { error: 'model_timeout' }, { content: 'hi' }]);
    const result = await callModelForState({ primary, fallback: null }, request, statePolicy('default'), options);
    expect(result.response.content).toBe('hi');
    expect(primary.requests).toHaveLength(3);
  });

  it('research escalates to the fallback after one retry', async () => {
    const primary = new ScriptedModel([{ error: 'model_timeout' }, { error: 'model_timeout' }, { content: 'never' }]);
    const fallback = new ScriptedModel([{ content: 'from the fallback' }], { name: 'fallback' });
    const result = await callModelForState({ primary, fallback }, request, statePolicy('research'), options);
    expect(primary.requests).toHaveLength(2);
    expect(result).toMatchObject({ usedFallback: true, response: { content: 'from the fallback' } });
  });

  it('action prefers the local model: an HTTP error is retried on the primary before the fallback', async () => {
    const primary = new ScriptedModel([{ status: 503 }, { content: 'local answer' }]);
    const fallback = new ScriptedModel([{ content: 'cloud answer' }], { name: 'fallback' });
    const result = await callModelForState({ primary, fallback }, request, statePolicy('action'), options);
    expect(result).toMatchObject({ usedFallback: false, response: { content: 'local answer' } });
    expect(fallback.requests).toHaveLength(0);
  });

  it('default sends an HTTP error to the fallback at once (SPEC §9)', async () => {
    const primary = new ScriptedModel([{ status: 503 }]);
    const fallback = new ScriptedModel([{ content: 'cloud answer' }], { name: 'fallback' });
    const result = await callModelForState({ primary, fallback }, request, statePolicy('default'), options);
    expect(result).toMatchObject({ usedFallback: true, response: { content: 'cloud answer' } });
  });

  it('policies carry the UI cues and the validation rule', () => {
    expect(statePolicy('action')).toMatchObject({ label: 'Action', verifyAfterApply: true });
    expect(statePolicy('research').modelRetries).toBe(1);
    expect(statePolicy('default').modelRetries).toBe(2);
  });
});
