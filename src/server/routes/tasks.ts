import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ControlRoomError, ConversationStateSchema } from '../../protocol/index.js';
import { TaskOperationSchema, TaskRecordSchema, TaskStatusSchema } from '../../protocol/tasks.js';
import { canonRebuilder, taskDependencies, type ControlRoom } from '../../adapters/compose/index.js';
import { executeTask, taskFileChanges, undoTask, type TaskDependencies } from '../../core/tasks/index.js';
import { canonIndexerOf } from '../canon-indexers.js';
import type { ServerApp } from '../server-app.js';
import type { ServerDependencies } from '../server-dependencies.js';
import { errorResponses, jsonContent, named, SafeIdSchema } from '../schemas.js';

/** What the task and confirmation routes use of the server context (a `ServerContext` fits). */
export interface TaskRouteContext {
  room: ControlRoom;
  /** `mode` (default live) and `probe` steer the canon rebuild a confirmed `canon.rebuild` starts. */
  deps: Pick<ServerDependencies, 'probe'> & { mode?: ServerDependencies['mode'] };
}

/** One set of task dependencies per app, shared by the task and confirmation routes. */
const built = new WeakMap<ControlRoom, TaskDependencies>();

/**
 * The task dependencies of a server: the room's stores and model directory, and a
 * canon rebuild that starts in the background on the server's one indexer (clients poll
 * `GET /api/canon/index/status`). The offline demo model answers chat scripts, not extraction, so
 * in the demo `auto` builds without it.
 */
export function serverTaskDependencies(context: TaskRouteContext): TaskDependencies {
  let deps = built.get(context.room);
  if (!deps) {
    const { room } = context;
    const probe = context.deps.probe;
    const demo = context.deps.mode === 'demo';
    deps = taskDependencies(room, {
      rebuildCanon: (params) =>
        canonRebuilder(room, { ...(probe ? { probe } : {}), indexer: canonIndexerOf(room), background: true })({
          mode: demo && (params.mode ?? 'auto') === 'auto' ? 'deterministic' : params.mode,
        }),
    });
    built.set(room, deps);
  }
  return deps;
}

const ExecuteBodySchema = z.strictObject({
  goal: z.string().trim().min(1).max(20_000).describe('what should change in the manuscript'),
  conversationId: SafeIdSchema.optional().describe('the conversation the task belongs to (default: tasks)'),
  state: ConversationStateSchema.optional().describe('ask for a conversation state; it applies from this round (a boundary)'),
}).openapi('ExecuteTaskRequest');

/** A task record as the API answers it. */
const TaskRecordViewSchema = named(TaskRecordSchema, 'TaskRecord');

/** A task outcome as the API answers it (the full shape is `TaskOutcome` in src/protocol/tasks.ts). */
export const TaskOutcomeSchema = z.looseObject({
  status: TaskStatusSchema,
  taskId: z.string(),
  conversationId: z.string(),
  summary: z.string(),
  level: z.number().int().min(1).max(4).nullable(),
  confirmationId: z.string().nullable(),
  confirmation: z.object({
    confirmationId: z.string(),
    level: z.union([z.literal(3), z.literal(4)]),
    required: z.union([z.literal(1), z.literal(2)]),
    received: z.number().int(),
    prompt: z.string(),
    stepToken: z.string().nullable().describe('what the next acceptance must carry (the second acceptance of a level-4 request)'),
  }).nullable().describe('the confirmation the task waits for'),
  undoAvailable: z.boolean(),
  receipts: z.array(z.string()),
  stopHook: z.string().nullable(),
  traceRoundId: z.string(),
}).openapi('TaskOutcome');

const executeRoute = createRoute({
  method: 'post',
  path: '/api/ai/task/execute',
  operationId: 'executeTask',
  tags: ['tasks'],
  summary: 'Plan, act, gate and apply a change (L3/L4 chains answer awaiting_confirmation and write nothing)',
  request: { body: { content: { 'application/json': { schema: ExecuteBodySchema } }, required: true } },
  responses: { 200: jsonContent(TaskOutcomeSchema, 'The plan, the batch, and the results with receipt ids or the pending confirmation'), ...errorResponses(400, 413, 502, 503) },
});

const getRoute = createRoute({
  method: 'get',
  path: '/api/tasks/{id}',
  operationId: 'getTask',
  tags: ['tasks'],
  summary: 'One task record: goal, plan, batch, chain, results',
  request: { params: z.object({ id: SafeIdSchema }) },
  responses: { 200: jsonContent(TaskRecordViewSchema, 'The task'), ...errorResponses(400, 404) },
});

