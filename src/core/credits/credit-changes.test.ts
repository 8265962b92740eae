import { describe, expect, it } from 'vitest';
import { applyCreditChanges, creditOutcome } from './credit-changes.js';
import { emptyCreditsFile } from './credits-file.js';

describe('credits', () => {
  it('earns one for an accepted reply, costs one for a rejected one, and ignores the rest', () => {
    expect(creditOutcome('responded')).toBe('accepted');
    expect(creditOutcome('rejected')).toBe('rejected');
    expect(creditOutcome('rejected', true)).toBeNull();
    expect(creditOutcome('abstained')).toBeNull();
    expect(creditOutcome('muted')).toBeNull();
  });

  it('applies changes to a new file and leaves the old one alone', () => {
    const empty = emptyCreditsFile();
    const once = applyCreditChanges(empty, [{ agentId: 'a', outcome: 'accepted' }, { agentId: 'b', outcome: 'rejected' }], 'T1');
    const twice = applyCreditChanges(once, [{ agentId: 'a', outcome: 'rejected' }, { agentId: 'a', outcome: 'accepted' }], 'T2');
    expect(empty.agents).toEqual({});
    expect(twice).toEqual({
      schema_version: 1,
      agents: { a: { balance: 1, accepted: 2, rejected: 1, updatedAt: 'T2' }, b: { balance: -1, accepted: 0, rejected: 1, updatedAt: 'T1' } },
      updatedAt: 'T2',
    });
    expect(applyCreditChanges(twice, [], 'T3')).toBe(twice);
  });
});
