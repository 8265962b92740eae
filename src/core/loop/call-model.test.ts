import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../../adapters/scripted-model/index.js';
import { callModel } from './call-model.js';

const options = { nowMs: () => 0, sleep: async () => undefined };
const request = { messages: [{ role: 'user' as const, content: 'hello' }] };

describe('callModel: when the fallback model is tried', () => {
  it('on HTTP 4xx/5xx at once by default (SPEC §9)', async () => {
    const primary = new ScriptedModel([{ status: 503 }, { content: 'never' }]);
    const fallback = new ScriptedModel([{ content: 'from the fallback' }], { name: 'fallback' });
    const result = await callModel({ primary, fallback }, request, options);
    expect(result).toMatchObject({ usedFallback: true, response: { content: 'from the fallback' } });
    expect(primary.requests).toHaveLength(1);
  });

  it('after the primary’s retries with after_retries, for HTTP errors and timeouts alike', async () => {
    const primary = new ScriptedModel([{ status: 503 }, { error: 'model_timeout' }, { content: 'local answer' }]);
    const fallback = new ScriptedModel([{ content: 'cloud answer' }], { name: 'fallback' });
    const local = await callModel({ primary, fallback }, request, { ...options, fallbackWhen: 'after_retries' });
    expect(local).toMatchObject({ usedFallback: false, response: { content: 'local answer' } });
    expect(fallback.requests).toHaveLength(0);

    const failing = new ScriptedModel([{ error: 'model_timeout' }, { error: 'model_timeout' }]);
    const escalated = await callModel({ primary: failing, fallback }, request, { ...options, fallbackWhen: 'after_retries', transientRetries: 1 });
    expect(failing.requests).toHaveLength(2);
    expect(escalated).toMatchObject({ usedFallback: true, response: { content: 'cloud answer' } });
  });

  it('never for a cancelled call, and not at all without a fallback', async () => {
    const fallback = new ScriptedModel([{ content: 'x' }], { name: 'fallback' });
    await expect(callModel({ primary: new ScriptedModel([{ error: 'model_cancelled' }]), fallback }, request, { ...options, fallbackWhen: 'after_retries' })).rejects.toMatchObject({ code: 'model_cancelled' });
    await expect(callModel({ primary: new ScriptedModel([{ status: 400 }]), fallback: null }, request, { ...options, fallbackWhen: 'after_retries' })).rejects.toMatchObject({ code: 'model_http_error' });
    expect(fallback.requests).toHaveLength(0);
  });
});
