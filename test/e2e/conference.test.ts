/**
 * Conference rounds end to end (SPEC §8; the v0.5 seed's ten conference acceptance tests): the real
 * CLI binary, real stores, real receipts and the real evidence validator, against a loopback
 * OpenAI-compatible server that records every request — so isolation and the history wipe are
 * checked on what each agent was actually sent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackRequestBody, type LoopbackStep } from '../../src/adapters/loopback-model-server/index.js';
import { runCli } from './helpers/run-cli.js';
import { decide, envelopeCall } from './helpers/scripted-turns.js';
import { receiptLines, sampleWorkspace } from './helpers/workspace-fixture.js';

let workspace: { dir: string; cleanup: () => Promise<void> };
let server: LoopbackModelServer | undefined;

beforeEach(async () => {
  workspace = await sampleWorkspace('cr-e2e-conference-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await workspace.cleanup();
});

interface ConferenceJson {
  conferenceId: string;
  round: number;
  issueId: string;
  toolExecutions: number;
  receipts: string[];
  entries: Array<{ agentId: string; status: string; content: string | null; evidence: string | null; issues: Array<{ code: string }>; retried: boolean }>;
  cards: Record<string, string>;
  rejections: Array<{ code: string }>;
  stopHook: string | null;
}

async function serve(script: LoopbackStep[]): Promise<string> {
  server = await startLoopbackModelServer(script);
  return server.baseUrl;
}

async function conference(baseUrl: string, message: string, extra: string[]): Promise<ConferenceJson> {
  const run = await runCli(['conference', message, '--workspace', workspace.dir, '--json', ...extra], {
    env: { CONTROL_ROOM_LLM_BASE_URL: baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' },
  });
  expect(run.stderr).not.toMatch(/internal_error/);
  expect(run.status, run.stdout + run.stderr).toBe(0);
  return run.json<ConferenceJson>();
}

/** Every chat request the model server received, with who it was for (read from the prompt). */
function sent(): Array<{ agent: string; phase: 1 | 2; text: string; body: LoopbackRequestBody }> {
  return server!.requests
    .filter((request) => request.method === 'POST' && request.body)
    .map((request) => {
      const body = request.body!;
      const text = JSON.stringify(body.messages);
      const system = String(body.messages?.[0]?.content ?? '');
      const agent = /^You are (.+?), the /.exec(system)?.[1] ?? 'Chief of Staff';
      return { agent, phase: text.includes('TOOL_NONCE:') ? 1 : 2, text, body };
    });
}

async function issues(): Promise<Array<{ id: string; title: string; body: string; receiptIds: string[]; sessionId: string | null }>> {
  return JSON.parse(await fs.readFile(path.join(workspace.dir, '.control-room/issues/issues.json'), 'utf8')).issues;
}

const HESTER = 'Compendium/Characters/CHAR-hester-vane.md';
const SCENE_ONE = 'Story/Scenes/SCN-01-the-lamp-room.md';
const receiptsOf = (body: LoopbackRequestBody): string => [...new Set([...JSON.stringify(body.messages).matchAll(/rcpt_[A-Za-z0-9_-]{10,}/g)].map((match) => match[0]))].join(', ');

/** A grounded phase-2 reply each role may give: its own sources, a real quote, the Chief's receipts. */
const grounded = (marker: string, source: 'hester' | 'scene') => (body: LoopbackRequestBody) =>
  source === 'hester'
    ? `${marker}: Hester's card gives her grey eyes.\nEvidence: content | ${HESTER} | "eyes: grey" | receipt ${receiptsOf(body)}`
    : `${marker}: Owen meets her at the tower.\nEvidence: content | ${SCENE_ONE} | "Owen Tresk was waiting for her at the tower door" | receipt ${receiptsOf(body)}`;

/** A phase-2 step that answers by agent name, so the script does not depend on anything but roles. */
function byAgent(replies: Record<string, string | ((body: LoopbackRequestBody) => string)>): LoopbackStep {
  return (body) => {
    const name = /^You are (.+?), the /.exec(String(body.messages?.[0]?.content ?? ''))?.[1] ?? '';
    const reply = replies[name];
    if (reply === undefined) return { content: `no scripted reply for ${name}` };
    return { content: typeof reply === 'function' ? reply(body) : reply };
  };
}

