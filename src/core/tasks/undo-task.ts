import { ControlRoomError, isControlRoomError } from '../../protocol/index.js';
import type { ReversedOperation, UndoEntry, UndoJournal, UndoOutcome } from '../../protocol/tasks.js';
import { fromBase64, sha256Bytes } from './bytes.js';
import { UNDO_AGENT_ID, type TaskDependencies } from './task-dependencies.js';
import { inTaskRound, type TaskRound } from './task-round.js';

async function findJournal(target: string | undefined, deps: TaskDependencies): Promise<UndoJournal> {
  if (target === undefined || target === 'last') {
    const last = await deps.store.lastUndoable();
    if (last === null) throw new ControlRoomError('undo_not_available', 'There is no applied task left to undo.');
    return last;
  }
  const journal = await deps.store.getUndo(target);
  if (journal !== null) return journal;
  if ((await deps.store.getTask(target)) === null) throw new ControlRoomError('task_not_found', `No task ${target}.`);
  throw new ControlRoomError('undo_not_available', `Task ${target} kept no undo journal (level-1 tasks, and tasks that changed nothing, have nothing to undo).`);
}

/** Refuses the whole undo when a file was changed after the task wrote it: undoing would lose that change. */
async function checkNothingChangedSince(journal: UndoJournal, deps: TaskDependencies): Promise<void> {
  const lastWrite = new Map<string, string | null>();
  for (const entry of journal.entries) if (entry.kind === 'file') lastWrite.set(entry.path, entry.written_sha256);
  for (const [path, written] of lastWrite) {
    const now = await deps.writer.readBytes(path);
    const actual = now === null ? null : sha256Bytes(now);
    if (actual !== written) {
      throw new ControlRoomError('undo_conflict', `${path} changed after task ${journal.task_id} ${written === null ? 'deleted' : 'wrote'} it; undoing would lose that change. Nothing was undone.`, {
        details: { path },
      });
    }
  }
}

async function reverse(entry: UndoEntry, deps: TaskDependencies): Promise<Record<string, unknown>> {
  if (entry.kind === 'file') {
    if (entry.previous_base64 === null) {
      await deps.writer.delete(entry.path);
      return { path: entry.path, removed: true };
    }
    const bytes = fromBase64(entry.previous_base64);
    await deps.writer.write(entry.path, bytes);
    return { path: entry.path, restored: true, sha256: sha256Bytes(bytes) };
  }
  // The issue list has no deletion: an issue the task filed is closed instead.
  const status = entry.kind === 'issue_created' ? 'closed' : entry.previous_status;
  await deps.issues.update(entry.issue_id, { status });
  return { issue_id: entry.issue_id, status };
}

async function reverseAll(journal: UndoJournal, round: TaskRound, deps: TaskDependencies): Promise<ReversedOperation[]> {
  const reversed: ReversedOperation[] = [];
  for (const entry of [...journal.entries].reverse()) {
    const inputs = { task_id: journal.task_id, command_id: entry.command_id, op: entry.op, ...(entry.kind === 'file' ? { path: entry.path } : { issue_id: entry.issue_id }) };
    const scope = { sessionId: journal.task_id, turnId: round.roundId, agentId: UNDO_AGENT_ID, taskId: journal.task_id, toolId: 'task.undo', inputs: (await deps.scrubber.scrubValue(inputs, { allow: round.allow })).value };
    try {
      const result = await reverse(entry, deps);
      const receipt = await deps.ledger.record({ ...scope, status: 'ok', outputs: result });
      await round.tracer.event({ event_type: 'command.reversed', payload: { command_id: entry.command_id, status: 'ok', reason: 'undo requested', op: entry.op, receipt_id: receipt.receipt_id } });
      reversed.push({ index: entry.index, commandId: entry.command_id, op: entry.op, path: entry.kind === 'file' ? entry.path : null, issueId: entry.kind === 'file' ? null : entry.issue_id, receiptId: receipt.receipt_id });
    } catch (thrown) {
      const error = isControlRoomError(thrown) ? { code: thrown.code, message: thrown.message } : { code: 'undo_failed', message: String(thrown) };
      await deps.ledger.record({ ...scope, status: 'tool_error', outputs: { error } });
      await round.tracer.event({ event_type: 'command.reversed', payload: { command_id: entry.command_id, status: 'failed', reason: error.message, op: entry.op }, status: 'failed', failure_code: error.code, failure_reason: error.message });
      throw thrown;
    }
  }
  return reversed;
}

/**
 * Undoes an applied task (`target` = a task id, or `last`/undefined for the newest one not undone):
 * every operation is reversed in reverse order from the undo journal — previous bytes restored, a
 * created file removed, an issue's status put back — each with a receipt and a `command.reversed`
 * event. Nothing is reversed when a file changed since the task wrote it (`undo_conflict`).
 */
export async function undoTask(target: string | undefined, deps: TaskDependencies): Promise<UndoOutcome> {
  const found = await findJournal(target, deps);
  if (found.undone_at !== null) throw new ControlRoomError('undo_already_done', `Task ${found.task_id} was already undone at ${found.undone_at}.`);
  return inTaskRound(deps, found.conversation_id, [found.task_id], async (round) => {
    const journal = (await deps.store.getUndo(found.task_id)) ?? found;
    if (journal.undone_at !== null) throw new ControlRoomError('undo_already_done', `Task ${journal.task_id} was already undone at ${journal.undone_at}.`);
    await round.tracer.event({ event_type: 'input.received', payload: { raw_text: `undo ${journal.task_id}`, channel: 'text', task_id: journal.task_id } });
    await checkNothingChangedSince(journal, deps);
    const reversed = await reverseAll(journal, round, deps);
    await deps.store.saveUndo({ ...journal, undone_at: deps.clock.nowIso() });
    const task = await deps.store.getTask(journal.task_id);
    if (task) await deps.store.saveTask({ ...task, status: 'undone', undo_available: false, updated_at: deps.clock.nowIso(), trace_round_ids: [...task.trace_round_ids, round.roundId] });
    const receipts = reversed.map((entry) => entry.receiptId);
    await round.tracer.event({ event_type: 'output.emitted', payload: { text: `undid ${reversed.length} operation(s) of ${journal.task_id}`, channel: 'text', task_id: journal.task_id, receipts } });
    return { value: { status: 'undone' as const, taskId: journal.task_id, reversed, receipts, traceRoundId: round.roundId } };
  });
}
