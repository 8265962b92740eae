/**
 * Tasks (SPEC §10, after the JSON tool-calling reference): a planner model emits a plan, an actor
 * model emits a batch of operation envelopes, every envelope is validated (fail loud: one bad
 * envelope refuses the whole batch), the chain is gated once at its highest authorization level,
 * and each applied operation leaves a signed receipt.
 *
 * Each operation's authorization level comes from the one table every door consults,
 * `AUTHORIZATION_TABLE` in src/core/auth/authorization-table.ts.
 */
import { z } from 'zod';
import { AuthLevelSchema, CommandChainSchema, type AuthLevel } from './auth.js';
import { IssuePrioritySchema } from './issues.js';
import { ToolChannelSchema, type ToolChannel, type ValidationIssue } from './tool-calls.js';
import type { ConversationState } from './traces.js';
import type { RetryRecord } from './model.js';
import { MAX_VFS_READ_BYTES } from './vfs.js';

/** Version of every persisted task object (task records, undo journals, idempotency records). */
export const TASK_SCHEMA_VERSION = 1;

/** The stop hook of a task whose model output stayed invalid after the one structured retry. */
export const STOP_HOOK_TASK_OUTPUT_INVALID = 'task_output_invalid';
/** The stop hook of a task whose model could not be reached after the retry policy. */
export const STOP_HOOK_MODEL_UNAVAILABLE = 'model_unavailable';

/** The native tools the planner and the actor are asked to call (JSON-first, cascade fallback). */
export const EMIT_PLAN_TOOL = 'emit_plan';
export const EMIT_BATCH_TOOL = 'emit_batch';

/** Most operations one batch may carry. */
export const MAX_BATCH_OPERATIONS = 50;

export const TASK_OPERATIONS = ['file.write', 'file.patch', 'file.delete', 'issue.create', 'issue.close', 'canon.rebuild'] as const;
export const TaskOperationSchema = z.enum(TASK_OPERATIONS);
export type TaskOperation = z.infer<typeof TaskOperationSchema>;

/** A workspace-relative manuscript path; path safety is checked when the batch is validated. */
const manuscriptPath = z.string().min(1).max(1024);

export const FileWriteParamsSchema = z.strictObject({
  path: manuscriptPath,
  /** The whole new content of the file (created when missing). */
  content: z.string().max(MAX_VFS_READ_BYTES),
});
export const FilePatchParamsSchema = z.strictObject({
  path: manuscriptPath,
  /** Exact text to find; it must occur exactly once in the file. */
  find: z.string().min(1).max(MAX_VFS_READ_BYTES),
  replace: z.string().max(MAX_VFS_READ_BYTES),
});
export const FileDeleteParamsSchema = z.strictObject({ path: manuscriptPath });
export const IssueCreateParamsSchema = z.strictObject({
  title: z.string().min(1).max(300),
  body: z.string().max(100_000),
  tags: z.array(z.string().min(1).max(60)).max(20).optional(),
  priority: IssuePrioritySchema.optional(),
});
export const IssueCloseParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });
/** How a canon build extracts facts: `auto` asks the model when its server answers. */
export const CanonBuildModeSchema = z.enum(['auto', 'model', 'deterministic']);
export type CanonBuildMode = z.infer<typeof CanonBuildModeSchema>;
export const CanonRebuildParamsSchema = z.strictObject({
  /** Default `deterministic`: the cards' fields and lore bullets, no model. */
  mode: CanonBuildModeSchema.optional(),
});
export type CanonRebuildParams = z.infer<typeof CanonRebuildParamsSchema>;

/** Optional correlation fields every envelope may carry. */
const envelopeExtras = {
  /** The model's own label for the operation (echoed in results). */
  id: z.string().min(1).max(128).optional(),
  /** Makes a re-sent operation a no-op: the same key with the same params is applied once. */
  idempotencyKey: z.string().min(1).max(200).optional(),
};

