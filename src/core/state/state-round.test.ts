import { describe, expect, it } from 'vitest';
import { steppingClock } from '../testing/index.js';
import type { ConversationStateRecord } from '../../protocol/auth.js';
import { ConversationStates } from './conversation-states.js';
import type { ConversationStateStore } from './conversation-state-store.js';
import { statePolicy, toolBudgetsFor } from './state-policy.js';
import { openStateRound } from './state-round.js';

function memoryStore(): ConversationStateStore {
  const records = new Map<string, ConversationStateRecord>();
  return { load: async (id) => records.get(id) ?? null, save: async (record) => void records.set(record.conversation_id, record) };
}

describe('openStateRound', () => {
  it('applies a state asked for with the request at this boundary, and closes once', async () => {
    const states = new ConversationStates(memoryStore(), steppingClock());
    const round = await openStateRound(states, 'c1', 'research');
    expect(round).toMatchObject({ stateIn: 'research', policy: { state: 'research' } });
    await states.requestChange('c1', 'action');
    expect(await round.close()).toBe('action');
    expect(await round.close()).toBe('action');
    expect(await states.current('c1')).toMatchObject({ state: 'action', pending: null, roundOpen: false });
  });

  it('holds the requested state, or default, when no state machine is wired', async () => {
    expect((await openStateRound(undefined, 'c1')).stateIn).toBe('default');
    const round = await openStateRound(undefined, 'c1', 'action');
    expect(round.stateIn).toBe('action');
    expect(await round.close()).toBe('action');
  });
});

describe('toolBudgetsFor', () => {
  it('gives research more steps and bytes, and leaves the other states alone', () => {
    const budgets = { maxSteps: 6, maxBytesPerStep: 8000, maxBytesPerTurn: 16_000 };
    expect(toolBudgetsFor(statePolicy('research'), budgets)).toEqual({ maxSteps: 10, maxBytesPerStep: 16_000, maxBytesPerTurn: 32_000 });
    for (const state of ['default', 'conversation', 'action'] as const) expect(toolBudgetsFor(statePolicy(state), budgets)).toEqual(budgets);
  });
});
