import { describe, expect, it } from 'vitest';
import { SecretlintScanner } from '../../adapters/secretlint-scanner/index.js';
import { makeFakeCredentials } from '../../../test/support/fake-credentials.js';
import type { ModelRequest, ModelResponse } from '../../protocol/index.js';
import type { Model } from '../ports/index.js';
import { InMemoryTraceStore } from '../traces/index.js';
import { MemorySecretVault } from './memory-secret-vault.js';
import { SecretScrubber } from './secret-scrubber.js';
import { scrubbingModel } from './scrubbing-model.js';
import { scrubbingTraceStore } from './scrubbing-trace-store.js';

const scrubber = new SecretScrubber(new SecretlintScanner(), new MemorySecretVault());

/** A model that records what it was sent and answers with a fixed text. */
class RecordingModel implements Model {
  readonly name = 'recording';
  readonly endpoint = 'memory';
  readonly sent: ModelRequest[] = [];
  async complete(request: ModelRequest): Promise<ModelResponse> {
    this.sent.push(request);
    return { content: 'ok', reasoning: '', toolCalls: [], finishReason: 'stop', model: this.name, latencyMs: 0 };
  }
  /** Something only this model knows, reached through the wrapper. */
  async serverNote(): Promise<string> {
    return `${this.sent.length} requests so far`;
  }
}

describe('scrubbingModel', () => {
  it('scrubs every message and every native call’s arguments before the request leaves', async () => {
    const { githubToken, awsAccessKeyId, privateKey } = makeFakeCredentials();
    const inner = new RecordingModel();
    const model = scrubbingModel(inner, scrubber);
    const signal = new AbortController().signal;
    const response = await model.complete({
      messages: [
        { role: 'system', content: 'TOOL_NONCE: n0Nce7QxW2vR9kLm4TzP8a' },
        { role: 'user', content: `My keys: ${awsAccessKeyId}` },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'file_reader', arguments: JSON.stringify({ path: 'Story/a.md', note: githubToken }) }] },
        { role: 'tool', toolCallId: 'c1', content: JSON.stringify({ content: `notes\n${privateKey}` }) },
      ],
      signal,
    });
    expect(response.content).toBe('ok');
    const sent = JSON.stringify(inner.sent);
    for (const raw of [githubToken, awsAccessKeyId, privateKey.split('\n')[1]!]) expect(sent).not.toContain(raw);
    expect(inner.sent[0]!.messages[0]!.content).toBe('TOOL_NONCE: n0Nce7QxW2vR9kLm4TzP8a');
    expect(inner.sent[0]!.signal).toBe(signal);
  });

  it('is otherwise the wrapped model: name, endpoint and what its server reports', async () => {
    const model = scrubbingModel(new RecordingModel(), scrubber);
    expect([model.name, model.endpoint]).toEqual(['recording', 'memory']);
    expect(await (model as RecordingModel).serverNote()).toBe('0 requests so far');
  });
});

describe('scrubbingTraceStore', () => {
  it('scrubs round headers, events and failure reasons, whoever writes them', async () => {
    const { githubToken } = makeFakeCredentials();
    const inner = new InMemoryTraceStore();
    const traces = scrubbingTraceStore(inner, scrubber);
    const round = await traces.beginRound({ conversation_id: 'chat-1', state_in: 'default' });
    await traces.appendEvent(round.round_id, { event_type: 'input.received', payload: { raw_text: `token ${githubToken}`, channel: 'text' } });
    await traces.finishRound(round.round_id, { status: 'failed', failure_code: 'model_http_error', failure_reason: `401 for key ${githubToken}` });
    const stored = JSON.stringify(await inner.getRound(round.round_id));
    expect(stored).not.toContain(githubToken);
    expect(stored).toContain('secret_ref:');
    expect(traces.libraryId).toBe(inner.libraryId);
    expect((await traces.listRounds()).map((header) => header.round_id)).toEqual([round.round_id]);
  });
});

describe('scrubbingTraceStore ordering', () => {
  it('hands a round’s writes to the store in the order they were made, whichever scrub ends first', async () => {
    // A scanner that takes longer for longer texts: the first event's scrub ends last.
    const slow = new SecretScrubber({ scan: (text: string) => new Promise((resolve) => setTimeout(() => resolve([]), Math.min(40, text.length / 50))) }, new MemorySecretVault());
    const inner = new InMemoryTraceStore();
    const store = scrubbingTraceStore(inner, slow);
    const round = await store.beginRound({ conversation_id: 'order', state_in: 'default' });
    const texts = ['x '.repeat(1000), 'short', 'y '.repeat(300), 'z'];
    const writes = texts.map((text) => store.appendEvent(round.round_id, { event_type: 'output.emitted', payload: { text, channel: 'text' } }));
    const finished = store.finishRound(round.round_id, { status: 'ok' });
    await Promise.all([...writes, finished]);
    const stored = (await inner.getRound(round.round_id))!;
    expect(stored.events.map((event) => event.payload['text'])).toEqual(texts);
    expect(stored.round.status).toBe('ok');
  });
});
