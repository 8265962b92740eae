import type { CommandChain } from '../../protocol/auth.js';
import type { Envelope } from '../../protocol/tasks.js';
import { buildCommandChain, commandLevel } from '../auth/index.js';
import { commandIdFor } from './apply-chain.js';

/** A short human description of one operation, for confirmation prompts and the CLI. */
export function describeEnvelope(envelope: Envelope): string {
  switch (envelope.op) {
    case 'file.write':
      return `write ${envelope.params.path}`;
    case 'file.patch':
      return `patch ${envelope.params.path}`;
    case 'file.delete':
      return `DELETE ${envelope.params.path}`;
    case 'issue.create':
      return `create issue ${JSON.stringify(envelope.params.title)}`;
    case 'issue.close':
      return `close issue ${envelope.params.id}`;
    case 'canon.rebuild':
      return `rebuild the canon index (${envelope.params.mode ?? 'deterministic'})`;
  }
}

/**
 * The chain of commands that will run: every envelope but those already applied under their
 * idempotency key. Null when nothing is left to run (a re-sent batch).
 */
export function buildTaskChain(taskId: string, batch: readonly Envelope[], duplicates: ReadonlySet<number>): CommandChain | null {
  const commands = batch.flatMap((envelope, index) =>
    duplicates.has(index)
      ? []
      : [{ command_id: commandIdFor(taskId, index), auth_level: commandLevel(envelope.op), summary: describeEnvelope(envelope), params: envelope, source_rule: `op ${envelope.op} → L${commandLevel(envelope.op)}` }],
  );
  return commands.length === 0 ? null : buildCommandChain(`chain_${taskId}`, commands);
}

/** The one-line summary a confirmation shows: the plan's intent and every command. */
export function chainSummary(planSummary: string, chain: CommandChain): string {
  return `${planSummary} — ${chain.commands.map((command) => command.summary).join('; ')}.`;
}
