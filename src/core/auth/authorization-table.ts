import type { AuthLevel } from '../../protocol/auth.js';
import type { TaskOperation } from '../../protocol/tasks.js';

/** What one command demands, and why. */
export interface CommandRule {
  level: AuthLevel;
  /** Whether what it replaces can be journalled so an undo puts it back. */
  undo: boolean;
  reason: string;
}

/**
 * The one authorization table: every command with side effects and its level, whichever door it
 * comes through — a task's actor, `POST /api/canon/index`, `control-room canon index`. Each door
 * builds a chain from it and gates the chain with `gateChain`, so a change needs the same
 * confirmations however it is asked for.
 *
 * | command         | level | why                                                                   |
 * |-----------------|-------|-----------------------------------------------------------------------|
 * | `issue.create`  | L1    | adds a note in app data; nothing is replaced                          |
 * | `issue.close`   | L2    | changes an issue's status; undo reopens it                            |
 * | `file.write`    | L2    | creates or replaces a manuscript file; undo restores the old bytes    |
 * | `file.patch`    | L2    | replaces one exact passage; undo restores the old bytes               |
 * | `canon.rebuild` | L3    | regenerates the canon index every agent cites; not journalled         |
 * | `file.delete`   | L4    | removes a manuscript file                                             |
 */
export const AUTHORIZATION_TABLE: Readonly<Record<TaskOperation, CommandRule>> = {
  'issue.create': { level: 1, undo: true, reason: 'adds a note in app data; nothing is replaced' },
  'issue.close': { level: 2, undo: true, reason: "changes an issue's status; undo reopens it" },
  'file.write': { level: 2, undo: true, reason: 'creates or replaces a manuscript file; undo restores the old bytes' },
  'file.patch': { level: 2, undo: true, reason: 'replaces one exact passage; undo restores the old bytes' },
  'canon.rebuild': { level: 3, undo: false, reason: 'regenerates the canon index every agent cites' },
  'file.delete': { level: 4, undo: true, reason: 'removes a manuscript file' },
};

/** The level of a command, from the table. */
export function commandLevel(op: TaskOperation): AuthLevel {
  return AUTHORIZATION_TABLE[op].level;
}
