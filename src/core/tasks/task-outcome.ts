import type { ConversationState, ValidationIssue } from '../../protocol/index.js';
import type { ConfirmationRequest } from '../../protocol/auth.js';
import { STOP_HOOK_MODEL_UNAVAILABLE, STOP_HOOK_TASK_OUTPUT_INVALID, TASK_SCHEMA_VERSION, type TaskOutcome, type TaskRecord } from '../../protocol/tasks.js';
import { acceptedCount } from '../auth/index.js';

/** A fresh task record before any model has answered. */
export function newTaskRecord(input: { taskId: string; goal: string; conversationId: string; roundId: string; nowIso: string }): TaskRecord {
  return {
    schema_version: TASK_SCHEMA_VERSION,
    task_id: input.taskId,
    goal: input.goal,
    conversation_id: input.conversationId,
    status: 'failed',
    plan: null,
    batch: [],
    chain: null,
    level: null,
    confirmation_id: null,
    results: [],
    issues: [],
    channels: { planner: null, actor: null },
    undo_available: false,
    trace_round_ids: [input.roundId],
    created_at: input.nowIso,
    updated_at: input.nowIso,
  };
}

/** What a caller sees of a task after one round of work. */
export function taskOutcome(
  record: TaskRecord,
  extras: {
    stateIn: ConversationState;
    traceRoundId: string;
    receipts?: string[];
    confirmation?: ConfirmationRequest | null;
    stopHook?: TaskOutcome['stopHook'];
    issues?: ValidationIssue[];
    replayed?: boolean;
  },
): TaskOutcome {
  const confirmation = extras.confirmation && extras.confirmation.status === 'pending' ? extras.confirmation : null;
  const stopHook = extras.stopHook ?? (record.status === 'invalid' ? STOP_HOOK_TASK_OUTPUT_INVALID : null);
  return {
    status: record.status,
    taskId: record.task_id,
    conversationId: record.conversation_id,
    summary: record.plan?.summary ?? (stopHook === STOP_HOOK_MODEL_UNAVAILABLE ? 'The model could not be reached.' : 'The task stopped before a plan was accepted.'),
    level: record.level,
    plan: record.plan,
    batch: record.batch,
    results: record.results,
    receipts: extras.receipts ?? [],
    confirmationId: confirmation?.confirmation_id ?? null,
    confirmation: confirmation
      ? {
          confirmationId: confirmation.confirmation_id,
          level: confirmation.auth_level,
          required: confirmation.required,
          received: acceptedCount(confirmation),
          prompt: confirmation.prompt,
          stepToken: confirmation.step_token ?? null,
        }
      : null,
    undoAvailable: record.undo_available,
    stopHook,
    issues: extras.issues ?? record.issues,
    channels: record.channels,
    stateIn: extras.stateIn,
    traceRoundId: extras.traceRoundId,
    ...(extras.replayed ? { replayed: true } : {}),
  };
}
