import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../../adapters/scripted-model/index.js';
import { callModel, forOneTurn } from './call-model.js';
import { isTransientToolError } from '../tool-runs/index.js';

const quick = { nowMs: () => 0, sleep: async () => undefined };
const ask = { messages: [{ role: 'user' as const, content: 'Where is the locket?' }] };

describe('the retry policy of a turn', () => {
  it('stays on the fallback for the rest of the turn once it has answered', async () => {
    const primary = new ScriptedModel([{ status: 503, message: 'overloaded' }, { content: 'late primary' }], { name: 'primary' });
    const fallback = new ScriptedModel([{ content: 'one' }, { content: 'two' }, { content: 'three' }], { name: 'fallback' });
    const turn = forOneTurn({ primary, fallback });
    const answers = [];
    for (let call = 0; call < 3; call += 1) answers.push(await callModel(turn, ask, quick));
    expect(answers.map((answer) => [answer.response.content, answer.usedFallback])).toEqual([
      ['one', true],
      ['two', true],
      ['three', true],
    ]);
    expect(primary.requests).toHaveLength(1);
    expect(turn.turn?.onFallback).toBe(true);
    // A new turn starts on the primary again.
    expect((await callModel(forOneTurn({ primary, fallback }), ask, quick)).response.content).toBe('late primary');
  });

  it('records every retry of a transient failure with its reason, and tells the trace', async () => {
    const primary = new ScriptedModel([{ error: 'model_timeout' }, { error: 'model_unreachable' }, { content: 'ok' }], { name: 'primary' });
    const turn = forOneTurn({ primary, fallback: null });
    const told: Array<[string, number]> = [];
    const called = await callModel(turn, ask, { ...quick, onRetry: (retry, attempt) => void told.push([retry.code, attempt]) });
    expect(called.response.content).toBe('ok');
    expect(turn.turn?.retries).toEqual([
      { kind: 'model', code: 'model_timeout', target: 'primary' },
      { kind: 'model', code: 'model_unreachable', target: 'primary' },
    ]);
    expect(told).toEqual([
      ['model_timeout', 1],
      ['model_unreachable', 2],
    ]);
  });

  it('gives up after two retries and retries nothing that is not transient', async () => {
    const flaky = new ScriptedModel([{ error: 'model_timeout' }, { error: 'model_timeout' }, { error: 'model_timeout' }, { content: 'never' }], { name: 'flaky' });
    await expect(callModel(forOneTurn({ primary: flaky, fallback: null }), ask, quick)).rejects.toMatchObject({ code: 'model_timeout' });
    expect(flaky.requests).toHaveLength(3);
    const refused = new ScriptedModel([{ status: 400, message: 'bad request' }], { name: 'refused' });
    const turn = forOneTurn({ primary: refused, fallback: null });
    await expect(callModel(turn, ask, quick)).rejects.toMatchObject({ code: 'model_http_error' });
    expect(turn.turn?.retries).toEqual([]);
  });

  it('runs a tool again only after a transient error', () => {
    expect(isTransientToolError({ code: 'lock_busy' })).toBe(true);
    expect(isTransientToolError({ code: 'EBUSY' })).toBe(true);
    for (const code of ['path_not_found', 'line_range_invalid', 'tool_args_invalid', 'internal_error']) expect(isTransientToolError({ code })).toBe(false);
    expect(isTransientToolError(undefined)).toBe(false);
  });
});
