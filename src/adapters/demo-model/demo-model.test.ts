import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelDelta } from '../../protocol/index.js';
import { createConference, runConferenceRound } from '../../core/conference/index.js';
import { validateEvidence } from '../../core/evidence/index.js';
import { runChatTurn } from '../../core/loop/index.js';
import { InMemoryTraceStore } from '../../core/traces/index.js';
import { chatReplyValidator, openConferenceServices, openControlRoom, type ControlRoom } from '../compose/index.js';
import { FsWorkspace, initWorkspace } from '../fs-workspace/index.js';
import { DEMO_PLAIN_REPLY } from './demo-reply.js';
import { DemoModel } from './demo-model.js';
import { DEMO_NOTICE } from './extractive-answer.js';
import { nextToolCall } from './tool-plan.js';

let base: string;
let workspace: FsWorkspace;
let room: ControlRoom;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-demo-model-'));
  await initWorkspace(path.join(base, 'novel'), { sample: true });
  workspace = await FsWorkspace.open(path.join(base, 'novel'));
  room = await openControlRoom(workspace.rootDir, { modelFactory: () => new DemoModel({ workspace }), traces: new InMemoryTraceStore(), homeDir: null, env: {} });
});
afterAll(async () => {
  await room.close();
  await fs.rm(base, { recursive: true, force: true });
});

const chatDependencies = () => ({ ...room.turnDependencies(), validateReply: chatReplyValidator(room, validateEvidence) });

