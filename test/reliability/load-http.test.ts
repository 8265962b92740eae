/**
 * Load through the real server (issue 8; SPEC §4, §6, §9): the compiled `control-room serve`
 * over the sample novel, one loopback model server whose replies echo per-conversation markers,
 * 20 conferences created over HTTP, then 20 conference rounds and 100 1:1 turns over 25
 * sessions fired at once — half of each as JSON, half as server-sent events. Afterwards, through
 * the API and then by opening the stores on disk once the server has stopped: every request got
 * a 2xx with only its own marker, every round's trace is complete, every receipt chain verifies
 * with exactly 120 receipts holding only their own conversation's inputs, every JSON store
 * parses, and no temp file is left. (`load.test.ts` runs the same load in-process.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonIssueStore } from '../../src/adapters/json-issue-store/index.js';
import { JsonlAuditLog, verifyWorkspaceAudit } from '../../src/adapters/jsonl-audit-log/index.js';
import { startLoopbackModelServer, type LoopbackModelServer } from '../../src/adapters/loopback-model-server/index.js';
import { openSqliteTraceStore } from '../../src/adapters/sqlite-trace-store/index.js';
import type { ConferenceEntry, ConferenceRoundResult, TracedRound } from '../../src/protocol/index.js';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { eventsNamed, postForEvents, requestJson, type EventAnswer } from './helpers/http-client.js';
import { startKillableServer, type KillableServer } from './helpers/killable-server.js';
import { marker, MARKER_PATTERN, markerScript } from './helpers/marker-model.js';
import { eventOrderProblems, leftoverTempFiles, unparseableJson } from './helpers/store-checks.js';

const CHAT_TURNS = 100;
const SESSIONS = 25;
const CONFERENCES = 20;
const AGENTS = ['chief', 'editor', 'continuity', 'line-editor', 'story-architect'];

interface ChatBody {
  content: string;
  receipts: string[];
  stopHook: string | null;
  traceRoundId: string;
  sessionId: string;
}
interface Outcome<T> {
  own: string;
  /** The chat session or the conference. */
  conversation: string;
  streamed: boolean;
  status: number;
  /** The JSON body, or the `done` event of a stream. */
  result: T | null;
  /** Problems seen in the answer itself (missing `done`, an `error` event, wrong content type). */
  problems: string[];
  stream: EventAnswer | null;
}

const markersIn = (text: string): string[] => [...new Set(text.match(MARKER_PATTERN) ?? [])];

type Counts = Record<string, number>;
/** Bucket-wise sum of counts, with every bucket of `shape` present. */
const sumCounts = (all: Counts[], shape: Counts): Counts => {
  const sum: Counts = Object.fromEntries(Object.keys(shape).map((bucket) => [bucket, 0]));
  for (const counts of all) for (const [bucket, count] of Object.entries(counts)) sum[bucket] = (sum[bucket] ?? 0) + count;
  return sum;
};

/** Sends one request as JSON or as a stream and normalises the answer. */
async function send<T>(url: string, body: Record<string, unknown>, streamed: boolean, own: string, conversation: string): Promise<Outcome<T>> {
  if (!streamed) {
    const answer = await requestJson<T>(url, { body });
    return { own, conversation, streamed, status: answer.status, result: answer.status === 200 ? answer.body : null, problems: [], stream: null };
  }
  const answer = await postForEvents(url, { ...body, stream: true });
  const problems: string[] = [];
  if (!answer.contentType.startsWith('text/event-stream')) problems.push(`content type ${answer.contentType}`);
  for (const failure of eventsNamed(answer, 'error')) problems.push(`error event ${JSON.stringify(failure)}`);
  const done = eventsNamed<T>(answer, 'done');
  if (done.length !== 1) problems.push(`${done.length} done events`);
  if (answer.events.at(-1)?.event !== 'done') problems.push(`last event ${answer.events.at(-1)?.event ?? 'none'}`);
  return { own, conversation, streamed, status: answer.status, result: done[0] ?? null, problems, stream: answer };
}