const readHester = [envelopeCall('file_reader', { path: HESTER }), decide({ action: 'final' })];

describe('conference rounds (the seed’s conference acceptance tests)', () => {
  it('1 + 5: the Chief’s call is accepted and its results reach phase 2; **Evidence:** citing the Chief’s receipt is accepted', async () => {
    const room = byAgent({
      'Chief of Staff': grounded('CHIEF', 'hester'),
      Continuity: (body) => `Her eyes are grey.\n**Evidence:** content | ${HESTER} | "eyes: grey" | receipt ${receiptsOf(body)}`,
    });
    const result = await conference(await serve([...readHester, room, room]), 'What colour are Hester’s eyes?', ['--agents', 'continuity']);
    expect(result.toolExecutions).toBe(1);
    expect(result.receipts).toHaveLength(1);
    expect(result.receipts[0]).toMatch(/^rcpt_[A-Za-z0-9_-]{10,}$/);
    const lines = await receiptLines(workspace.dir, result.conferenceId);
    expect(lines.map((line) => JSON.parse(line))).toEqual([expect.objectContaining({ receipt_id: result.receipts[0], conference_id: result.conferenceId, agent_id: 'chief', tool_id: 'file_reader', status: 'ok' })]);
    const requests = sent();
    expect(requests.map((request) => [request.agent, request.phase])).toEqual([
      ['Chief of Staff', 1],
      ['Chief of Staff', 1],
      ['Chief of Staff', 2],
      ['Continuity', 2],
    ]);
    // Phase 1 is lean: the catalog, the protocol, the nonce and the writer's message — no role, no evidence rules.
    expect(requests[0]!.text).toContain('Tool Call Protocol');
    expect(requests[0]!.text).not.toMatch(/Evidence:|You are Chief|writers' room/);
    for (const request of requests.filter((entry) => entry.phase === 2)) {
      expect(request.text).toContain(result.receipts[0]);
      expect(request.text).toContain('eyes: grey');
      expect(request.text).not.toMatch(/Tool Call Protocol|Tools you can use|"nonce"/);
      expect(request.body['response_format']).toBeUndefined();
    }
    expect(result.entries.map((entry) => [entry.agentId, entry.status])).toEqual([
      ['chief', 'responded'],
      ['continuity', 'responded'],
    ]);
    expect(result.entries[1]!.evidence).toBe(`**Evidence:** content | ${HESTER} | "eyes: grey" | receipt ${result.receipts[0]}`);
    expect(result.entries[1]!.retried).toBe(false);
  });

  it('2: a phase-1 call with the wrong nonce is rejected and no tool executes', async () => {
    const wrong = { content: JSON.stringify({ tool: 'file_reader', args: { path: HESTER }, nonce: 'guessed-nonce' }) };
    const abstain = byAgent({ 'Chief of Staff': 'ABSTAIN', Continuity: 'ABSTAIN' });
    const result = await conference(await serve([wrong, wrong, abstain, abstain]), 'Eyes?', ['--agents', 'continuity', '--require-tool']);
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_nonce_invalid', 'tool_call_nonce_invalid']);
    expect(result.stopHook).toBe('tool_call_rejected');
    expect(result.toolExecutions).toBe(0);
    expect(result.receipts).toEqual([]);
    expect(await receiptLines(workspace.dir, result.conferenceId)).toEqual([]);
  });

  it('3: a phase-1 call with invalid args is rejected and no tool executes', async () => {
    const invalid = envelopeCall('file_reader', { path: HESTER, start_line: 'first' });
    const abstain = byAgent({ 'Chief of Staff': 'ABSTAIN', Continuity: 'ABSTAIN' });
    const result = await conference(await serve([invalid, invalid, abstain, abstain]), 'Eyes?', ['--agents', 'continuity', '--require-tool']);
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_invalid_args', 'tool_call_invalid_args']);
    expect(result.toolExecutions).toBe(0);
    expect(await receiptLines(workspace.dir, result.conferenceId)).toEqual([]);
  });

  it('4: a phase-2 quote that is not in the file is rejected after the one corrective retry', async () => {
    const wrongQuote = `Hester's eyes are green.\nEvidence: content | ${HESTER} | "eyes: green"`;
    const room = byAgent({ 'Chief of Staff': grounded('CHIEF', 'hester'), Continuity: wrongQuote });
    const result = await conference(await serve([...readHester, room, room, room]), 'Eyes?', ['--agents', 'continuity']);
    const continuity = result.entries.find((entry) => entry.agentId === 'continuity')!;
    expect(continuity.status).toBe('rejected');
    expect(continuity.retried).toBe(true);
    expect(continuity.issues.map((issue) => issue.code)).toContain('quote_not_found');
    const retry = sent().at(-1)!;
    expect(retry.agent).toBe('Continuity');
    expect(retry.text).toContain('quote_not_found');
    expect(result.cards['continuity']).toBe('Participant');
  });

  it('6: a structural claim without a line or section is rejected', async () => {
    const vague = `The outline has a weak middle.\nEvidence: structural | Story/SCN-outline.md | the middle sags`;
    const room = byAgent({ 'Chief of Staff': grounded('CHIEF', 'hester'), 'Story Architect': vague });
    const result = await conference(await serve([...readHester, room, room, room]), 'How is the structure?', ['--agents', 'story-architect']);
    const architect = result.entries.find((entry) => entry.agentId === 'story-architect')!;
    expect(architect.status).toBe('rejected');
    expect(architect.issues.map((issue) => issue.code)).toContain('structural_ref_missing');
  });

  it('7: ABSTAIN is detected, leaves no chat message and turns the card yellow', async () => {
    const room = byAgent({ 'Chief of Staff': grounded('CHIEF', 'hester'), Editor: '  abstain  ', Continuity: grounded('CONTINUITY', 'hester') });
    const result = await conference(await serve([...readHester, room, room, room]), 'Eyes?', ['--agents', 'editor,continuity']);
    const editor = result.entries.find((entry) => entry.agentId === 'editor')!;
    expect(editor).toEqual({ agentId: 'editor', status: 'abstained', content: null, evidence: null, report: null, issues: [], retried: false });
    expect(result.cards).toEqual({ chief: 'Moderator', editor: 'Abstained', continuity: 'Participant' });
    const [issue] = await issues();
    expect(issue!.body).not.toContain('**Editor**');
    expect(issue!.body).toContain('Abstained: Editor');
    await server!.close();
    const human = await runCli(['conference', 'Eyes again?', '--workspace', workspace.dir, '--conference', result.conferenceId], {
      env: { CONTROL_ROOM_LLM_BASE_URL: await serve([...readHester, room, room, room]), CONTROL_ROOM_LLM_MODEL: 'm' },
    });
    expect(human.stdout).toContain('Abstained: Editor');
    expect(human.stdout).not.toMatch(/^Editor \[/m);
    expect(human.stdout).toMatch(/^Continuity \[Participant\]/m);
  });

  it('8: no agent sees another agent’s reply of the same round', async () => {
    const room = byAgent({
      'Chief of Staff': grounded('MARKER-CHIEF', 'hester'),
      Editor: grounded('MARKER-EDITOR', 'scene'),
      Continuity: grounded('MARKER-CONTINUITY', 'hester'),
      'Line Editor': grounded('MARKER-LINE', 'scene'),
    });
    // Phase 1 reads both files the replies quote: a receipt vouches only for the lines it read.
    const readBoth = [
      envelopeCall('file_reader', { path: HESTER }),
      decide({ action: 'tool', tool: 'file_reader', args: { path: SCENE_ONE, start_line: 1, end_line: 30 } }),
      decide({ action: 'final' }),
    ];
    const result = await conference(await serve([...readBoth, room, room, room, room]), 'Eyes?', ['--agents', 'editor,continuity,line-editor']);
    expect(result.entries.map((entry) => entry.status)).toEqual(['responded', 'responded', 'responded', 'responded']);
    for (const request of sent()) expect(request.text, `${request.agent} was sent another reply`).not.toMatch(/MARKER-|grey eyes\./);
  });

  it('9: round close saves the transcript as "Conference <id> — Turn 1" with the receipts linked, and the audit verifies', async () => {
    const room = byAgent({ 'Chief of Staff': grounded('CHIEF', 'hester'), Continuity: grounded('CONTINUITY', 'hester') });
    const result = await conference(await serve([...readHester, room, room]), 'What colour are Hester’s eyes?', ['--agents', 'continuity']);
    const [issue] = await issues();
    expect(issue).toMatchObject({ id: result.issueId, title: `Conference ${result.conferenceId} — Turn 1`, receiptIds: result.receipts, sessionId: result.conferenceId });
    expect(issue!.body).toContain('**Writer:** What colour are Hester’s eyes?');
    expect(issue!.body).toContain('**Continuity** (responded)');
    expect(issue!.body).toContain("CONTINUITY: Hester's card gives her grey eyes.");
    const linked = path.join(workspace.dir, '.control-room/audit/issues', result.issueId);
    const copies = (await fs.readFile(path.join(linked, 'receipts.jsonl'), 'utf8')).split('\n').filter(Boolean);
    expect(copies).toEqual(await receiptLines(workspace.dir, result.conferenceId));
    const audit = await runCli(['audit', 'verify', '--workspace', workspace.dir, '--json']);
    expect(audit.status).toBe(0);
    expect(audit.json()).toMatchObject({ ok: true, firstBad: null });
  });

  it('10: the next round carries no history: nothing of round 1 in any request, the buffer cleared, issue "— Turn 2"', async () => {
    const room = byAgent({ 'Chief of Staff': grounded('ROUND-ONE-CHIEF', 'hester'), Continuity: grounded('ROUND-ONE-CONTINUITY', 'hester') });
    const first = await conference(await serve([...readHester, room, room]), 'FIRST-QUESTION about Hester', ['--agents', 'continuity']);
    await server!.close();
    const later = byAgent({ 'Chief of Staff': grounded('ROUND-TWO-CHIEF', 'scene'), Continuity: 'ABSTAIN' });
    const second = await conference(
      await serve([envelopeCall('file_reader', { path: SCENE_ONE, start_line: 1, end_line: 30 }), decide({ action: 'final' }), later, later]),
      'SECOND-QUESTION about Owen',
      ['--conference', first.conferenceId],
    );
    expect(second).toMatchObject({ conferenceId: first.conferenceId, round: 2, toolExecutions: 1 });
    expect(second.receipts).not.toEqual(first.receipts);
    for (const request of sent()) {
      expect(request.text).not.toMatch(/FIRST-QUESTION|ROUND-ONE-/);
      for (const receipt of first.receipts) expect(request.text).not.toContain(receipt);
      expect(request.text).not.toContain('eyes: grey');
    }
    const titles = (await issues()).map((issue) => issue.title);
    expect(titles).toEqual([`Conference ${first.conferenceId} — Turn 1`, `Conference ${first.conferenceId} — Turn 2`]);
    // The writer still sees one continuous conversation: both rounds are in the session's receipts and issues.
    expect(await receiptLines(workspace.dir, first.conferenceId)).toHaveLength(2);
  });

  it('runs each tool once: four attendees and three Chief calls cost three executions and three receipts', async () => {
    const calls = [
      envelopeCall('file_reader', { path: HESTER }),
      decide({ action: 'tool', tool: 'file_reader', args: { path: SCENE_ONE, start_line: 1, end_line: 20 } }),
      decide({ action: 'tool', tool: 'file_locator', args: { search_criteria: 'Owen' } }),
      decide({ action: 'final' }),
    ];
    const room = byAgent({
      'Chief of Staff': grounded('CHIEF', 'hester'),
      Editor: grounded('EDITOR', 'scene'),
      Continuity: grounded('CONTINUITY', 'hester'),
      'Line Editor': 'ABSTAIN',
      'Story Architect': grounded('ARCHITECT', 'scene'),
    });
    const result = await conference(await serve([...calls, room, room, room, room, room]), 'Check scene one against Hester’s card', [
      '--agents',
      'editor,continuity,line-editor,story-architect',
    ]);
    expect(result.toolExecutions).toBe(3);
    expect(result.receipts).toHaveLength(3);
    expect(await receiptLines(workspace.dir, result.conferenceId)).toHaveLength(3);
    expect(result.entries.map((entry) => entry.status)).toEqual(['responded', 'responded', 'responded', 'abstained', 'responded']);
    expect(sent().filter((request) => request.phase === 1)).toHaveLength(4);
    expect(server!.remaining()).toBe(0);
  });
});
