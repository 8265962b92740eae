/**
 * The behaviour every `TraceStore` must have, written once and run against each implementation
 * (the in-memory store here, the SQLite adapter beside it). Test support only: it imports vitest,
 * so it is not listed in this folder's index and never loaded by the library itself.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { TracedRoundSchema, type RoundEvent } from '../../protocol/traces.js';
import type { AppendEventInput, TraceStore } from '../ports/index.js';
import { capPrompt } from './cap-prompt.js';

/** Opens a fresh, empty store; `dispose` (optional) removes what it left behind. */
export interface TraceStoreSubject {
  store: TraceStore;
  dispose?: () => Promise<void>;
}

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A valid event carrying a number, to check order. */
export function progressEvent(index: number): AppendEventInput {
  return { event_type: 'job.progress', payload: { job_id: 'job-1', status: 'running', progress: index } };
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
}

/** Lets the wall clock move on, so rounds of different conversations get distinct `created_at`. */
function nextMillisecond(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 2));
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<Error> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, `expected a ${code} error`).toBeInstanceOf(Error);
  expect((error as { code?: string }).code).toBe(code);
  return error as Error;
}

/** Registers the shared contract tests for a `TraceStore` implementation. */
export function describeTraceStoreContract(name: string, open: () => Promise<TraceStoreSubject>): void {
  describe(`TraceStore contract: ${name}`, () => {
    const subjects: TraceStoreSubject[] = [];
    const fresh = async (): Promise<TraceStore> => {
      const subject = await open();
      subjects.push(subject);
      return subject.store;
    };
    afterEach(async () => {
      for (const subject of subjects.splice(0)) {
        await subject.store.close();
        await subject.dispose?.();
      }
    });

    it('numbers rounds 1, 2, 3 per conversation, with UUIDv7 ids and the default bucket', async () => {
      const store = await fresh();
      expect(store.libraryId).not.toBe('');
      const first = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
      const other = await store.beginRound({ conversation_id: 'c2', state_in: 'research', bucket_id: 'bucket:shared', audio_id: 'aud-1' });
      const second = await store.beginRound({ conversation_id: 'c1', state_in: 'conversation' });
      const third = await store.beginRound({ conversation_id: 'c1', state_in: 'action' });
      expect([first.round_seq, second.round_seq, third.round_seq]).toEqual([1, 2, 3]);
      expect(other).toMatchObject({ round_seq: 1, bucket_id: 'bucket:shared', audio_id: 'aud-1', state_in: 'research' });
      expect(first).toMatchObject({ schema_version: 1, library_id: store.libraryId, bucket_id: 'bucket:c1', status: 'open', state_out: null, audio_id: null, failure_code: null });
      for (const header of [first, second, third, other]) expect(header.round_id).toMatch(UUID_V7);
      expect(new Set([first, second, third, other].map((header) => header.round_id)).size).toBe(4);
      expect(Number.isNaN(Date.parse(first.created_at))).toBe(false);
    });

    it('gives concurrent beginRound calls in one conversation distinct consecutive seqs', async () => {
      const store = await fresh();
      const calls = Array.from({ length: 30 }, (_, index) => store.beginRound({ conversation_id: index % 3 === 0 ? 'other' : 'busy', state_in: 'default' }));
      const headers = await Promise.all(calls);
      const seqs = (conversation: string): number[] => headers.filter((header) => header.conversation_id === conversation).map((header) => header.round_seq).sort((a, b) => a - b);
      expect(seqs('busy')).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
      expect(seqs('other')).toEqual(Array.from({ length: 10 }, (_, index) => index + 1));
    });

    it('numbers events 1, 2, 3 and returns them in order', async () => {
      const store = await fresh();
      const round = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
      const received = await store.appendEvent(round.round_id, { event_type: 'input.received', payload: { raw_text: 'Is Mara alive in scene 4?', channel: 'cli' } });
      const request = await store.appendEvent(round.round_id, { event_type: 'llm.request', payload: { model: 'local', ...capPrompt('prompt text') } });
      const tool = await store.appendEvent(round.round_id, { event_type: 'tool.request', payload: { tool_id: 'file_reader', call_id: 'call-7', inputs: { path: 'Story/a.md' } } });
      expect([received.event_seq, request.event_seq, tool.event_seq]).toEqual([1, 2, 3]);
      expect(received).toMatchObject({ schema_version: 1, round_id: round.round_id, status: 'ok', call_id: null, failure_code: null });
      expect(tool.call_id).toBe('call-7');
      const traced = await store.getRound(round.round_id);
      expect(traced?.events.map((event) => event.event_type)).toEqual(['input.received', 'llm.request', 'tool.request']);
      expect(traced?.events[2]?.payload).toEqual({ tool_id: 'file_reader', call_id: 'call-7', inputs: { path: 'Story/a.md' } });
    });

    it('keeps the order of 200 concurrent appends in one round', async () => {
      const store = await fresh();
      const round = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
      const events = await Promise.all(Array.from({ length: 200 }, (_, index) => store.appendEvent(round.round_id, progressEvent(index))));
      expect(events.map((event) => event.event_seq)).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
      const stored = (await store.getRound(round.round_id))?.events ?? [];
      expect(stored.map((event) => event.payload.progress)).toEqual(Array.from({ length: 200 }, (_, index) => index));
      expect(stored.map((event) => event.event_seq)).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    });

    it('keeps call order per round when appends to many rounds interleave (property)', async () => {
      const store = await fresh();
      const rounds = await Promise.all([0, 1, 2].map((index) => store.beginRound({ conversation_id: `c${index}`, state_in: 'default' })));
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 60 }), async (targets) => {
          const before = await Promise.all(rounds.map(async (round) => (await store.getRound(round.round_id))?.events.length ?? 0));
          const calls = targets.map((target, index) => store.appendEvent(rounds[target]!.round_id, progressEvent(index)));
          await Promise.all(calls);
          for (const [target, round] of rounds.entries()) {
            const events = ((await store.getRound(round.round_id))?.events ?? []).slice(before[target]);
            const expected = targets.flatMap((chosen, index) => (chosen === target ? [index] : []));
            expect(events.map((event) => event.payload.progress)).toEqual(expected);
            expect(events.map((event) => event.event_seq)).toEqual(expected.map((_, offset) => (before[target] ?? 0) + offset + 1));
          }
        }),
        { numRuns: 15 },
      );
    });

    it('finishes a round as ok with its state_out and refuses later writes', async () => {
      const store = await fresh();
      const round = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
      await store.appendEvent(round.round_id, { event_type: 'output.emitted', payload: { text: 'Done.', channel: 'cli' } });
      const finished = await store.finishRound(round.round_id, { status: 'ok', state_out: 'action' });
      expect(finished).toMatchObject({ round_id: round.round_id, status: 'ok', state_out: 'action', failure_code: null, round_seq: 1 });
      expect((await store.getRound(round.round_id))?.round).toEqual(finished);
      await expectCode(store.appendEvent(round.round_id, progressEvent(1)), 'trace_round_closed');
      await expectCode(store.finishRound(round.round_id, { status: 'ok' }), 'trace_round_closed');
      expect((await store.getRound(round.round_id))?.events).toHaveLength(1);
    });

    it('adds round.failed when a round fails, keeping every earlier event', async () => {
      const store = await fresh();
      const round = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
      const pending = [0, 1, 2].map((index) => store.appendEvent(round.round_id, progressEvent(index)));
      const finished = await store.finishRound(round.round_id, { status: 'failed', failure_code: 'llm.timeout', failure_reason: 'model did not answer in 60 s' });
      await Promise.all(pending);
      expect(finished).toMatchObject({ status: 'failed', failure_code: 'llm.timeout', failure_reason: 'model did not answer in 60 s' });
      const events = (await store.getRound(round.round_id))?.events ?? [];
      expect(events.map((event) => [event.event_seq, event.event_type])).toEqual([
        [1, 'job.progress'],
        [2, 'job.progress'],
        [3, 'job.progress'],
        [4, 'round.failed'],
      ]);
      expect(events[3]).toMatchObject({ status: 'failed', failure_code: 'llm.timeout', payload: { failure_code: 'llm.timeout', failure_reason: 'model did not answer in 60 s' } });
    });

    it('uses the caller’s own round.failed event instead of adding a second one', async () => {
      const store = await fresh();
      const round = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
      await store.appendEvent(round.round_id, { event_type: 'round.failed', payload: { failure_code: 'tool.budget', failure_reason: 'six tool calls used' } });
      const finished = await store.finishRound(round.round_id, { status: 'failed' });
      expect(finished).toMatchObject({ status: 'failed', failure_code: 'tool.budget', failure_reason: 'six tool calls used' });
      const events = (await store.getRound(round.round_id))?.events ?? [];
      expect(events.map((event) => event.event_type)).toEqual(['round.failed']);
      expect(events[0]).toMatchObject({ status: 'failed', failure_code: 'tool.budget' });
    });

    it('refuses inconsistent finishes and unknown rounds with clear errors', async () => {
      const store = await fresh();
      const round = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
      await expectCode(store.finishRound(round.round_id, { status: 'failed' }), 'trace_input_invalid');
      await expectCode(store.finishRound(round.round_id, { status: 'ok', failure_code: 'x' }), 'trace_input_invalid');
      const missing = await expectCode(store.finishRound('no-such-round', { status: 'ok' }), 'trace_round_not_found');
      expect(missing.message).toContain('no-such-round');
      await expectCode(store.appendEvent('no-such-round', progressEvent(0)), 'trace_round_not_found');
      expect(await store.getRound('no-such-round')).toBeNull();
      await expectCode(store.beginRound({ conversation_id: '', state_in: 'default' }), 'trace_input_invalid');
      await expectCode(store.beginRound({ conversation_id: 'c1', state_in: 'dreaming' as 'default' }), 'trace_input_invalid');
      // The round is still open and usable after the refused calls.
      expect((await store.finishRound(round.round_id, { status: 'partial' })).status).toBe('partial');
    });

    it('refuses events outside the taxonomy or without their required fields, without using up a seq', async () => {
      const store = await fresh();
      const round = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
      await expectCode(store.appendEvent(round.round_id, { event_type: 'llm.thought' as 'llm.request', payload: {} }), 'trace_event_invalid');
      const missing = await expectCode(store.appendEvent(round.round_id, { event_type: 'tool.request', payload: { tool_id: 'file_reader' } }), 'trace_event_invalid');
      expect(missing.message).toContain('call_id');
      await expectCode(store.appendEvent(round.round_id, { event_type: 'job.progress', payload: { job_id: 'j', status: 'x', big: 10n } }), 'trace_event_invalid');
      await expectCode(store.appendEvent(round.round_id, { event_type: 'confirm.requested', payload: { auth_level: 3, summary: 'delete a scene' } }), 'trace_event_invalid');
      const accepted = await store.appendEvent(round.round_id, { event_type: 'confirm.requested', payload: { command_id: 'cmd-1', auth_level: 3, summary: 'delete a scene' } });
      expect(accepted.event_seq).toBe(1);
    });

    it('stores payloads as JSON and hands out copies', async () => {
      const store = await fresh();
      const round = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
      const payload = { job_id: 'j', status: 'done', result: { at: new Date('2024-01-02T03:04:05Z'), skipped: undefined, list: [1, 2] } };
      const event = await store.appendEvent(round.round_id, { event_type: 'job.result', payload });
      expect(event.payload).toEqual({ job_id: 'j', status: 'done', result: { at: '2024-01-02T03:04:05.000Z', list: [1, 2] } });
      (event.payload.result as { list: number[] }).list.push(3);
      const traced = await store.getRound(round.round_id);
      expect((traced?.events[0]?.payload.result as { list: number[] }).list).toEqual([1, 2]);
      traced!.events.length = 0;
      expect((await store.getRound(round.round_id))?.events).toHaveLength(1);
    });

    it('lists rounds newest first, by conversation and with a limit', async () => {
      const store = await fresh();
      for (const conversation of ['a', 'b', 'a', 'a', 'b']) {
        await store.beginRound({ conversation_id: conversation, state_in: 'default' });
        await nextMillisecond();
      }
      const inA = await store.listRounds({ conversation_id: 'a' });
      expect(inA.map((header) => header.round_seq)).toEqual([3, 2, 1]);
      expect((await store.listRounds({ conversation_id: 'a', limit: 2 })).map((header) => header.round_seq)).toEqual([3, 2]);
      const all = await store.listRounds();
      expect(all).toHaveLength(5);
      expect(all[0]).toMatchObject({ conversation_id: 'b', round_seq: 2 });
      expect(await store.listRounds({ conversation_id: 'nobody' })).toEqual([]);
      await expectCode(store.listRounds({ limit: 0 }), 'trace_input_invalid');
    });

    it('exports every round oldest first, one JSON line each, events in order', async () => {
      const store = await fresh();
      const first = await store.beginRound({ conversation_id: 'b', state_in: 'default' });
      await nextMillisecond();
      const second = await store.beginRound({ conversation_id: 'a', state_in: 'default' });
      await Promise.all([2, 1, 0].map((index) => store.appendEvent(second.round_id, progressEvent(index))));
      await store.appendEvent(first.round_id, { event_type: 'input.normalized', payload: { normalized_text: 'hi' } });
      await store.finishRound(first.round_id, { status: 'ok' });
      const lines = await collect(store.exportJsonl());
      expect(lines).toHaveLength(2);
      const parsed = lines.map((line) => TracedRoundSchema.parse(JSON.parse(line)));
      expect(parsed.map((traced) => traced.round.round_id)).toEqual([first.round_id, second.round_id]);
      expect(parsed[0]?.round.status).toBe('ok');
      expect(parsed[1]?.events.map((event: RoundEvent) => [event.event_seq, event.payload.progress])).toEqual([
        [1, 2],
        [2, 1],
        [3, 0],
      ]);
      expect(await collect(store.exportRounds())).toEqual(parsed);
    });

    it('refuses every call once closed', async () => {
      const store = await fresh();
      const round = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
      await store.close();
      await store.close();
      await expectCode(store.beginRound({ conversation_id: 'c1', state_in: 'default' }), 'trace_store_closed');
      await expectCode(store.appendEvent(round.round_id, progressEvent(0)), 'trace_store_closed');
      await expectCode(store.getRound(round.round_id), 'trace_store_closed');
      await expectCode(collect(store.exportJsonl()), 'trace_store_closed');
    });
  });
}
