import { describe, expect, it } from 'vitest';
import { InMemoryTraceStore } from './in-memory-trace-store.js';
import { describeTraceStoreContract } from './trace-store-contract.js';

describeTraceStoreContract('InMemoryTraceStore', async () => ({ store: new InMemoryTraceStore() }));

describe('InMemoryTraceStore options', () => {
  it('uses the given library id, clock and ids', async () => {
    let next = 0;
    const store = new InMemoryTraceStore({
      libraryId: 'lib-test',
      clock: { nowMs: () => 0, nowIso: () => '2030-01-01T00:00:00.000Z' },
      ids: { uuidv7: () => `id-${(next += 1)}` },
    });
    const round = await store.beginRound({ conversation_id: 'c', state_in: 'default' });
    expect(round).toMatchObject({ library_id: 'lib-test', round_id: 'id-1', created_at: '2030-01-01T00:00:00.000Z' });
    const event = await store.appendEvent(round.round_id, { event_type: 'input.normalized', payload: { normalized_text: 'x' } });
    expect(event.timestamp).toBe('2030-01-01T00:00:00.000Z');
  });
});
