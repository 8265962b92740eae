import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { CARD_STATES, ConversationStateSchema, type CardState, type ConferenceRecord, type ConferenceRoundResult } from '../../protocol/index.js';
import {
  createConference,
  inviteToConference,
  muteInConference,
  removeFromConference,
  requireConference,
  roundSeats,
  runConferenceRound,
  type ConferenceRosterDependencies,
} from '../../core/conference/index.js';
import { streamEvents } from '../event-stream.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { AgentIdSchema, AudioIdSchema, errorResponses, jsonContent, LooseObjectSchema, SafeIdSchema, ToolPolicySchema } from '../schemas.js';

const ConferenceSchema = z.object({
  id: z.string(),
  attendees: z.array(z.string()).describe('roster order, the Chief first'),
  muted: z.array(z.string()),
  rounds: z.number().int(),
  cards: z.record(z.string(), z.enum(CARD_STATES)),
});
const ConferenceWithTranscriptSchema = ConferenceSchema.extend({
  transcript: z.array(LooseObjectSchema.describe('ConferenceRoundResult (src/protocol/conference.ts)')),
});
type ConferenceBody = z.infer<typeof ConferenceSchema>;

const idParams = z.object({ id: SafeIdSchema });
const attendeeParams = z.object({ id: SafeIdSchema, agentId: AgentIdSchema });
const jsonBody = <Schema extends z.ZodType>(schema: Schema) => ({ content: { 'application/json': { schema } }, required: true });

const createConferenceRoute = createRoute({
  method: 'post',
  path: '/api/conferences',
  tags: ['conferences'],
  summary: 'Start a conference (the Chief of Staff is added first)',
  request: { body: jsonBody(z.strictObject({ attendees: z.array(AgentIdSchema).max(50) })) },
  responses: { 200: jsonContent(ConferenceSchema, 'The new conference'), ...errorResponses(400, 404, 413) },
});
const getConferenceRoute = createRoute({
  method: 'get',
  path: '/api/conferences/{id}',
  tags: ['conferences'],
  summary: 'A conference with every round so far',
  request: { params: idParams },
  responses: { 200: jsonContent(ConferenceWithTranscriptSchema, 'The conference and its transcript'), ...errorResponses(400, 404) },
});
const inviteRoute = createRoute({
  method: 'post',
  path: '/api/conferences/{id}/attendees',
  tags: ['conferences'],
  summary: 'Invite an agent (between rounds)',
  request: { params: idParams, body: jsonBody(z.strictObject({ agentId: AgentIdSchema })) },
  responses: { 200: jsonContent(ConferenceSchema, 'The conference'), ...errorResponses(400, 404, 413) },
});
const removeRoute = createRoute({
  method: 'delete',
  path: '/api/conferences/{id}/attendees/{agentId}',
  tags: ['conferences'],
  summary: 'Remove an attendee (409 `chief_not_removable` for the Chief)',
  request: { params: attendeeParams },
  responses: { 200: jsonContent(ConferenceSchema, 'The conference'), ...errorResponses(400, 404, 409) },
});
const muteRoute = createRoute({
  method: 'patch',
  path: '/api/conferences/{id}/attendees/{agentId}',
  tags: ['conferences'],
  summary: 'Mute or unmute an attendee for this conference (409 `chief_not_mutable` for the Chief)',
  request: { params: attendeeParams, body: jsonBody(z.strictObject({ muted: z.boolean() })) },
  responses: { 200: jsonContent(ConferenceSchema, 'The conference'), ...errorResponses(400, 404, 409, 413) },
});
const roundRoute = createRoute({
  method: 'post',
  path: '/api/conferences/{id}/rounds',
  tags: ['conferences'],
  summary: 'Run one two-phase round (SSE when `stream` is true: phase, receipt, entry per agent, done)',
  request: {
    params: idParams,
    body: jsonBody(
      z.strictObject({
        message: z.string().max(20_000).describe('an empty, blank or unreadable message gets a clarification back, without a model call'),
        stream: z.boolean().optional(),
        toolPolicy: ToolPolicySchema.optional().describe('as for chat: the tools phase 1 may use, and whether a call is required (then the envelope schema is sent)'),
        state: ConversationStateSchema.optional().describe("switch the conference's state at this round's boundary (it holds for later rounds)"),
        audioId: AudioIdSchema.optional().describe('a clip uploaded with POST /api/audio for this round: linked to its trace round both ways'),
      }),
    ),
  },
  responses: {
    200: {
      description: 'The round: every agent’s entry, the receipts of phase 1 and the archived issue',
      content: {
        'application/json': { schema: LooseObjectSchema.describe('ConferenceRoundResult (src/protocol/conference.ts)') },
        'text/event-stream': { schema: z.string().describe('events: phase {phase:1|2,…}, receipt {receiptId,toolId,status}, entry (ConferenceEntry + card), done (the round) or error {code,message}') },
      },
    },
    ...errorResponses(400, 404, 413),
  },
});