const listRoute = createRoute({
  method: 'get',
  path: '/api/tasks',
  operationId: 'listTasks',
  tags: ['tasks'],
  summary: 'Tasks, newest first: the history of changes asked for, applied, refused and undone',
  request: { query: z.strictObject({ limit: z.coerce.number().int().min(1).max(500).optional().describe('default 100') }) },
  responses: { 200: jsonContent(z.object({ tasks: z.array(TaskRecordViewSchema) }).openapi('ListTasksResponse'), 'The tasks'), ...errorResponses(400) },
});

const FileChangeSchema = z.object({
  index: z.number().int().describe('position of the operation in the batch'),
  op: z.enum(['file.write', 'file.patch', 'file.delete']),
  path: z.string(),
  state: z.enum(['pending', 'applied', 'changed_since', 'undone', 'not_run']),
  before: z.string().nullable().describe('the text before (null: no file, or not text)'),
  after: z.string().nullable().describe('the text after (null: the file is deleted, or not text)'),
  binary: z.boolean(),
  problem: z.string().nullable(),
});

const changesRoute = createRoute({
  method: 'get',
  path: '/api/tasks/{id}/changes',
  operationId: 'getTaskChanges',
  tags: ['tasks'],
  summary: 'Each file a task would touch (waiting for confirmation) or touched, with its text before and after',
  request: { params: z.object({ id: SafeIdSchema }) },
  responses: { 200: jsonContent(z.object({ taskId: z.string(), status: TaskStatusSchema, files: z.array(FileChangeSchema) }).openapi('GetTaskChangesResponse'), 'The file changes'), ...errorResponses(400, 404) },
});

/** What an undo put back (`UndoOutcome` of src/protocol/tasks.ts). */
const UndoOutcomeSchema = z.object({
  status: z.literal('undone'),
  taskId: z.string(),
  reversed: z.array(z.object({
    index: z.number().int(),
    commandId: z.string(),
    op: TaskOperationSchema,
    path: z.string().nullable(),
    issueId: z.string().nullable(),
    receiptId: z.string(),
  })),
  receipts: z.array(z.string()),
  traceRoundId: z.string(),
}).openapi('UndoTaskResponse');

const undoRoute = createRoute({
  method: 'post',
  path: '/api/tasks/{id}/undo',
  operationId: 'undoTask',
  tags: ['tasks'],
  summary: 'Undo a task from its undo journal (`last` for the most recent one not undone)',
  request: { params: z.object({ id: SafeIdSchema }) },
  responses: { 200: jsonContent(UndoOutcomeSchema, 'What was put back'), ...errorResponses(400, 404, 409) },
});

/** `POST /api/ai/task/execute`, `GET /api/tasks`, `GET /api/tasks/{id}[/changes]`, `POST /api/tasks/{id}/undo` */
export function registerTaskRoutes(app: ServerApp, context: TaskRouteContext): void {
  app.openapi(executeRoute, async (c) => {
    const body = c.req.valid('json');
    const outcome = await executeTask(body.goal, serverTaskDependencies(context), {
      channel: 'ui',
      // A client that hangs up (the web app's Stop) cancels the planner's and actor's model calls.
      signal: c.req.raw.signal,
      ...(body.conversationId ? { conversationId: body.conversationId } : {}),
      ...(body.state ? { state: body.state } : {}),
    });
    return c.json(outcome as unknown as z.infer<typeof TaskOutcomeSchema>, 200);
  });
  app.openapi(listRoute, async (c) => {
    const limit = c.req.valid('query').limit ?? 100;
    const tasks = await serverTaskDependencies(context).store.listTasks();
    return c.json({ tasks: tasks.slice(0, limit) }, 200);
  });
  app.openapi(changesRoute, async (c) => {
    const { id } = c.req.valid('param');
    const deps = serverTaskDependencies(context);
    const task = await deps.store.getTask(id);
    if (!task) throw new ControlRoomError('task_not_found', `No task ${id}.`);
    return c.json({ taskId: task.task_id, status: task.status, files: await taskFileChanges(task, deps) }, 200);
  });
  app.openapi(getRoute, async (c) => {
    const { id } = c.req.valid('param');
    const task = await serverTaskDependencies(context).store.getTask(id);
    if (!task) throw new ControlRoomError('task_not_found', `No task ${id}.`);
    return c.json(task, 200);
  });
  app.openapi(undoRoute, async (c) => {
    const { id } = c.req.valid('param');
    const outcome = await undoTask(id === 'last' ? undefined : id, serverTaskDependencies(context));
    return c.json(outcome, 200);
  });
}
