import { describe, expect, it } from 'vitest';
import type { TracedRound } from '../../protocol/index.js';
import { InMemoryTraceStore } from '../traces/index.js';
import { ExportingTraceStore, type RoundSink } from './exporting-trace-store.js';

function recordingSink(behaviour: (traced: TracedRound) => Promise<void> = async () => undefined): RoundSink & { sent: TracedRound[]; shutdowns: number } {
  const sink = {
    sent: [] as TracedRound[],
    shutdowns: 0,
    exportRound: async (traced: TracedRound) => {
      await behaviour(traced);
      sink.sent.push(traced);
    },
    shutdown: async () => {
      sink.shutdowns += 1;
    },
  };
  return sink;
}

async function oneRound(store: ExportingTraceStore, status: 'ok' | 'failed' = 'ok'): Promise<string> {
  const round = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
  await store.appendEvent(round.round_id, { event_type: 'input.received', payload: { raw_text: 'hello', channel: 'text' } });
  await store.finishRound(round.round_id, status === 'ok' ? { status } : { status, failure_code: 'model_timeout', failure_reason: 'slow' });
  return round.round_id;
}

describe('ExportingTraceStore', () => {
  it('hands every finished round to the sink exactly as stored, and only once it is finished', async () => {
    const inner = new InMemoryTraceStore();
    const sink = recordingSink();
    const store = new ExportingTraceStore(inner, sink);
    const open = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
    const first = await oneRound(store);
    const second = await oneRound(store, 'failed');
    await store.flush();
    expect(sink.sent.map((traced) => traced.round.round_id)).toEqual([first, second]);
    expect(sink.sent[0]).toEqual(await inner.getRound(first));
    expect(sink.sent[1]!.round.status).toBe('failed');
    expect(sink.sent.some((traced) => traced.round.round_id === open.round_id)).toBe(false);
    expect(store.libraryId).toBe(inner.libraryId);
  });

  it('never fails a turn because the sink failed; the failure is reported', async () => {
    const errors: unknown[] = [];
    const store = new ExportingTraceStore(new InMemoryTraceStore(), recordingSink(async () => { throw new Error('collector down'); }), (error) => errors.push(error));
    const id = await oneRound(store);
    await store.flush();
    expect(errors).toHaveLength(1);
    expect((await store.getRound(id))?.round.status).toBe('ok');
  });

  it('waits on close for exports under way, then shuts the sink down and closes the store', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sink = recordingSink(() => gate);
    const inner = new InMemoryTraceStore();
    const store = new ExportingTraceStore(inner, sink);
    await oneRound(store);
    const closing = store.close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sink.sent).toHaveLength(0);
    release();
    await closing;
    expect(sink.sent).toHaveLength(1);
    expect(sink.shutdowns).toBe(1);
    await expect(inner.listRounds()).rejects.toMatchObject({ code: 'trace_store_closed' });
  });
});