/** One workspace operation: `{op, params, id?, idempotencyKey?}`, unknown keys refused at every level. */
export const EnvelopeSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('file.write'), params: FileWriteParamsSchema, ...envelopeExtras }),
  z.strictObject({ op: z.literal('file.patch'), params: FilePatchParamsSchema, ...envelopeExtras }),
  z.strictObject({ op: z.literal('file.delete'), params: FileDeleteParamsSchema, ...envelopeExtras }),
  z.strictObject({ op: z.literal('issue.create'), params: IssueCreateParamsSchema, ...envelopeExtras }),
  z.strictObject({ op: z.literal('issue.close'), params: IssueCloseParamsSchema, ...envelopeExtras }),
  z.strictObject({ op: z.literal('canon.rebuild'), params: CanonRebuildParamsSchema, ...envelopeExtras }),
]);
export type Envelope = z.infer<typeof EnvelopeSchema>;
export type EnvelopeOf<Op extends TaskOperation> = Extract<Envelope, { op: Op }>;

/** What the planner emits (through `emit_plan`): the intent, risks, hints and a draft batch. */
export const PlanSchema = z.strictObject({
  summary: z.string().min(1).max(2000),
  risks: z.array(z.string().max(500)).max(20).optional(),
  actor_hints: z.array(z.string().max(500)).max(20).optional(),
  /** A first draft; the actor's batch is what runs. May be empty. */
  batch: z.array(EnvelopeSchema).max(MAX_BATCH_OPERATIONS),
});
export type Plan = z.infer<typeof PlanSchema>;

/** What the actor emits (through `emit_batch`): the operations to run, in order. */
export const BatchSchema = z.strictObject({
  batch: z.array(EnvelopeSchema).min(1).max(MAX_BATCH_OPERATIONS),
});
export type Batch = z.infer<typeof BatchSchema>;

/** A path-level problem, persisted (the shape of `ValidationIssue`). */
export const ValidationIssueSchema = z.strictObject({
  code: z.string(),
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])),
});

export const TaskStatusSchema = z.enum(['awaiting_confirmation', 'applied', 'partial', 'invalid', 'refused', 'failed', 'undone']);
/**
 * `applied` every operation ran (or was a duplicate of a change that stands); `partial` one failed
 * after others ran; `failed` nothing ran; `invalid` the model output was refused; `refused` a person
 * said no; `undone` the task was undone — or it only re-sent idempotency keys whose changes were
 * undone since, so nothing was written (the real state, never a second `applied`).
 */
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/**
 * `duplicate`: its idempotency key was applied before and that change stands; `undone`: its key
 * was applied before and that change was undone since — nothing is written again either way.
 */
export const OperationStatusSchema = z.enum(['applied', 'duplicate', 'undone', 'failed', 'not_run']);
export type OperationStatus = z.infer<typeof OperationStatusSchema>;

/** What happened to one envelope of the batch. */
export const AppliedOperationSchema = z.strictObject({
  /** Position in the batch (0-based). */
  index: z.number().int().min(0),
  command_id: z.string().min(1),
  op: TaskOperationSchema,
  /** The envelope's own `id`, when it had one. */
  envelope_id: z.string().nullable(),
  status: OperationStatusSchema,
  /** The signed receipt of this run; for a duplicate, the receipt of the run that applied it. */
  receipt_id: z.string().nullable(),
  result: z.unknown(),
  error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
  idempotency_key: z.string().nullable(),
});
export type AppliedOperation = z.infer<typeof AppliedOperationSchema>;

/** Which cascade channel each model output came through (SPEC §4: recorded for every turn). */
export const TaskChannelsSchema = z.strictObject({ planner: ToolChannelSchema.nullable(), actor: ToolChannelSchema.nullable() });

