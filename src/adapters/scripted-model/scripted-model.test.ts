import { describe, expect, it } from 'vitest';
import type { ModelDelta } from '../../protocol/index.js';
import { findToolNonce } from './scripted-reply.js';
import { ScriptedModel } from './scripted-model.js';

const ask = (content: string) => ({ messages: [{ role: 'user' as const, content }] });

describe('ScriptedModel', () => {
  it('answers from its script in order and records every request', async () => {
    const model = new ScriptedModel([{ content: 'First.' }, { content: 'Second.', reasoning: 'Thinking.' }], { name: 'room-model' });
    await expect(model.complete(ask('one'))).resolves.toMatchObject({ content: 'First.', reasoning: '', model: 'room-model', finishReason: 'stop' });
    await expect(model.complete(ask('two'))).resolves.toMatchObject({ content: 'Second.', reasoning: 'Thinking.' });
    expect(model.requests.map((request) => request.messages[0]!.content)).toEqual(['one', 'two']);
    expect(model.remaining).toBe(0);
    expect(model.endpoint).toBe('scripted');
  });

  it('makes native tool calls with JSON arguments and generated ids', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'file_reader', arguments: { path: 'Canon.md' } }, { name: 'file_locator', arguments: '{"query":"x"}', id: 'mine' }] }]);
    const response = await model.complete(ask('read'));
    expect(response.finishReason).toBe('tool_calls');
    expect(response.toolCalls).toEqual([
      { id: 'call_scripted-1_0', name: 'file_reader', arguments: '{"path":"Canon.md"}' },
      { id: 'mine', name: 'file_locator', arguments: '{"query":"x"}' },
    ]);
  });

  it('streams deltas through the same decoding as a real server, <think> tags included', async () => {
    const model = new ScriptedModel([{ content: '<think>Plan first.</think>The answer is twelve.', toolCalls: [{ name: 'a', arguments: { k: 'v' } }] }], { pieceLength: 3 });
    const deltas: ModelDelta[] = [];
    const response = await model.complete({ ...ask('go'), stream: true, onDelta: (delta) => deltas.push(delta) });
    expect(response).toMatchObject({ content: 'The answer is twelve.', reasoning: 'Plan first.' });
    expect(deltas.filter((delta) => delta.kind === 'content').length).toBeGreaterThan(5);
    expect(deltas.filter((delta) => delta.kind === 'tool-call').map((delta) => (delta.kind === 'tool-call' ? delta.argumentsText ?? '' : '')).join('')).toBe('{"k":"v"}');
  });

  it('builds replies from the request, e.g. echoing the turn nonce', async () => {
    const model = new ScriptedModel([(request) => ({ content: JSON.stringify({ action: 'final', nonce: findToolNonce(request.messages) }) })]);
    const response = await model.complete({
      messages: [
        { role: 'system', content: 'Rules.\nTOOL_NONCE: old' },
        { role: 'user', content: 'Question\nTOOL_NONCE: a1b2c3\nTOOL_CALL_REQUIRED: true' },
      ],
    });
    expect(JSON.parse(response.content)).toEqual({ action: 'final', nonce: 'a1b2c3' });
  });

  it('fails like a real model: HTTP statuses, error codes and empty replies', async () => {
    const model = new ScriptedModel([{ status: 503, message: 'busy' }, { status: 401 }, { error: 'model_unreachable' }, {}]);
    await expect(model.complete(ask('a'))).rejects.toMatchObject({ code: 'model_http_error', details: { status: 503, transient: true } });
    await expect(model.complete(ask('b'))).rejects.toMatchObject({ code: 'model_http_error', details: { status: 401, transient: false } });
    await expect(model.complete(ask('c'))).rejects.toMatchObject({ code: 'model_unreachable', details: { transient: true } });
    await expect(model.complete(ask('d'))).rejects.toMatchObject({ code: 'model_empty_response' });
  });

  it('honours delays, timeouts and cancellation', async () => {
    const model = new ScriptedModel([{ content: 'late', delayMs: 20 }, { content: 'too late', delayMs: 5_000 }, { content: 'never', delayMs: 5_000 }]);
    await expect(model.complete(ask('a'))).resolves.toMatchObject({ content: 'late' });
    await expect(model.complete({ ...ask('b'), timeoutMs: 30 })).rejects.toMatchObject({ code: 'model_timeout' });
    const controller = new AbortController();
    const pending = model.complete({ ...ask('c'), signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(pending).rejects.toMatchObject({ code: 'model_cancelled' });
  });

  it('says clearly when the script has run out', async () => {
    const model = new ScriptedModel([{ content: 'only one' }]).push({ content: 'two' });
    await model.complete(ask('1'));
    await model.complete(ask('2'));
    await expect(model.complete(ask('3'))).rejects.toThrow(/no reply left for request 3 \(its script had 2\)/);
  });
});

describe('findToolNonce', () => {
  it('finds the latest nonce line and ignores messages without one', () => {
    expect(findToolNonce([{ content: 'TOOL_NONCE: first' }, { content: 'no nonce here' }])).toBe('first');
    expect(findToolNonce([{ content: 'TOOL_NONCE: a\r\nTOOL_NONCE: b\r\n' }])).toBe('b');
    expect(findToolNonce([{ content: null }, { content: 'nothing' }])).toBeUndefined();
    expect(findToolNonce(undefined)).toBeUndefined();
  });
});
