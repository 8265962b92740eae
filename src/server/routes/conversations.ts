import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ConversationStateSchema } from '../../protocol/index.js';
import { statePolicies, statePolicy, type ConversationStates, type StateView } from '../../core/state/index.js';
import type { ServerApp } from '../server-app.js';
import { errorResponses, jsonContent, SafeIdSchema } from '../schemas.js';

/** What the conversation-state routes need: the workspace's one state machine. */
export interface ConversationRouteDependencies {
  states: ConversationStates;
}

const CueSchema = z.object({
  state: ConversationStateSchema,
  label: z.string(),
  icon: z.string(),
  description: z.string().describe('what the state changes about a round'),
});

const StateViewSchema = z.object({
  conversationId: z.string().describe('a 1:1 chat session id or a conference id'),
  state: ConversationStateSchema.describe('the state rounds run in now'),
  pending: ConversationStateSchema.nullable().describe('a change asked for, applied at the next round boundary'),
  roundOpen: z.boolean().describe('true while a round runs: a change then waits for its end'),
  cue: CueSchema,
  states: z.array(CueSchema).describe('every state, with its cue'),
}).openapi('ConversationStateView');

const params = z.object({ id: SafeIdSchema });

const getRoute = createRoute({
  method: 'get',
  path: '/api/conversations/{id}/state',
  operationId: 'getConversationState',
  tags: ['conversations'],
  summary: 'A conversation’s state (default, conversation, action, research) and any change waiting for the next round',
  request: { params },
  responses: { 200: jsonContent(StateViewSchema, 'The state'), ...errorResponses(400) },
});

const putRoute = createRoute({
  method: 'put',
  path: '/api/conversations/{id}/state',
  operationId: 'setConversationState',
  tags: ['conversations'],
  summary: 'Ask for a state change: it applies at the next round boundary, never in the middle of a round',
  request: { params, body: { content: { 'application/json': { schema: z.strictObject({ state: ConversationStateSchema }).openapi('SetConversationStateRequest') } }, required: true } },
  responses: { 200: jsonContent(StateViewSchema, 'The state, with the change pending'), ...errorResponses(400, 413) },
});

function cueOf(state: StateView['state']): z.infer<typeof CueSchema> {
  const { label, icon, description } = statePolicy(state);
  return { state, label, icon, description };
}

function body(view: StateView): z.infer<typeof StateViewSchema> {
  return { ...view, cue: cueOf(view.state), states: statePolicies().map((policy) => cueOf(policy.state)) };
}

/** `GET` and `PUT /api/conversations/{id}/state`: the state machine of SPEC §9 for chats and conferences. */
export function registerConversationRoutes(app: ServerApp, deps: ConversationRouteDependencies): void {
  app.openapi(getRoute, async (c) => c.json(body(await deps.states.current(c.req.valid('param').id)), 200));
  app.openapi(putRoute, async (c) => c.json(body(await deps.states.requestChange(c.req.valid('param').id, c.req.valid('json').state)), 200));
}