/** A task as stored in `.control-room/tasks/<taskId>.json`. */
export const TaskRecordSchema = z.strictObject({
  schema_version: z.literal(TASK_SCHEMA_VERSION),
  task_id: z.string().min(1),
  goal: z.string(),
  conversation_id: z.string().min(1),
  status: TaskStatusSchema,
  plan: PlanSchema.nullable(),
  batch: z.array(EnvelopeSchema),
  /** The commands that run (duplicates of applied idempotency keys excluded); null when none. */
  chain: CommandChainSchema.nullable(),
  level: AuthLevelSchema.nullable(),
  confirmation_id: z.string().nullable(),
  results: z.array(AppliedOperationSchema),
  issues: z.array(ValidationIssueSchema),
  channels: TaskChannelsSchema,
  undo_available: z.boolean(),
  trace_round_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskRecord = z.infer<typeof TaskRecordSchema>;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** What one applied operation replaced, so it can be put back. */
export const UndoEntrySchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('file'),
    index: z.number().int().min(0),
    command_id: z.string().min(1),
    op: TaskOperationSchema,
    path: z.string().min(1),
    /** The file's bytes before (base64), or null when it did not exist. */
    previous_base64: z.string().nullable(),
    previous_sha256: sha256.nullable(),
    /** The file's sha256 right after the operation, or null when it deleted the file. */
    written_sha256: sha256.nullable(),
  }),
  z.strictObject({ kind: z.literal('issue_created'), index: z.number().int().min(0), command_id: z.string().min(1), op: TaskOperationSchema, issue_id: z.string().min(1) }),
  z.strictObject({
    kind: z.literal('issue_status'),
    index: z.number().int().min(0),
    command_id: z.string().min(1),
    op: TaskOperationSchema,
    issue_id: z.string().min(1),
    previous_status: z.enum(['open', 'closed']),
  }),
]);
export type UndoEntry = z.infer<typeof UndoEntrySchema>;

/** The undo journal of one task (`.control-room/tasks/undo/<taskId>.json`), in the order applied. */
export const UndoJournalSchema = z.strictObject({
  schema_version: z.literal(TASK_SCHEMA_VERSION),
  task_id: z.string().min(1),
  conversation_id: z.string().min(1),
  entries: z.array(UndoEntrySchema),
  created_at: z.string(),
  undone_at: z.string().nullable(),
});
export type UndoJournal = z.infer<typeof UndoJournalSchema>;

/** One applied idempotency key (`.control-room/tasks/idempotency/<sha256 of key>.json`). */
export const IdempotencyRecordSchema = z.strictObject({
  schema_version: z.literal(TASK_SCHEMA_VERSION),
  key: z.string().min(1),
  op: TaskOperationSchema,
  /** sha256 of the canonical JSON of `{op, params}`: the same key with other params is a conflict. */
  params_sha256: sha256,
  task_id: z.string().min(1),
  command_id: z.string().min(1),
  receipt_id: z.string().min(1),
  recorded_at: z.string(),
});
export type IdempotencyRecord = z.infer<typeof IdempotencyRecordSchema>;

/** A pending confirmation as a task outcome shows it. */
export interface PendingConfirmationView {
  confirmationId: string;
  level: 3 | 4;
  required: 1 | 2;
  received: number;
  prompt: string;
  /**
   * What the next acceptance must carry: the step token the first acceptance of an L4 request
   * minted (null while none is needed). Only the answers to that confirmation return it.
   */
  stepToken: string | null;
}

/** What `executeTask`, `confirm` and `refuse` return (and the CLI/HTTP print). */
export interface TaskOutcome {
  status: TaskStatus;
  taskId: string;
  conversationId: string;
  /** The plan's summary, or why the task stopped. */
  summary: string;
  /** The chain's level; null when nothing was gated (invalid output, or only duplicates). */
  level: AuthLevel | null;
  plan: Plan | null;
  batch: Envelope[];
  results: AppliedOperation[];
  /** Receipt ids of the operations this call applied. */
  receipts: string[];
  /** Set while the chain waits for confirmation. */
  confirmationId: string | null;
  confirmation: PendingConfirmationView | null;
  undoAvailable: boolean;
  stopHook: typeof STOP_HOOK_TASK_OUTPUT_INVALID | typeof STOP_HOOK_MODEL_UNAVAILABLE | null;
  issues: ValidationIssue[];
  channels: { planner: ToolChannel | null; actor: ToolChannel | null };
  /** The conversation state the round ran in. */
  stateIn: ConversationState;
  traceRoundId: string;
  /** Set when this call repeated an answer already given: nothing new was recorded or applied. */
  replayed?: boolean;
  /** Every retry the task's model calls made (a call sent again, an output asked for again), with its reason; set by `task`. */
  retries?: RetryRecord[];
}

/** One reversed operation of an undo. */
export interface ReversedOperation {
  index: number;
  commandId: string;
  op: TaskOperation;
  path: string | null;
  issueId: string | null;
  receiptId: string;
}

/** What `undo` returns. */
export interface UndoOutcome {
  status: 'undone';
  taskId: string;
  reversed: ReversedOperation[];
  receipts: string[];
  traceRoundId: string;
}
