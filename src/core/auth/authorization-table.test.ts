import { describe, expect, it } from 'vitest';
import { AUTH_RULES } from '../../protocol/auth.js';
import { TASK_OPERATIONS } from '../../protocol/tasks.js';
import { AUTHORIZATION_TABLE, commandLevel } from './authorization-table.js';
import { buildCommandChain, gateChain } from './gate-chain.js';

describe('the authorization table', () => {
  it('names every command with side effects exactly once, each with a reason', () => {
    expect(Object.keys(AUTHORIZATION_TABLE).sort()).toEqual([...TASK_OPERATIONS].sort());
    for (const op of TASK_OPERATIONS) expect(AUTHORIZATION_TABLE[op].reason.length, op).toBeGreaterThan(10);
  });

  it('keeps the levels SPEC §9 asks for: the canon rebuild waits for one confirmation, a deletion for two', () => {
    expect(commandLevel('canon.rebuild')).toBe(3);
    expect(commandLevel('file.delete')).toBe(4);
    expect(commandLevel('issue.create')).toBe(1);
    for (const op of ['file.write', 'file.patch', 'issue.close'] as const) expect(commandLevel(op)).toBe(2);
  });

  it('decides the confirmations of a one-command chain through the truth table', () => {
    for (const op of TASK_OPERATIONS) {
      const gate = gateChain(buildCommandChain(`chain-${op}`, [{ command_id: op, auth_level: commandLevel(op), summary: op, params: {} }]));
      expect(gate.confirmations, op).toBe(AUTH_RULES[commandLevel(op)].confirmations);
    }
  });
});
