/**
 * Command authorization and conversation state (SPEC §9; the thinking-router plan's "Auth/state
 * truth table" and "Data contracts"). Commands with side effects carry a level 1–4; a chain of
 * commands is gated once, at its start, at its highest level. The plan treats authorization and
 * conversation state as one state machine (its phase 2), so both contracts live here.
 */
import { z } from 'zod';
import { ConversationStateSchema } from './traces.js';

/** Version of every persisted object below (confirmations, conversation state). */
export const AUTH_SCHEMA_VERSION = 1;

export const AUTH_LEVELS = [1, 2, 3, 4] as const;
export type AuthLevel = (typeof AUTH_LEVELS)[number];
export const AuthLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** What one level demands before and after a command runs. */
export interface AuthRule {
  /** Confirmations needed before anything runs (each one a separate call). */
  confirmations: 0 | 1 | 2;
  /** Whether the previous state is journalled so the person can undo right after. */
  undo: boolean;
  /** One line for help texts and the UI. */
  description: string;
}

/**
 * The truth table. L1 runs at once (nothing to reverse); L2 runs and keeps what it replaced so an
 * objection can undo it; L3 waits for one confirmation; L4 for two separate confirmations.
 */
export const AUTH_RULES: Readonly<Record<AuthLevel, AuthRule>> = {
  1: { confirmations: 0, undo: false, description: 'runs at once; nothing to reverse' },
  2: { confirmations: 0, undo: true, description: 'runs at once and can be undone' },
  3: { confirmations: 1, undo: false, description: 'waits for one confirmation' },
  4: { confirmations: 2, undo: false, description: 'waits for two separate confirmations' },
};

/** Where a confirmation came from: typed (CLI, chat), clicked (web UI) or spoken. */
export const ConfirmationChannelSchema = z.enum(['text', 'ui', 'voice']);
export type ConfirmationChannel = z.infer<typeof ConfirmationChannelSchema>;

/** One command of a chain: an operation with its level (the plan's `Command`). */
export const CommandSchema = z.strictObject({
  command_id: z.string().min(1),
  /** 1, 2, 3 … in the order the commands run. */
  order: z.number().int().min(1),
  auth_level: AuthLevelSchema,
  /** A short human description, e.g. `delete Story/Scenes/SCN-12-the-glass.md`. */
  summary: z.string(),
  /** Opaque to the gate: for tasks, the operation envelope. */
  params: z.unknown(),
  /** Why the command got its level, e.g. `op file.delete → L4`. */
  source_rule: z.string().optional(),
});
export type Command = z.infer<typeof CommandSchema>;

/** Commands authorized together; `chain_level` is the highest level among them. */
export const CommandChainSchema = z
  .strictObject({
    chain_id: z.string().min(1),
    commands: z.array(CommandSchema).min(1),
    chain_level: AuthLevelSchema,
    macro: z.string().nullable(),
  })
  .refine((chain) => chain.chain_level === Math.max(...chain.commands.map((command) => command.auth_level)), {
    message: 'chain_level must be the highest auth_level of its commands',
    path: ['chain_level'],
  });
export type CommandChain = z.infer<typeof CommandChainSchema>;

/** One answer to a confirmation prompt (the plan's `ConfirmationRecord`); L4 chains get two. */
export const ConfirmationRecordSchema = z.strictObject({
  schema_version: z.literal(AUTH_SCHEMA_VERSION),
  confirmation_id: z.string().min(1),
  chain_id: z.string().min(1),
  /** Set when a single command (not a chain) was confirmed. */
  command_id: z.string().min(1).nullable(),
  auth_level: AuthLevelSchema,
  summary: z.string(),
  /** The question the person answered. */
  prompt: z.string(),
  response: z.enum(['accept', 'refuse']),
  confirmed: z.boolean(),
  /** 1 for the first answer, 2 for the second confirmation of an L4 chain. */
  step: z.number().int().min(1).max(2),
  timestamp: z.string(),
  channel: ConfirmationChannelSchema,
  /**
   * The caller's id for this answer (an `Idempotency-Key`), when it sent one: the same id again is a
   * replay of this answer, never a new one. Absent on records written before it existed.
   */
  request_id: z.string().min(1).max(200).nullable().optional(),
});
export type ConfirmationRecord = z.infer<typeof ConfirmationRecordSchema>;