describe('the demo model through the real harness', () => {
  it.each([
    ['Is Owen Tresk alive?', /Owen/],
    ['What colour are Hester’s eyes?', /eyes/i],
    ['Where is the tin box?', /tin.box/i],
    ['Who is Morag Lusk?', /Morag/],
  ])('answers the question asked with a quote it looked up: %s', async (question, about) => {
    const result = await runChatTurn({ message: question, sessionId: `demo-q-${question.length}`, agentId: 'chief' }, chatDependencies());
    expect(result.validation).toEqual({ ok: true, issues: [] });
    expect(result.evidenceReport?.type).toBe('content');
    expect(result.evidenceReport?.locations[0]?.quote).toMatch(about);
    expect(result.content).toContain('offline demo');
    const tools = (await room.auditLog.list(`demo-q-${question.length}`)).map((receipt) => receipt.tool_id);
    expect(tools[0]).toBe('file_locator');
    expect(tools).toContain('file_reader');
  });

  it('answers from the role\'s own sources: Continuity quotes the Compendium or the canon', async () => {
    const result = await runChatTurn({ message: 'What colour are Callum Lusk’s eyes?', sessionId: 'demo-q-continuity', agentId: 'continuity' }, chatDependencies());
    expect(result.validation).toEqual({ ok: true, issues: [] });
    expect(result.evidenceReport?.sources.every((source) => source.path.startsWith('Compendium/') || source.path === 'Canon.md')).toBe(true);
  });

  it('answers a question in a conference round: the Chief quotes what it looked up, the others abstain', async () => {
    const services = openConferenceServices(room, { validateReply: validateEvidence });
    const conference = await createConference({ attendees: ['editor', 'continuity'] }, services.rosterDependencies());
    const round = await runConferenceRound({ conferenceId: conference.id, message: 'Is Owen Tresk alive?' }, services.dependencies());
    expect(round.entries.map((entry) => [entry.agentId, entry.status])).toEqual([
      ['chief', 'responded'],
      ['editor', 'abstained'],
      ['continuity', 'abstained'],
    ]);
    expect(round.entries[0]?.report?.locations[0]?.quote).toMatch(/Owen/);
  });

  it('says plainly when the manuscript has nothing on the question, with a searched absence claim', async () => {
    const result = await runChatTurn({ message: 'Does anyone own a zeppelin?', sessionId: 'demo-q-absent', agentId: 'chief' }, chatDependencies());
    expect(result.validation).toEqual({ ok: true, issues: [] });
    expect(result.evidenceReport?.type).toBe('absence');
    expect(result.evidenceReport?.searched.length).toBeGreaterThan(10);
    expect(result.content).toMatch(/no mention of it/);
  });

  it('answers a 1:1 question with real tool calls, receipts and a verified quote', async () => {
    const result = await runChatTurn({ message: 'Check scene 7 for continuity problems', sessionId: 'demo-chat-1', agentId: 'chief' }, chatDependencies());
    expect(result.rejections).toEqual([]);
    expect(result.channel).toBe('json');
    const receipts = await room.auditLog.list('demo-chat-1');
    expect(receipts.map((receipt) => receipt.tool_id)).toEqual(['consistency_checker', 'canon_checker', 'scene_draft_validator']);
    expect(result.receipts).toEqual(receipts.map((receipt) => receipt.receipt_id));
    expect(result.validation).toEqual({ ok: true, issues: [] });
    expect(result.evidence).toContain('"Hester Vane’s green eyes went to the first page and stayed there"');
    expect(result.content).toContain('Hester Vane');
  });

  it('sweeps the manuscript when no scene is named, then checks the worst scene against the canon', async () => {
    const result = await runChatTurn({ message: 'What problems does the book have?', sessionId: 'demo-chat-2', agentId: 'continuity' }, chatDependencies());
    const tools = (await room.auditLog.list('demo-chat-2')).map((receipt) => [receipt.tool_id, receipt.inputs]);
    expect(tools.map(([tool]) => tool)).toEqual(['consistency_checker', 'consistency_checker', 'canon_checker']);
    expect(tools[2]?.[1]).toEqual({ scene_path: 'Story/Scenes/SCN-07-statements.md' });
    expect(result.validation.ok).toBe(true);
    // Continuity cites the canon, as its role requires.
    expect(result.evidence).toMatch(/^Evidence: content \| Compendium\//);
  });

  it('plays a conference round: grounded replies from each desk, and an abstention', async () => {
    const services = openConferenceServices(room, { validateReply: validateEvidence });
    const conference = await createConference({ attendees: ['editor', 'continuity', 'line-editor', 'story-architect'] }, services.rosterDependencies());
    const round = await runConferenceRound({ conferenceId: conference.id, message: 'Look at scene 8, “Letters”' }, services.dependencies());
    expect(round.toolExecutions).toBe(3);
    expect(round.entries.map((entry) => [entry.agentId, entry.status, entry.retried])).toEqual([
      ['chief', 'responded', false],
      ['editor', 'responded', false],
      ['continuity', 'abstained', false],
      ['line-editor', 'abstained', false],
      ['story-architect', 'responded', false],
    ]);
    const architect = round.entries.find((entry) => entry.agentId === 'story-architect');
    expect(architect?.evidence).toContain('Story/SCN-outline.md#L59');
    for (const entry of round.entries.filter((candidate) => candidate.status === 'responded')) {
      const cited = entry.evidence?.match(/rcpt_[A-Za-z0-9_-]+/g) ?? [];
      expect(cited.length).toBeGreaterThan(0);
      expect(cited.every((id) => round.receipts.includes(id))).toBe(true);
    }
  });

  it('says plainly what it is when called without lookups, and streams like a real server', async () => {
    const model = new DemoModel({ workspace });
    const deltas: ModelDelta[] = [];
    const response = await model.complete({ messages: [{ role: 'user', content: 'Hello' }], stream: true, onDelta: (delta) => deltas.push(delta) });
    expect(response.content).toBe(DEMO_PLAIN_REPLY);
    expect(response.model).toBe('control-room-demo');
    expect(deltas.filter((delta) => delta.kind === 'content').map((delta) => (delta.kind === 'content' ? delta.text : '')).join('')).toBe(DEMO_PLAIN_REPLY);
  });
});

describe('every demo reply verifies, checked as the product checks it', () => {
  it.each([
    ['a greeting', 'Hello', 'content', /Hello/],
    ['thanks, which no lookup answers', 'Thanks', 'content', /^Nothing I could find in the manuscript answers that/],
    ['a consistency check', 'Check scene 7 for continuity problems', 'content', /turned up one problem/],
    ['a lookup', 'Is Owen Tresk alive?', 'content', /Owen Tresk/],
    ['a question with no answer', 'Does anyone own a zeppelin?', 'absence', /found no mention of it/],
  ])('%s: %s', async (_case, message, type, says) => {
    const sessionId = `demo-verifies-${message.length}`;
    const dependencies = chatDependencies();
    const result = await runChatTurn({ message, sessionId, agentId: 'chief' }, dependencies);
    expect(result.validation).toEqual({ ok: true, issues: [] });
    expect(result.evidenceReport?.type).toBe(type);
    expect(result.content).toMatch(says);
    expect(result.content).toContain(DEMO_NOTICE);
    // Checked again as shown, by the validator the chat route uses, with the session's receipts.
    const chief = dependencies.agents.find((agent) => agent.id === 'chief')!;
    const shown = await dependencies.validateReply(result.content, { sessionId, agent: chief, receiptIds: result.receipts });
    expect(shown.issues).toEqual([]);
  });

  it('says plainly that an empty workspace has no manuscript, and claims no evidence it lacks', async () => {
    const dir = path.join(base, 'empty');
    await initWorkspace(dir);
    const empty = await FsWorkspace.open(dir);
    const emptyRoom = await openControlRoom(dir, { modelFactory: () => new DemoModel({ workspace: empty }), traces: new InMemoryTraceStore(), homeDir: null, env: {} });
    try {
      const dependencies = { ...emptyRoom.turnDependencies(), validateReply: chatReplyValidator(emptyRoom, validateEvidence) };
      for (const [index, message] of ['Is Owen Tresk alive?', 'Check scene 7 for continuity problems', 'Hello'].entries()) {
        const result = await runChatTurn({ message, sessionId: `demo-empty-${index}`, agentId: 'chief' }, dependencies);
        expect(result.content).toMatch(/^There is no manuscript in this workspace yet/);
        expect(result.content).toContain(DEMO_NOTICE);
        // No file exists to cite, so no evidence line could verify; the reply makes no claim instead of a false one.
        expect(result.validation.issues.map((issue) => issue.code)).toEqual(['evidence_missing']);
      }
    } finally {
      await emptyRoom.close();
    }
  });
});

describe('nextToolCall', () => {
  it('checks named scenes for consistency, against the canon and against the outline, then stops', async () => {
    const empty = { receipts: [], findings: [], checked: [] };
    const calls = [];
    for (let made = 0; made < 5; made += 1) calls.push(await nextToolCall('scene 10 please', empty, made, workspace));
    expect(calls).toEqual([
      { tool: 'consistency_checker', args: { file_paths: ['Story/Scenes/SCN-10-the-tin-box.md'], focus: 'general' } },
      { tool: 'canon_checker', args: { scene_path: 'Story/Scenes/SCN-10-the-tin-box.md' } },
      { tool: 'scene_draft_validator', args: { scene_path: 'Story/Scenes/SCN-10-the-tin-box.md' } },
      null,
      null,
    ]);
  });
});
