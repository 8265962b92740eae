import { TASK_SCHEMA_VERSION, type Envelope, type IdempotencyRecord } from '../../protocol/tasks.js';
import { canonicalJson, sha256Hex } from '../receipts/index.js';

/** sha256 of an envelope's canonical `{op, params}`: what "the same operation" means for a key. */
export function paramsHash(envelope: Pick<Envelope, 'op' | 'params'>): string {
  return sha256Hex(canonicalJson({ op: envelope.op, params: envelope.params }));
}

/** The record that marks an idempotency key as applied. */
export function idempotencyRecord(envelope: Envelope & { idempotencyKey: string }, applied: { taskId: string; commandId: string; receiptId: string; nowIso: string }): IdempotencyRecord {
  return {
    schema_version: TASK_SCHEMA_VERSION,
    key: envelope.idempotencyKey,
    op: envelope.op,
    params_sha256: paramsHash(envelope),
    task_id: applied.taskId,
    command_id: applied.commandId,
    receipt_id: applied.receiptId,
    recorded_at: applied.nowIso,
  };
}