export const ConfirmationStatusSchema = z.enum(['pending', 'confirmed', 'refused']);
export type ConfirmationStatus = z.infer<typeof ConfirmationStatusSchema>;

/**
 * A chain waiting for its confirmations (`.control-room/confirmations/<id>.json`). `pending` until
 * `required` accepting answers arrived (then `confirmed`) or one refusal (then `refused`).
 */
export const ConfirmationRequestSchema = z.strictObject({
  schema_version: z.literal(AUTH_SCHEMA_VERSION),
  confirmation_id: z.string().min(1),
  task_id: z.string().min(1),
  chain_id: z.string().min(1),
  conversation_id: z.string().min(1),
  auth_level: z.union([z.literal(3), z.literal(4)]),
  required: z.union([z.literal(1), z.literal(2)]),
  summary: z.string(),
  /** The question for the next answer (it names the step, e.g. "2 of 2"). */
  prompt: z.string(),
  status: ConfirmationStatusSchema,
  records: z.array(ConfirmationRecordSchema),
  /**
   * The step token of an L4 request: minted, at random, by its first acceptance and returned to
   * that caller only; the second acceptance must carry it, so a repeated first answer (a retry, a
   * double click, a concurrent copy) can never count as the second. Single-use: once it confirmed
   * the request it only identifies a replay of that answer. Never listed by the API or the CLI.
   */
  step_token: z.string().min(1).nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConfirmationRequest = z.infer<typeof ConfirmationRequestSchema>;

/** A confirmation as lists show it: everything but the step token, which only its first answerer gets. */
export type ConfirmationListing = Omit<ConfirmationRequest, 'step_token'>;

/**
 * A conversation's state (`.control-room/state/<conversationId>.json`). `state` is fixed while a
 * round runs; a change asked for meanwhile waits in `pending` until the round boundary.
 */
export const ConversationStateRecordSchema = z.strictObject({
  schema_version: z.literal(AUTH_SCHEMA_VERSION),
  conversation_id: z.string().min(1),
  state: ConversationStateSchema,
  pending: ConversationStateSchema.nullable(),
  /** True between the start and the end of a round. */
  round_open: z.boolean(),
  /** The last change applied at a boundary, for the UI and for audits. */
  last_transition: z.strictObject({ from: ConversationStateSchema, to: ConversationStateSchema, at: z.string() }).nullable(),
  updated_at: z.string(),
});
export type ConversationStateRecord = z.infer<typeof ConversationStateRecordSchema>;

/** Codes of the failures the authorization flow throws (as `ControlRoomError`). */
export const AUTH_ERROR_CODES = [
  /** No confirmation with that id. */
  'confirmation_not_found',
  /** The confirmation was already answered (confirmed or refused); it takes no more answers. */
  'confirmation_closed',
  /**
   * The step token is wrong for this answer: the second acceptance of an L4 request must carry the
   * token its first acceptance returned, and no other answer may carry one.
   */
  'step_token_invalid',
  /** An answer's request id was used before for a different answer to the same confirmation. */
  'confirmation_request_conflict',
  /** No task with that id. */
  'task_not_found',
  /** Nothing to undo: the task kept no undo journal, or there is no applied task. */
  'undo_not_available',
  /** The task was undone already. */
  'undo_already_done',
  /** A file changed after the task wrote it; undoing would lose that change. */
  'undo_conflict',
  /** A conversation id that cannot name a state file. */
  'conversation_id_invalid',
  /** A persisted task, confirmation or state file does not parse. */
  'task_store_corrupt',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
