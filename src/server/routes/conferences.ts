import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  CARD_STATES,
  ConversationNoticeSchema,
  ConversationStateSchema,
  ENTRY_STATUSES,
  EvidenceReportSchema,
  type CardState,
  type ConferenceRecord,
  type ConferenceRoundResult,
} from '../../protocol/index.js';
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
import { appendConferenceLog } from '../../adapters/json-conference-store/index.js';
import { streamEvents } from '../event-stream.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { AgentIdSchema, AudioIdSchema, errorResponses, eventStreamContent, jsonBody, jsonContent, SafeIdSchema, ToolPolicySchema } from '../schemas.js';

const ConferenceSchema = z.object({
  id: z.string(),
  attendees: z.array(z.string()).describe('roster order, the Chief first'),
  muted: z.array(z.string()),
  rounds: z.number().int(),
  cards: z.record(z.string(), z.enum(CARD_STATES)),
}).openapi('Conference');

/** One agent's part of phase 2 (`ConferenceEntry` of src/protocol/conference.ts). */
const ConferenceEntrySchema = z.object({
  agentId: z.string(),
  status: z.enum(ENTRY_STATUSES),
  content: z.string().nullable(),
  evidence: z.string().nullable(),
  report: EvidenceReportSchema.nullable(),
  issues: z.array(z.object({
    code: z.string(),
    message: z.string(),
    span: z.object({ start: z.number().int(), end: z.number().int() }).nullable().describe('UTF-16 offsets into the reply, end exclusive'),
  })),
  retried: z.boolean(),
}).openapi('ConferenceEntry');

/** A whole round (`ConferenceRoundResult` of src/protocol/conference.ts). */
const RoundResultSchema = z.object({
  conferenceId: z.string(),
  round: z.number().int(),
  issueId: z.string().nullable().describe('the issue the round was archived as; null when it ended on a notice'),
  toolExecutions: z.number().int(),
  receipts: z.array(z.string()).describe('receipt ids of phase 1, in execution order'),
  entries: z.array(ConferenceEntrySchema).describe('phase 2, in roster order'),
  cards: z.record(z.string(), z.enum(CARD_STATES)),
  rejections: z.array(z.object({ code: z.string(), message: z.string() })),
  stopHook: z.string().nullable(),
  traceRoundId: z.string(),
  message: z.string(),
  notice: ConversationNoticeSchema.nullable(),
  retries: z.array(z.object({ kind: z.enum(['model', 'output', 'tool']), code: z.string(), target: z.string() })).optional(),
  stateIn: ConversationStateSchema,
  stateOut: ConversationStateSchema,
  audioId: z.string().nullable(),
}).openapi('ConferenceRoundResult');

const ConferenceWithTranscriptSchema = ConferenceSchema.extend({
  transcript: z.array(RoundResultSchema).describe('every round so far'),
}).openapi('ConferenceWithTranscript');
type ConferenceBody = z.infer<typeof ConferenceSchema>;

const idParams = z.object({ id: SafeIdSchema });
const attendeeParams = z.object({ id: SafeIdSchema, agentId: AgentIdSchema });

/** What each event of a streamed round carries (`done` is the round, `error` the failure). */
const ROUND_EVENTS = {
  phase: z
    .looseObject({ phase: z.union([z.literal(1), z.literal(2)]), conferenceId: z.string().optional(), receipts: z.array(z.string()).optional(), toolExecutions: z.number().int().optional(), rejections: z.array(z.unknown()).optional() })
    .describe('phase 1 (the Chief’s lookups) begins, or phase 2 (each agent in turn) with what phase 1 found'),
  receipt: z.object({ receiptId: z.string(), toolId: z.string(), status: z.string() }).describe('a tool run of phase 1, with its receipt'),
  entry: ConferenceEntrySchema.extend({ card: z.enum(CARD_STATES).optional() }).describe('one agent’s entry and its card state after it'),
  closed: z.object({ round: z.number().int(), issueId: z.string().nullable() }).describe('the round is archived (and the issue it was filed as)'),
};

const createConferenceRoute = createRoute({
  method: 'post',
  path: '/api/conferences',
  operationId: 'createConference',
  tags: ['conferences'],
  summary: 'Start a conference (the Chief of Staff is added first)',
  request: { body: jsonBody(z.strictObject({ attendees: z.array(AgentIdSchema).max(50) }).openapi('CreateConferenceRequest')) },
  responses: { 200: jsonContent(ConferenceSchema, 'The new conference'), ...errorResponses(400, 404, 413) },
});
const getConferenceRoute = createRoute({
  method: 'get',
  path: '/api/conferences/{id}',
  operationId: 'getConference',
  tags: ['conferences'],
  summary: 'A conference with every round so far',
  request: { params: idParams },
  responses: { 200: jsonContent(ConferenceWithTranscriptSchema, 'The conference and its transcript'), ...errorResponses(400, 404) },
});
const inviteRoute = createRoute({
  method: 'post',
  path: '/api/conferences/{id}/attendees',
  operationId: 'addConferenceAttendee',
  tags: ['conferences'],
  summary: 'Invite an agent (between rounds)',
  request: { params: idParams, body: jsonBody(z.strictObject({ agentId: AgentIdSchema }).openapi('AddConferenceAttendeeRequest')) },
  responses: { 200: jsonContent(ConferenceSchema, 'The conference'), ...errorResponses(400, 404, 413) },
});
const removeRoute = createRoute({
  method: 'delete',
  path: '/api/conferences/{id}/attendees/{agentId}',
  operationId: 'removeConferenceAttendee',
  tags: ['conferences'],
  summary: 'Remove an attendee (409 `chief_not_removable` for the Chief)',
  request: { params: attendeeParams },
  responses: { 200: jsonContent(ConferenceSchema, 'The conference'), ...errorResponses(400, 404, 409) },
});
const muteRoute = createRoute({
  method: 'patch',
  path: '/api/conferences/{id}/attendees/{agentId}',
  operationId: 'updateConferenceAttendee',
  tags: ['conferences'],
  summary: 'Mute or unmute an attendee for this conference (409 `chief_not_mutable` for the Chief)',
  request: { params: attendeeParams, body: jsonBody(z.strictObject({ muted: z.boolean() }).openapi('ConferenceAttendeeUpdate')) },
  responses: { 200: jsonContent(ConferenceSchema, 'The conference'), ...errorResponses(400, 404, 409, 413) },
});
const roundRoute = createRoute({
  method: 'post',
  path: '/api/conferences/{id}/rounds',
  operationId: 'runConferenceRound',
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
      }).openapi('ConferenceRoundRequest'),
    ),
  },
  responses: {
    200: {
      description: 'The round: every agent’s entry, the receipts of phase 1 and the archived issue',
      content: {
        'application/json': { schema: RoundResultSchema },
        ...eventStreamContent('ConferenceRoundStream', ROUND_EVENTS, RoundResultSchema),
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
    return c.json({ ...(await conferenceBody(record, context, transcript)), transcript }, 200);
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
      if (room.flags.flags.conferenceLog) {
        await appendConferenceLog(room.root, result, { traces: room.traces, nowIso: room.clock.nowIso() });
      }
      return result;
    };
    // A client that hangs up cancels the round (the model calls included), JSON or stream alike.
    if (!body.stream) return c.json(await run(undefined, c.req.raw.signal), 200);
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
