import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JsonConversationStateStore } from '../../adapters/json-task-store/index.js';
import { steppingClock } from '../testing/index.js';
import { ConversationStates, requireConversationId } from './conversation-states.js';

let base: string;
let states: ConversationStates;

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-state-'));
  states = new ConversationStates(new JsonConversationStateStore(base), steppingClock());
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('ConversationStates', () => {
  it('starts in default', async () => {
    expect(await states.current('c1')).toEqual({ conversationId: 'c1', state: 'default', pending: null, roundOpen: false });
  });

  it('keeps the state fixed for a round: a change asked for mid-round waits for the end of it', async () => {
    expect(await states.beginRound('c1')).toBe('default');
    expect(await states.requestChange('c1', 'action')).toMatchObject({ state: 'default', pending: 'action', roundOpen: true });
    expect((await states.current('c1')).state).toBe('default');
    expect(await states.endRound('c1')).toBe('action');
    expect(await states.beginRound('c1')).toBe('action');
    await states.endRound('c1');
  });

  it('a change asked for between rounds applies when the next round starts', async () => {
    await states.requestChange('c1', 'research');
    expect(await states.current('c1')).toMatchObject({ state: 'default', pending: 'research' });
    expect(await states.beginRound('c1')).toBe('research');
    expect(await states.endRound('c1')).toBe('research');
  });

  it('persists per conversation, with the last transition', async () => {
    await states.requestChange('c1', 'conversation');
    await states.beginRound('c1');
    await states.endRound('c1');
    const reopened = new ConversationStates(new JsonConversationStateStore(base), steppingClock());
    expect((await reopened.current('c1')).state).toBe('conversation');
    expect((await reopened.current('c2')).state).toBe('default');
    const stored = JSON.parse(await fs.readFile(path.join(base, '.control-room/state/c1.json'), 'utf8'));
    expect(stored).toMatchObject({ schema_version: 1, state: 'conversation', last_transition: { from: 'default', to: 'conversation' } });
  });

  it('writes the record only when the state or a queued change moves, not at every round', async () => {
    const store = new JsonConversationStateStore(base);
    let saves = 0;
    const counted = new ConversationStates({ load: (id) => store.load(id), save: async (record) => { saves += 1; await store.save(record); } }, steppingClock());
    for (let round = 0; round < 3; round += 1) {
      await counted.beginRound('c1');
      expect((await counted.current('c1')).roundOpen).toBe(true);
      await counted.endRound('c1');
    }
    expect(saves).toBe(0);
    expect((await counted.current('c1')).roundOpen).toBe(false);
    await counted.requestChange('c1', 'action');
    await counted.beginRound('c1');
    await counted.endRound('c1');
    expect(saves).toBe(2);
  });

  it('runs rounds of one conversation one at a time', async () => {
    const order: string[] = [];
    const round = (name: string) =>
      states.serialize('c1', async () => {
        order.push(`${name}:start`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(`${name}:end`);
      });
    await Promise.all([round('a'), round('b')]);
    expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
  });

  it('refuses conversation ids that cannot name a file', () => {
    for (const id of ['../x', 'a/b', '', 'x'.repeat(129), 'a.b']) expect(() => requireConversationId(id)).toThrow(expect.objectContaining({ code: 'conversation_id_invalid' }));
  });
});
