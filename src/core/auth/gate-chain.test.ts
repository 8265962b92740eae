import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AuthLevel } from '../../protocol/auth.js';
import { buildCommandChain, chainLevel, gateChain } from './gate-chain.js';

const command = (id: string, level: AuthLevel) => ({ command_id: id, auth_level: level, summary: id, params: {} });

describe('gateChain', () => {
  it('follows the truth table: L1 runs, L2 runs with undo, L3 needs one confirmation, L4 two', () => {
    const decide = (level: AuthLevel) => gateChain(buildCommandChain('chain', [command('c', level)]));
    expect(decide(1)).toEqual({ level: 1, confirmations: 0, undo: false, action: 'run' });
    expect(decide(2)).toEqual({ level: 2, confirmations: 0, undo: true, action: 'run' });
    expect(decide(3)).toMatchObject({ level: 3, confirmations: 1, action: 'confirm' });
    expect(decide(4)).toMatchObject({ level: 4, confirmations: 2, action: 'confirm' });
  });

  it('gates a chain mixing L2 and L4 once, at L4', () => {
    const chain = buildCommandChain('chain-1', [command('patch', 2), command('delete', 4), command('note', 1)]);
    expect(chain.chain_level).toBe(4);
    expect(chain.commands.map((entry) => entry.order)).toEqual([1, 2, 3]);
    expect(gateChain(chain)).toMatchObject({ level: 4, confirmations: 2 });
  });

  it('the chain level is always the highest command level', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<AuthLevel>(1, 2, 3, 4), { minLength: 1, maxLength: 12 }), (levels) => {
        const chain = buildCommandChain('chain', levels.map((level, index) => command(`c${index}`, level)));
        expect(chain.chain_level).toBe(Math.max(...levels));
        expect(chainLevel(levels)).toBe(chain.chain_level);
      }),
    );
  });

  it('refuses an empty chain', () => {
    expect(() => chainLevel([])).toThrow(/at least one command/);
  });
});
