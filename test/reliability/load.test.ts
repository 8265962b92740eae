/**
 * Load (issue 8; SPEC §6, §9): 100 concurrent 1:1 turns over many sessions and 20 concurrent
 * conference rounds, all against one real loopback model server on 127.0.0.1 whose replies are
 * functions of the request. Afterwards every round has a complete trace, every receipt chain
 * verifies, no reply or receipt crossed into another conversation, and every JSON store parses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openControlRoom, type ControlRoom } from '../../src/adapters/compose/index.js';
import { openConferenceServices } from '../../src/adapters/compose/open-conference-services.js';
import { verifyWorkspaceAudit } from '../../src/adapters/jsonl-audit-log/index.js';
import { startLoopbackModelServer, type LoopbackModelServer } from '../../src/adapters/loopback-model-server/index.js';
import { openSqliteTraceStore } from '../../src/adapters/sqlite-trace-store/index.js';
import { createConference, runConferenceRound } from '../../src/core/conference/index.js';
import { runChatTurn } from '../../src/core/loop/index.js';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { marker, MARKER_PATTERN, markerScript } from './helpers/marker-model.js';
import { eventOrderProblems, leftoverTempFiles, unparseableJson } from './helpers/store-checks.js';

const CHAT_TURNS = 100;
const SESSIONS = 25;
const CONFERENCES = 20;
const AGENTS = ['chief', 'editor', 'continuity', 'line-editor', 'story-architect'];

let workspace: { dir: string; cleanup: () => Promise<void> };
let server: LoopbackModelServer;
let room: ControlRoom;

beforeAll(async () => {
  workspace = await sampleWorkspace('cr-load-');
  server = await startLoopbackModelServer(markerScript(4000));
  room = await openControlRoom(workspace.dir, {
    env: { CONTROL_ROOM_LLM_BASE_URL: server.baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' },
    homeDir: null,
  });
});
afterAll(async () => {
  await room?.close();
  await server?.close();
  await workspace?.cleanup();
});

const markersIn = (text: string): string[] => [...new Set(text.match(MARKER_PATTERN) ?? [])];

describe('under concurrent load', () => {
  it('keeps 100 concurrent 1:1 turns and 20 concurrent conference rounds apart, traced and signed', async () => {
    const services = openConferenceServices(room);
    const conferences = await Promise.all(
      Array.from({ length: CONFERENCES }, (_, index) => createConference({ attendees: [AGENTS[1 + (index % 4)]!] }, services.rosterDependencies())),
    );
    const chats = Array.from({ length: CHAT_TURNS }, (_, index) => {
      const sessionId = `load-session-${index % SESSIONS}`;
      const own = marker(`chat-${index}`);
      return runChatTurn({ message: `Check Hester for ${own}.`, sessionId, agentId: AGENTS[index % AGENTS.length]! }, room.turnDependencies()).then((result) => ({ result, own, sessionId }));
    });
    const rounds = conferences.map((conference, index) => {
      const own = marker(`conf-${index}`);
      return runConferenceRound({ conferenceId: conference.id, message: `Check Hester for ${own}.` }, services.dependencies()).then((result) => ({ result, own, conferenceId: conference.id }));
    });
    const [chatResults, roundResults] = await Promise.all([Promise.all(chats), Promise.all(rounds)]);

    // No reply crossed: each carries its own marker and no other.
    for (const { result, own } of chatResults) {
      expect(result.stopHook, own).toBeNull();
      expect(markersIn(result.content), own).toEqual([own]);
      expect(result.receipts, own).toHaveLength(1);
    }
    for (const { result, own } of roundResults) {
      expect(result.toolExecutions, own).toBe(1);
      for (const entry of result.entries.filter((candidate) => candidate.content !== null)) {
        expect(markersIn(entry.content ?? ''), `${own} ${entry.agentId}`).toEqual([own]);
      }
    }
    // No tool result crossed: each session's receipts hold only its own turns' inputs.
    for (let session = 0; session < SESSIONS; session += 1) {
      const sessionId = `load-session-${session}`;
      const expected = chatResults.filter((chat) => chat.sessionId === sessionId).map((chat) => chat.own).sort();
      const stored = await room.auditLog.list(sessionId);
      expect(stored.map((receipt) => String(receipt.inputs['search_criteria'])).sort(), sessionId).toEqual(expected);
    }
    for (const { result, own, conferenceId } of roundResults) {
      const stored = await room.auditLog.list(conferenceId);
      expect(stored.map((receipt) => receipt.inputs['search_criteria']), own).toEqual([own]);
      expect(stored.map((receipt) => receipt.receipt_id)).toEqual(result.receipts);
    }

    // Every round has a complete, ordered trace.
    const roundIds = [...chatResults.map((chat) => chat.result.traceRoundId), ...roundResults.map((round) => round.result.traceRoundId)];
    expect(new Set(roundIds).size).toBe(CHAT_TURNS + CONFERENCES);
    const traces = await openSqliteTraceStore(workspace.dir);
    try {
      for (const roundId of roundIds) {
        const traced = await traces.getRound(roundId);
        expect(traced, roundId).not.toBeNull();
        expect(traced!.round.status, roundId).toBe('ok');
        expect(eventOrderProblems(traced!)).toEqual([]);
        expect(traced!.events.map((event) => event.event_type), roundId).toContain('output.emitted');
      }
    } finally {
      await traces.close();
    }

    // Every receipt chain verifies; every JSON store parses; no temp file is left.
    const audit = (await verifyWorkspaceAudit(workspace.dir)).report;
    expect(audit).toMatchObject({ ok: true, receipts: CHAT_TURNS + CONFERENCES, firstBad: null });
    expect(await unparseableJson(workspace.dir)).toEqual([]);
    expect(await leftoverTempFiles(workspace.dir)).toEqual([]);
    const issues = await room.issues.list();
    expect(issues.length).toBeGreaterThanOrEqual(CONFERENCES);
  }, 240_000);
});
