import { ControlRoomError } from '../../protocol/index.js';
import { AUTH_RULES, CommandChainSchema, type AuthLevel, type Command, type CommandChain } from '../../protocol/auth.js';

/** What the gate decided for a chain, before anything in it runs. */
export interface GateDecision {
  level: AuthLevel;
  /** Separate confirmations needed first (0, 1 or 2). */
  confirmations: 0 | 1 | 2;
  /**
   * Whether what the chain replaces is journalled for undo: from L2 up. The truth table requires it
   * for L2; confirmed L3/L4 chains keep one too, because taking back a confirmed change should
   * never be harder than taking back an unconfirmed one.
   */
  undo: boolean;
  /** `run` at once, or `confirm` first. */
  action: 'run' | 'confirm';
}

/** The highest level among commands: a chain is only as safe as its riskiest step. */
export function chainLevel(levels: readonly AuthLevel[]): AuthLevel {
  if (levels.length === 0) throw new ControlRoomError('internal_error', 'A command chain needs at least one command.', { fault: 'system' });
  return Math.max(...levels) as AuthLevel;
}

/** Builds a chain whose level is its highest command level (the plan's `CommandChain`). */
export function buildCommandChain(chainId: string, commands: readonly Omit<Command, 'order'>[], macro: string | null = null): CommandChain {
  return CommandChainSchema.parse({
    chain_id: chainId,
    commands: commands.map((command, position) => ({ ...command, order: position + 1 })),
    chain_level: chainLevel(commands.map((command) => command.auth_level)),
    macro,
  });
}

/**
 * Gates a chain once, at its start, at its highest level (the truth table in `AUTH_RULES`):
 * a chain mixing L2 and L4 commands waits for two confirmations before its first command runs.
 */
export function gateChain(chain: CommandChain): GateDecision {
  const rule = AUTH_RULES[chain.chain_level];
  return { level: chain.chain_level, confirmations: rule.confirmations, undo: chain.chain_level >= 2, action: rule.confirmations > 0 ? 'confirm' : 'run' };
}
