import { ControlRoomError, isControlRoomError, type ValidationIssue } from '../../protocol/index.js';
import { TASK_SCHEMA_VERSION, type AppliedOperation, type Envelope, type TaskRecord, type UndoJournal } from '../../protocol/tasks.js';
import { commandLevel, gateChain } from '../auth/index.js';
import { applyOperation, type OperationEffect } from './apply-operation.js';
import { sha256Bytes } from './bytes.js';
import { idempotencyRecord } from './idempotency.js';
import { preflightBatch } from './preflight-batch.js';
import { receiptInputs } from './receipt-inputs.js';
import { TASK_AGENT_ID, type TaskDependencies } from './task-dependencies.js';
import type { TaskRound } from './task-round.js';

/** The command id of a batch position: stable across the rounds that gate and apply it. */
export function commandIdFor(taskId: string, index: number): string {
  return `${taskId}:${index + 1}`;
}

export interface ChainApplication {
  status: 'applied' | 'partial' | 'failed' | 'undone';
  results: AppliedOperation[];
  /** Receipts of the operations applied now. */
  receipts: string[];
  undoAvailable: boolean;
  issues: ValidationIssue[];
}

function operationResult(task: TaskRecord, index: number, envelope: Envelope, fields: Pick<AppliedOperation, 'status' | 'receipt_id' | 'result' | 'error'>): AppliedOperation {
  return { index, command_id: commandIdFor(task.task_id, index), op: envelope.op, envelope_id: envelope.id ?? null, idempotency_key: envelope.idempotencyKey ?? null, ...fields };
}

/**
 * Applies a gated batch, in order, once. The batch is checked against the workspace again first
 * (files may have changed while it waited for confirmation): any problem and nothing runs. Each
 * operation leaves a signed receipt (a failed one too) and a `command.executed` event; envelopes
 * whose idempotency key was applied before are skipped, each reported in the state its earlier
 * change is in now (`duplicate` when it stands, `undone` when it was undone since); what each
 * replaced goes to the undo journal (chains from L2 up). A failure stops the chain: side effects
 * are never retried here. A chain that wrote nothing because its keys' changes were undone ends
 * `undone`, never `applied`.
 */
