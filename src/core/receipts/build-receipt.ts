import { z } from 'zod';
import {
  ControlRoomError,
  RECEIPT_SCHEMA_VERSION,
  ToolReceiptSchema,
  type FileRef,
  type ReceiptStatus,
} from '../../protocol/index.js';
import type { UnsignedToolReceipt } from './receipt-payload.js';
import { receiptOutputFields, toJsonValue } from './receipt-output.js';

/** What a tool executor knows about one tool run; the ledger adds ids, time, chain and signatures. */
export interface RecordReceiptInput {
  /** At most one of `conferenceId` and `taskId` is set; a 1:1 chat run has neither (its session id scopes it). */
  conferenceId?: string | null;
  taskId?: string | null;
  sessionId: string;
  turnId: string;
  agentId: string;
  toolId: string;
  status: ReceiptStatus;
  inputs: Record<string, unknown>;
  /** The tool's result (or error body); stored whole, or as an excerpt when it is too large. */
  outputs?: unknown;
  /** sha256 of the canonical JSON of the real outputs, when `outputs` had secrets scrubbed out. */
  outputsSha256?: string;
  fileRefs?: readonly FileRef[];
}

/** The fields only the ledger may fill: never from a model or a caller. */
export interface MintedReceiptFields {
  receiptId: string;
  timestamp: string;
  prevHash: string | null;
  outputLimitBytes: number;
}

// The ledger computes most fields itself; these are the ones a caller supplies (plus the minted id).
// Not strict: the other fields are the ledger's own and are not re-checked here.
const CallerFieldsSchema = z.object(
  ToolReceiptSchema.pick({
    receipt_id: true,
    conference_id: true,
    task_id: true,
    session_id: true,
    turn_id: true,
    agent_id: true,
    tool_id: true,
    status: true,
    file_refs: true,
    outputs_sha256: true,
    timestamp: true,
  }).shape,
);

/** Builds an unsigned receipt and checks the fields it took from the caller, so verify will accept it. */
export function buildReceipt(input: RecordReceiptInput, minted: MintedReceiptFields): UnsignedToolReceipt {
  const conferenceId = input.conferenceId ?? null;
  const taskId = input.taskId ?? null;
  if (conferenceId !== null && taskId !== null) {
    throw new ControlRoomError('receipt_invalid', 'A receipt belongs to a conference, a task, or a 1:1 chat session: set at most one of conferenceId and taskId.', {
      fault: 'system',
    });
  }
  const inputs = toJsonValue(input.inputs);
  if (inputs === null || typeof inputs !== 'object' || Array.isArray(inputs)) {
    throw new ControlRoomError('receipt_invalid', "A receipt's inputs must be a JSON object of the tool's arguments.", { fault: 'system' });
  }
  const receipt: UnsignedToolReceipt = {
    schema_version: RECEIPT_SCHEMA_VERSION,
    receipt_id: minted.receiptId,
    conference_id: conferenceId,
    task_id: taskId,
    session_id: input.sessionId,
    turn_id: input.turnId,
    agent_id: input.agentId,
    tool_id: input.toolId,
    status: input.status,
    inputs: inputs as Record<string, unknown>,
    ...receiptOutputFields(input.outputs ?? null, minted.outputLimitBytes),
    ...(input.outputsSha256 === undefined ? {} : { outputs_sha256: input.outputsSha256 }),
    file_refs: (input.fileRefs ?? []).map((ref) => ({ path: ref.path, start_line: ref.start_line, end_line: ref.end_line, sha256: ref.sha256 })),
    timestamp: minted.timestamp,
    prev_hash: minted.prevHash,
    signature_alg: 'HMAC-SHA256',
  };
  const checked = CallerFieldsSchema.safeParse(receipt);
  if (!checked.success) {
    const first = checked.error.issues[0];
    throw new ControlRoomError('receipt_invalid', `Receipt field ${first?.path.join('.') ?? '?'} is invalid: ${first?.message ?? 'unknown problem'}.`, {
      fault: 'system',
    });
  }
  return receipt;
}