describe('under concurrent load through the real server', () => {
  let workspace: { dir: string; cleanup: () => Promise<void> };
  let model: LoopbackModelServer;
  let server: KillableServer;
  let chats: Array<Outcome<ChatBody>>;
  let rounds: Array<Outcome<ConferenceRoundResult>>;
  let loadMs = 0;

  beforeAll(async () => {
    workspace = await sampleWorkspace('cr-load-http-');
    model = await startLoopbackModelServer(markerScript(4000));
    server = await startKillableServer(workspace.dir, { CONTROL_ROOM_LLM_BASE_URL: model.baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' });
    const created = await Promise.all(
      Array.from({ length: CONFERENCES }, (_, index) => requestJson<{ id: string }>(`${server.url}/api/conferences`, { body: { attendees: [AGENTS[1 + (index % 4)]] } })),
    );
    const conferenceIds = created.map((answer, index) => {
      if (answer.status !== 200) throw new Error(`creating conference ${index} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body.id;
    });
    const started = performance.now();
    const chatRequests = Array.from({ length: CHAT_TURNS }, (_, index) => {
      const own = marker(`chat-${index}`);
      const sessionId = `load-http-session-${index % SESSIONS}`;
      const body = { message: `Check Hester for ${own}.`, sessionId, agentId: AGENTS[index % AGENTS.length] };
      return send<ChatBody>(`${server.url}/api/ai/chat`, body, index % 2 === 1, own, sessionId);
    });
    const roundRequests = conferenceIds.map((conferenceId, index) => {
      const own = marker(`conf-${index}`);
      return send<ConferenceRoundResult>(`${server.url}/api/conferences/${conferenceId}/rounds`, { message: `Check Hester for ${own}.` }, index % 2 === 0, own, conferenceId);
    });
    [chats, rounds] = await Promise.all([Promise.all(chatRequests), Promise.all(roundRequests)]);
    loadMs = performance.now() - started;
    console.info(`load-http: ${CHAT_TURNS} chat turns and ${CONFERENCES} conference rounds answered in ${Math.round(loadMs)} ms; ${model.requests.length} model requests`);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await model?.close();
    await workspace?.cleanup();
  });

  it('answers every request with a 2xx carrying its own marker and no other', () => {
    expect(chats.filter((chat) => chat.streamed)).toHaveLength(CHAT_TURNS / 2);
    expect(rounds.filter((round) => round.streamed)).toHaveLength(CONFERENCES / 2);
    for (const chat of chats) {
      const label = `${chat.own}${chat.streamed ? ' (stream)' : ''}`;
      expect({ status: chat.status, problems: chat.problems }, label).toEqual({ status: 200, problems: [] });
      expect(chat.result!.stopHook, label).toBeNull();
      expect(chat.result!.sessionId, label).toBe(chat.conversation);
      expect(markersIn(chat.result!.content), label).toEqual([chat.own]);
      expect(chat.result!.receipts, label).toHaveLength(1);
      if (chat.stream) {
        // What was streamed live belongs to this turn too: its deltas and its receipt.
        const streamedText = eventsNamed<{ text: string }>(chat.stream, 'delta').map((delta) => delta.text).join('');
        expect(markersIn(streamedText), label).toEqual([chat.own]);
        expect(eventsNamed<{ receiptId: string }>(chat.stream, 'receipt').map((event) => event.receiptId), label).toEqual(chat.result!.receipts);
      }
    }
    for (const round of rounds) {
      const label = `${round.own}${round.streamed ? ' (stream)' : ''}`;
      expect({ status: round.status, problems: round.problems }, label).toEqual({ status: 200, problems: [] });
      const result = round.result!;
      expect(result.conferenceId, label).toBe(round.conversation);
      expect(result.toolExecutions, label).toBe(1);
      const spoken = result.entries.filter((entry) => entry.content !== null);
      expect(spoken.length, label).toBeGreaterThan(0);
      for (const entry of spoken) expect(markersIn(entry.content ?? ''), `${label} ${entry.agentId}`).toEqual([round.own]);
      if (round.stream) {
        const entries = eventsNamed<ConferenceEntry>(round.stream, 'entry');
        expect(entries.map((entry) => entry.agentId), label).toEqual(result.entries.map((entry) => entry.agentId));
        for (const entry of entries) expect(markersIn(entry.content ?? ''), `${label} ${entry.agentId} (streamed)`).toEqual(entry.content === null ? [] : [round.own]);
        expect(eventsNamed<{ receiptId: string }>(round.stream, 'receipt').map((event) => event.receiptId), label).toEqual(result.receipts);
      }
    }
  });

  it('traces every round completely: status ok, events numbered 1..n, output.emitted present (over HTTP)', async () => {
    const roundIds = [...chats.map((chat) => chat.result!.traceRoundId), ...rounds.map((round) => round.result!.traceRoundId)];
    expect(new Set(roundIds).size).toBe(CHAT_TURNS + CONFERENCES);
    const traced = await Promise.all(roundIds.map((roundId) => requestJson<TracedRound>(`${server.url}/api/traces/rounds/${roundId}`)));
    traced.forEach((answer, index) => {
      const roundId = roundIds[index]!;
      expect(answer.status, roundId).toBe(200);
      expect(answer.body.round.status, roundId).toBe('ok');
      expect(eventOrderProblems(answer.body)).toEqual([]);
      expect(answer.body.events.map((event) => event.event_type), roundId).toContain('output.emitted');
    });
  });

  it('signs every receipt into a verifying chain, each conversation holding only its own inputs (over HTTP)', async () => {
    const verify = await requestJson<Record<string, unknown>>(`${server.url}/api/audit/verify`);
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ ok: true, receipts: CHAT_TURNS + CONFERENCES, firstBad: null });
    const conversations = [
      ...Array.from({ length: SESSIONS }, (_, session) => {
        const sessionId = `load-http-session-${session}`;
        return { id: sessionId, expected: chats.filter((chat) => chat.conversation === sessionId).map((chat) => chat.own).sort() };
      }),
      ...rounds.map((round) => ({ id: round.conversation, expected: [round.own] })),
    ];
    for (const { id, expected } of conversations) {
      const answer = await requestJson<{ receipts: Array<{ verified: boolean; inputs: Record<string, unknown> }> }>(`${server.url}/api/audit/sessions/${id}/receipts`);
      expect(answer.status, id).toBe(200);
      expect(answer.body.receipts.every((receipt) => receipt.verified), id).toBe(true);
      expect(answer.body.receipts.map((receipt) => String(receipt.inputs['search_criteria'])).sort(), id).toEqual(expected);
    }
  });

  it('keeps the issues and the telemetry readable through the API', async () => {
    const issues = await requestJson<{ issues: Array<{ id: string }> }>(`${server.url}/api/issues`);
    expect(issues.status).toBe(200);
    expect(issues.body.issues.length).toBeGreaterThanOrEqual(CONFERENCES);
    for (const round of rounds) expect(issues.body.issues.map((issue) => issue.id), round.own).toContain(round.result!.issueId);
    const telemetry = await requestJson<{ totals: Counts; agents: Record<string, Counts>; sessions: Record<string, Counts> }>(`${server.url}/api/telemetry`);
    expect(telemetry.status).toBe(200);
    // Attendees whose role may not cite the Compendium fail the evidence check: those 15 rounds
    // wrote telemetry at the same time, into one totals file and one file per conference.
    const failing = rounds.filter((_, index) => AGENTS[1 + (index % 4)] !== 'continuity').map((round) => round.conversation);
    // 1:1 turns count their refusals too: the sessions of the same roles (every turn of a session
    // goes to one agent), while the Chief's and Continuity's sessions cite what they may.
    const citing = new Set(['chief', 'continuity']);
    const failingChats = Array.from({ length: SESSIONS }, (_, session) => session)
      .filter((session) => !citing.has(AGENTS[session % AGENTS.length]!))
      .map((session) => `load-http-session-${session}`);
    expect(Object.keys(telemetry.body.sessions).sort()).toEqual([...failing, ...failingChats].sort());
    expect(telemetry.body.totals['evidence_invalid']).toBeGreaterThanOrEqual(failing.length);
    // No lost update: the totals equal the sum of the per-conference files and of the per-agent counts.
    expect(telemetry.body.totals).toEqual(sumCounts(Object.values(telemetry.body.sessions), telemetry.body.totals));
    expect(telemetry.body.totals).toEqual(sumCounts(Object.values(telemetry.body.agents), telemetry.body.totals));
    for (const round of rounds) {
      const transcript = await requestJson<{ rounds: number; transcript: ConferenceRoundResult[] }>(`${server.url}/api/conferences/${round.conversation}`);
      expect(transcript.status, round.own).toBe(200);
      expect(transcript.body.transcript.map((entry) => entry.traceRoundId), round.own).toEqual([round.result!.traceRoundId]);
    }
  });

  it('leaves stores on disk that open, verify and parse once the server has stopped, with no temp file', async () => {
    await server.stop();
    // Checked before anything opens the workspace again: opening sweeps stale temp files away.
    expect(await leftoverTempFiles(workspace.dir)).toEqual([]);
    expect(await unparseableJson(workspace.dir)).toEqual([]);
    const audit = (await verifyWorkspaceAudit(workspace.dir)).report;
    expect(audit).toMatchObject({ ok: true, receipts: CHAT_TURNS + CONFERENCES, firstBad: null });
    const log = new JsonlAuditLog(workspace.dir);
    for (let session = 0; session < SESSIONS; session += 1) {
      const sessionId = `load-http-session-${session}`;
      const expected = chats.filter((chat) => chat.conversation === sessionId).flatMap((chat) => chat.result!.receipts);
      expect((await log.list(sessionId)).map((receipt) => receipt.receipt_id).sort(), sessionId).toEqual(expected.sort());
    }
    for (const round of rounds) expect((await log.list(round.conversation)).map((receipt) => receipt.receipt_id), round.own).toEqual(round.result!.receipts);
    expect((await new JsonIssueStore(workspace.dir).list()).length).toBeGreaterThanOrEqual(CONFERENCES);
    const traces = await openSqliteTraceStore(workspace.dir);
    try {
      for (const outcome of [...chats, ...rounds]) {
        const roundId = outcome.result!.traceRoundId;
        const traced = await traces.getRound(roundId);
        expect(traced?.round.status, roundId).toBe('ok');
        expect(traced?.round.conversation_id, roundId).toBe(outcome.conversation);
        expect(eventOrderProblems(traced!)).toEqual([]);
        expect(traced!.events.map((event) => event.event_type), roundId).toContain('output.emitted');
      }
    } finally {
      await traces.close();
    }
  });
});