export async function applyChain(task: TaskRecord, round: TaskRound, deps: TaskDependencies): Promise<ChainApplication> {
  const checked = await preflightBatch(task.batch, deps);
  if (checked.issues.length > 0) {
    await round.tracer.validator('task_apply', checked.issues[0]!.code, 'error', 'The workspace changed since the batch was checked; nothing was applied.', { issues: checked.issues });
    const results = task.batch.map((envelope, index) => operationResult(task, index, envelope, { status: 'not_run', receipt_id: null, result: null, error: null }));
    return { status: 'failed', results, receipts: [], undoAvailable: false, issues: checked.issues };
  }
  const level = task.chain?.chain_level ?? 1;
  const journal: UndoJournal | null =
    task.chain && gateChain(task.chain).undo
      ? { schema_version: TASK_SCHEMA_VERSION, task_id: task.task_id, conversation_id: task.conversation_id, entries: [], created_at: deps.clock.nowIso(), undone_at: null }
      : null;
  const results: AppliedOperation[] = [];
  const receipts: string[] = [];
  let stopped = false;
  for (const [index, envelope] of task.batch.entries()) {
    const commandId = commandIdFor(task.task_id, index);
    if (checked.duplicates.has(index)) {
      const applied = await deps.store.getIdempotency(envelope.idempotencyKey ?? '');
      const state = checked.undone.has(index) ? 'undone' : 'applied';
      const result = { duplicate_of: applied?.task_id ?? null, state };
      results.push(operationResult(task, index, envelope, { status: state === 'undone' ? 'undone' : 'duplicate', receipt_id: applied?.receipt_id ?? null, result, error: null }));
      await round.tracer.event({ event_type: 'command.executed', payload: { command_id: commandId, status: 'skipped', result, auth_level: commandLevel(envelope.op), op: envelope.op, receipt_id: applied?.receipt_id ?? null }, status: 'skipped' });
      continue;
    }
    if (stopped) {
      results.push(operationResult(task, index, envelope, { status: 'not_run', receipt_id: null, result: null, error: null }));
      continue;
    }
    const inputs = (await deps.scrubber.scrubValue(receiptInputs(envelope, index, commandId), { allow: round.allow })).value;
    const scope = { sessionId: task.task_id, turnId: round.roundId, agentId: TASK_AGENT_ID, taskId: task.task_id, toolId: envelope.op, inputs };
    let effect: OperationEffect;
    try {
      effect = await applyOperation(envelope, { index, commandId, taskId: task.task_id }, deps);
      if (journal && effect.undo) {
        journal.entries.push(effect.undo);
        await deps.store.saveUndo(journal);
      }
      if (round.policy.verifyAfterApply) await verifyWrite(effect, round, deps);
    } catch (thrown) {
      const error = isControlRoomError(thrown) ? { code: thrown.code, message: thrown.message } : { code: 'operation_failed', message: thrown instanceof Error ? thrown.message : String(thrown) };
      const receipt = await deps.ledger.record({ ...scope, status: 'tool_error', outputs: { error } });
      receipts.push(receipt.receipt_id);
      results.push(operationResult(task, index, envelope, { status: 'failed', receipt_id: receipt.receipt_id, result: null, error }));
      await round.tracer.event({
        event_type: 'command.executed',
        payload: { command_id: commandId, status: 'failed', result: { error }, auth_level: commandLevel(envelope.op), chain_level: level, op: envelope.op, receipt_id: receipt.receipt_id },
        status: 'failed', failure_code: error.code, failure_reason: error.message,
      });
      stopped = true;
      continue;
    }
    const outputs = (await deps.scrubber.scrubValue(effect.result, { allow: round.allow })).value;
    const receipt = await deps.ledger.record({ ...scope, status: 'ok', outputs, fileRefs: effect.fileRefs });
    receipts.push(receipt.receipt_id);
    if (envelope.idempotencyKey !== undefined) {
      await deps.store.putIdempotency(idempotencyRecord({ ...envelope, idempotencyKey: envelope.idempotencyKey }, { taskId: task.task_id, commandId, receiptId: receipt.receipt_id, nowIso: deps.clock.nowIso() }));
    }
    results.push(operationResult(task, index, envelope, { status: 'applied', receipt_id: receipt.receipt_id, result: outputs, error: null }));
    await round.tracer.event({
      event_type: 'command.executed',
      payload: { command_id: commandId, status: 'ok', result: outputs, auth_level: commandLevel(envelope.op), chain_level: level, op: envelope.op, receipt_id: receipt.receipt_id },
    });
  }
  const applied = results.filter((result) => result.status === 'applied').length;
  const undone = results.some((result) => result.status === 'undone');
  const status = stopped ? (applied > 0 ? 'partial' : 'failed') : applied === 0 && undone ? 'undone' : 'applied';
  return { status, results, receipts, undoAvailable: journal !== null && journal.entries.length > 0, issues: [] };
}

/** `action` state: read each write back and compare its hash before calling it done. */
async function verifyWrite(effect: OperationEffect, round: TaskRound, deps: TaskDependencies): Promise<void> {
  if (effect.undo?.kind !== 'file') return;
  const now = await deps.writer.readBytes(effect.undo.path);
  const actual = now === null ? null : sha256Bytes(now);
  const ok = actual === effect.undo.written_sha256;
  await round.tracer.validator('task_write_check', ok ? 'ok' : 'write_mismatch', ok ? 'ok' : 'error', ok ? `${effect.undo.path} reads back as written.` : `${effect.undo.path} does not read back as written.`);
  if (!ok) throw new ControlRoomError('write_verification_failed', `${effect.undo.path} does not read back as written; check the disk and the file.`, { fault: 'system' });
}
