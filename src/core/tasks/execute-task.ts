import { ControlRoomError, isControlRoomError, type ConversationState, type ValidationIssue } from '../../protocol/index.js';
import type { ConfirmationChannel } from '../../protocol/auth.js';
import {
  BatchSchema,
  EMIT_BATCH_TOOL,
  EMIT_PLAN_TOOL,
  PlanSchema,
  STOP_HOOK_MODEL_UNAVAILABLE,
  type Plan,
  type TaskOutcome,
  type TaskRecord,
} from '../../protocol/tasks.js';
import { forOneTurn, modelOptionsOf, type TurnModelState } from '../loop/index.js';
import type { Workspace } from '../ports/index.js';
import { requireConversationId } from '../state/index.js';
import { preflightBatch, type Preflight } from './preflight-batch.js';
import { runStructuredStep, offeredJsonSchema } from './structured-step.js';
import { gateTask } from './gate-task.js';
import { DEFAULT_TASK_CONVERSATION, type TaskDependencies } from './task-dependencies.js';
import { finishTaskRound } from './finish-task-round.js';
import { newTaskRecord } from './task-outcome.js';
import { actorMessages, filesNamedIn, plannerMessages, type FileExcerpt } from './task-prompts.js';
import { inTaskRound, type RoundEnd, type TaskRound } from './task-round.js';

export interface ExecuteTaskOptions {
  /** The conversation the task belongs to (default `tasks`); its state steers the round. */
  conversationId?: string;
  /** Asks for a state change; it applies at this round's start, a round boundary. */
  state?: ConversationState;
  /** Where the goal came from: `text` (CLI, chat) or `ui`. */
  channel?: ConfirmationChannel;
  signal?: AbortSignal;
}

const PLAN_JSON_SCHEMA = offeredJsonSchema(PlanSchema);
const BATCH_JSON_SCHEMA = offeredJsonSchema(BatchSchema);
const MAX_EXCERPT_CHARS = 12_000;
const MAX_EXCERPTS_CHARS = 40_000;

/** The files a plan names, verbatim (capped), so the actor can copy patch text exactly. */
async function readExcerpts(paths: readonly string[], workspace: Workspace): Promise<FileExcerpt[]> {
  const excerpts: FileExcerpt[] = [];
  let budget = MAX_EXCERPTS_CHARS;
  for (const path of paths) {
    if (budget <= 0) break;
    const file = await workspace.read(path).catch(() => null);
    if (file === null) continue;
    const limit = Math.min(MAX_EXCERPT_CHARS, budget);
    excerpts.push({ path, content: file.content.slice(0, limit), truncated: file.content.length > limit });
    budget -= Math.min(file.content.length, limit);
  }
  return excerpts;
}

function modelUnavailable(error: unknown): error is ControlRoomError {
  return isControlRoomError(error) && error.code.startsWith('model_') && error.code !== 'model_cancelled';
}

/**
 * Runs a task (SPEC §10): the planner emits a plan, the actor a batch of operations (each output
 * read through the cascade and validated strictly, with at most one structured retry), the batch
 * is checked against the workspace (fail loud: one bad envelope refuses all of it), and the chain
 * is gated ONCE at its highest level before anything is applied. L1/L2 chains are applied now (L2
 * with an undo journal); L3/L4 chains return `awaiting_confirmation` and nothing is written until
 * `confirmTask`. Everything is traced in one round of the conversation.
 */
export async function executeTask(goal: string, deps: TaskDependencies, options: ExecuteTaskOptions = {}): Promise<TaskOutcome> {
  if (typeof goal !== 'string' || goal.trim() === '') {
    throw new ControlRoomError('usage_error', 'Say what the task should do, e.g. control-room task "Fix Hester\'s eye colour in scene 3".');
  }
  const conversationId = requireConversationId(options.conversationId ?? DEFAULT_TASK_CONVERSATION);
  if (options.state) await deps.states.requestChange(conversationId, options.state);
  const taskId = `task_${deps.ids.uuidv7()}`;
  // The planner's and the actor's calls are one turn: its retries, and the fallback once it answered.
  const turn: TurnModelState = { onFallback: false, retries: [] };
  const outcome = await inTaskRound(deps, conversationId, [taskId, `chain_${taskId}`], async (round) => {
    const scrubbed = (await deps.scrubber.scrub(goal)).text;
    const record = newTaskRecord({ taskId, goal: scrubbed, conversationId, roundId: round.roundId, nowIso: deps.clock.nowIso() });
    await round.tracer.event({ event_type: 'input.received', payload: { raw_text: scrubbed, channel: options.channel ?? 'text', task_id: taskId } });
    try {
      return await planActAndGate(record, round, deps, options, turn);
    } catch (error) {
      if (!modelUnavailable(error)) throw error;
      record.status = 'failed';
      record.issues = [{ code: error.code, message: error.message, path: [] }];
      return finishTaskRound(record, round, deps, { stopHook: STOP_HOOK_MODEL_UNAVAILABLE, failure: { code: error.code, reason: error.message } });
    }
  });
  return { ...outcome, retries: turn.retries };
}

async function planActAndGate(record: TaskRecord, round: TaskRound, deps: TaskDependencies, options: ExecuteTaskOptions, turn: TurnModelState): Promise<RoundEnd<TaskOutcome>> {
  const files = await deps.workspace.listFiles();
  const modelOptions = modelOptionsOf(deps, round.tracer);
  const common = { policy: round.policy, tracer: round.tracer, modelOptions, ...(options.signal ? { signal: options.signal } : {}) };
  const planner = deps.modelsFor('planner');
  const planned = await runStructuredStep({
    ...common,
    what: 'plan',
    tool: { name: EMIT_PLAN_TOOL, description: 'Emit the plan for the writer\'s goal: summary, risks, hints for the actor, and a draft batch.' },
    schema: PlanSchema,
    jsonSchema: PLAN_JSON_SCHEMA,
    messages: plannerMessages(record.goal, files),
    models: forOneTurn(planner.models, turn),
    profile: planner.profile,
  });
  record.channels.planner = planned.channel;
  if (!planned.ok) return invalid(record, round, deps, planned.issues);
  const plan: Plan = planned.value;
  record.plan = plan;
  let preflight: Preflight = { issues: [], duplicates: new Set(), undone: new Set() };
  const actor = deps.modelsFor('actor');
  const acted = await runStructuredStep({
    ...common,
    what: 'batch',
    tool: { name: EMIT_BATCH_TOOL, description: 'Emit the batch of workspace operations that carries out the plan.' },
    schema: BatchSchema,
    jsonSchema: BATCH_JSON_SCHEMA,
    messages: actorMessages(record.goal, plan, files, await readExcerpts(filesNamedIn(plan, files), deps.workspace)),
    models: forOneTurn(actor.models, turn),
    profile: actor.profile,
    check: async (value) => {
      preflight = await preflightBatch(value.batch, deps);
      return preflight.issues;
    },
  });
  record.channels.actor = acted.channel;
  if (!acted.ok) return invalid(record, round, deps, acted.issues);
  record.batch = acted.value.batch;
  return gateTask(record, preflight.duplicates, { kind: 'task', summary: plan.summary }, round, deps);
}

async function invalid(record: TaskRecord, round: TaskRound, deps: TaskDependencies, issues: ValidationIssue[]): Promise<RoundEnd<TaskOutcome>> {
  record.status = 'invalid';
  record.issues = issues;
  return finishTaskRound(record, round, deps, { failure: { code: 'task_output_invalid', reason: `The model output was refused after one structured retry (${issues.length} issue(s)).` } });
}
