import { describe, expect, it } from 'vitest';
import { SecretlintScanner } from '../../adapters/secretlint-scanner/index.js';
import { makeFakeCredentials } from '../../../test/support/fake-credentials.js';
import { MemorySecretVault, SecretScrubber } from '../secrets/index.js';
import { InMemoryTraceStore } from '../traces/index.js';
import { TurnTracer } from './turn-tracer.js';

async function tracerWith(allow: Set<string> = new Set()) {
  const traces = new InMemoryTraceStore();
  const round = await traces.beginRound({ conversation_id: 'session-1', state_in: 'default' });
  return { traces, tracer: new TurnTracer(traces, round.round_id, new SecretScrubber(new SecretlintScanner(), new MemorySecretVault()), allow), roundId: round.round_id };
}

describe('TurnTracer.llmRequest', () => {
  it('stores no secret of any message, in the head, the tail or across the cap', async () => {
    const { githubToken, awsSecretAccessKey } = makeFakeCredentials();
    const { traces, tracer, roundId } = await tracerWith();
    // A long prompt is capped to a head and a tail; the second token sits where the cap cuts.
    const filler = 'The harbour lamps burned low. '.repeat(140);
    const messages = [
      { role: 'system' as const, content: `You are Editor. token ${githubToken}` },
      { role: 'user' as const, content: `${filler.slice(0, 3990)} ${awsSecretAccessKey} ${filler}` },
      { role: 'user' as const, content: `Last words: ${githubToken}` },
    ];
    await tracer.llmRequest('loopback-model', messages, { step: 1 });
    const event = (await traces.getRound(roundId))!.events[0]!;
    const stored = JSON.stringify(event.payload);
    expect(stored).not.toContain(githubToken);
    expect(stored).not.toContain(awsSecretAccessKey);
    expect(stored).not.toContain(awsSecretAccessKey.slice(0, 12));
    expect(event.payload).toMatchObject({ model: 'loopback-model', step: 1 });
    expect(String(event.payload['prompt_head'])).toContain('secret_ref:');
  });

  it('keeps the turn nonce, which the allow list names, and the same prompt hashes the same', async () => {
    const nonce = 'n0Nce7QxW2vR9kLm4TzP8aYb';
    const { traces, tracer, roundId } = await tracerWith(new Set([nonce]));
    const messages = [{ role: 'system' as const, content: `TOOL_NONCE: ${nonce}` }];
    await tracer.llmRequest('m', messages);
    await tracer.llmRequest('m', messages);
    const [first, second] = (await traces.getRound(roundId))!.events;
    expect(first!.payload['prompt_head']).toBe(`[system] TOOL_NONCE: ${nonce}`);
    expect(second!.payload['prompt_hash']).toBe(first!.payload['prompt_hash']);
  });
});

describe('TurnTracer held', () => {
  it('keeps events in memory until flushed, then stores them in order, scrubbed, with the prompt as it was', async () => {
    const { githubToken } = makeFakeCredentials();
    const { traces, tracer, roundId } = await tracerWith();
    tracer.hold();
    const messages = [{ role: 'user' as const, content: `look up ${githubToken}` }];
    await tracer.event({ event_type: 'input.received', payload: { raw_text: `token ${githubToken}`, channel: 'text' } });
    await tracer.llmRequest('m', messages, { step: 0 });
    // The loop adds to its list after asking: the held request keeps the list it was given.
    messages.push({ role: 'user', content: 'added later' });
    await tracer.validator('tool_call', 'accepted', 'ok', 'Accepted.');
    expect((await traces.getRound(roundId))!.events).toEqual([]);
    await tracer.flush();
    const stored = (await traces.getRound(roundId))!.events;
    expect(stored.map((event) => event.event_type)).toEqual(['input.received', 'llm.request', 'validator.ran']);
    expect(JSON.stringify(stored)).not.toContain(githubToken);
    expect(String(stored[1]!.payload['prompt_head'])).not.toContain('added later');
    expect(tracer.holding).toBe(true);
    await tracer.event({ event_type: 'output.emitted', payload: { text: 'done', channel: 'text' } });
    await tracer.finishRound({ status: 'ok' });
    const finished = (await traces.getRound(roundId))!;
    expect(finished.round.status).toBe('ok');
    expect(finished.events.map((event) => event.event_seq)).toEqual([1, 2, 3, 4]);
    expect(tracer.holding).toBe(false);
  });

  it('stores at once again after release', async () => {
    const { traces, tracer, roundId } = await tracerWith();
    tracer.hold();
    await tracer.event({ event_type: 'input.received', payload: { raw_text: 'one', channel: 'text' } });
    await tracer.release();
    await tracer.event({ event_type: 'output.emitted', payload: { text: 'two', channel: 'text' } });
    expect((await traces.getRound(roundId))!.events.map((event) => event.event_type)).toEqual(['input.received', 'output.emitted']);
  });
});