/** Card states now: the roster's defaults, the last round's outcome, and mutes on top. */
function cardsOf(record: ConferenceRecord, context: ServerContext, lastRound: ConferenceRoundResult | undefined): Record<string, CardState> {
  const cards: Record<string, CardState> = {};
  for (const seat of roundSeats(record, context.room.agents)) {
    const previous = lastRound?.cards[seat.agent.id];
    cards[seat.agent.id] = seat.muted ? 'Muted' : seat.agent.id === record.attendees[0] ? 'Moderator' : previous === 'Abstained' ? 'Abstained' : 'Participant';
  }
  return cards;
}

async function conferenceBody(record: ConferenceRecord, context: ServerContext, transcript?: ConferenceRoundResult[]): Promise<ConferenceBody> {
  const rounds = transcript ?? (await context.deps.conference.transcripts.list(record.id));
  return { id: record.id, attendees: record.attendees, muted: record.muted, rounds: record.rounds, cards: cardsOf(record, context, rounds.at(-1)) };
}

/** Conferences: create, read (with the transcript), invite, remove, mute, and run a round (JSON or SSE). */
export function registerConferenceRoutes(app: ServerApp, context: ServerContext): void {
  const { room } = context;
  const roster = (): ConferenceRosterDependencies => ({ conferences: context.deps.conference.conferences, agents: room.agents, clock: room.clock, ids: room.ids });
  app.openapi(createConferenceRoute, async (c) => {
    const record = await createConference({ attendees: c.req.valid('json').attendees }, roster());
    return c.json(await conferenceBody(record, context, []), 200);
  });
  app.openapi(getConferenceRoute, async (c) => {
    const record = await requireConference(c.req.valid('param').id, context.deps.conference.conferences);
    const transcript = await context.deps.conference.transcripts.list(record.id);
    return c.json({ ...(await conferenceBody(record, context, transcript)), transcript: transcript as unknown as Array<Record<string, unknown>> }, 200);
  });
  app.openapi(inviteRoute, async (c) => {
    const record = await inviteToConference(c.req.valid('param').id, [c.req.valid('json').agentId], roster());
    return c.json(await conferenceBody(record, context), 200);
  });
  app.openapi(removeRoute, async (c) => {
    const { id, agentId } = c.req.valid('param');
    return c.json(await conferenceBody(await removeFromConference(id, agentId, roster()), context), 200);
  });
  app.openapi(muteRoute, async (c) => {
    const { id, agentId } = c.req.valid('param');
    return c.json(await conferenceBody(await muteInConference(id, agentId, c.req.valid('json').muted, roster()), context), 200);
  });
  app.openapi(roundRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    // An unknown conference is a plain 404 before anything is streamed; so is an unknown tool a 400.
    await requireConference(id, context.deps.conference.conferences);
    if (body.toolPolicy?.allowedTools) room.registry.restrict(body.toolPolicy.allowedTools);
    const run = async (onEvent?: Parameters<typeof runConferenceRound>[0]['onEvent'], signal?: AbortSignal): Promise<ConferenceRoundResult> => {
      const request = {
        conferenceId: id,
        message: body.message,
        ...(body.toolPolicy ? { toolPolicy: body.toolPolicy } : {}),
        ...(body.state ? { state: body.state } : {}),
        ...(body.audioId ? { audioId: body.audioId } : {}),
        ...(onEvent ? { onEvent } : {}),
        ...(signal ? { signal } : {}),
      };
      const result = await runConferenceRound(request, context.conferenceDependencies());
      await context.deps.conference.transcripts.append(result);
      return result;
    };
    // A client that hangs up cancels the round (the model calls included), JSON or stream alike.
    if (!body.stream) return c.json((await run(undefined, c.req.raw.signal)) as unknown as Record<string, unknown>, 200);
    return streamEvents(c, context.development, (send, signal) => {
      send('phase', { phase: 1, conferenceId: id });
      return run((event) => {
        if (event.type === 'tool-run') send('receipt', { receiptId: event.receiptId, toolId: event.toolId, status: event.status });
        else if (event.type === 'phase-one-done') send('phase', { phase: 2, receipts: event.receipts, toolExecutions: event.toolExecutions, rejections: event.rejections });
        else if (event.type === 'entry-decided') send('entry', { ...event.entry, card: event.card });
        else send('closed', { round: event.round, issueId: event.issueId });
      }, signal);
    });
  });
}
