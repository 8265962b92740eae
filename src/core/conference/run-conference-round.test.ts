import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHIEF_AGENT_ID, type EvidenceIssue, type EvidenceReport, type ModelRequest } from '../../protocol/index.js';
import { openControlRoom, type ControlRoom } from '../../adapters/compose/index.js';
import { openConferenceServices, type ConferenceServices } from '../../adapters/compose/open-conference-services.js';
import { initWorkspace } from '../../adapters/fs-workspace/index.js';
import { findToolNonce, ScriptedModel, type ScriptedReply } from '../../adapters/scripted-model/index.js';
import { InMemoryTraceStore } from '../traces/index.js';
import type { EvidenceCheckContext } from './conference-dependencies.js';
import { createConference, muteInConference, removeFromConference } from './manage-conference.js';
import { runConferenceRound } from './run-conference-round.js';

/**
 * A small but real evidence check for these tests (the full one lives in core/evidence): one
 * evidence line, sources that exist, quotes found in them, a line/section for structural claims,
 * and receipts the round knows.
 */
async function checkEvidence(reply: string, context: EvidenceCheckContext): Promise<EvidenceReport> {
  const issues: EvidenceIssue[] = [];
  const report = (): EvidenceReport => ({ ok: issues.length === 0, line: lines[0]?.trim() ?? null, type: null, sources: [], quotes: [], receipts: [], locations: [], searched: [], absenceHits: [], issues });
  const lines = reply.split('\n').filter((line) => /^\s*(?:\*\*Evidence:\*\*|__Evidence:__|Evidence:)/.test(line));
  if (lines.length !== 1) {
    issues.push({ code: lines.length === 0 ? 'evidence_missing' : 'evidence_multiple', message: 'One evidence line is required.', span: null });
    return report();
  }
  const [type = '', sourceList = '', detail = '', receiptPart = ''] = lines[0]!.replace(/^\s*(?:\*\*Evidence:\*\*|__Evidence:__|Evidence:)/, '').split('|').map((part) => part.trim());
  const texts: string[] = [];
  for (const source of sourceList.split(',').map((part) => part.trim().split('#')[0]!)) {
    try {
      texts.push((await context.workspace.read(source)).content);
    } catch {
      issues.push({ code: 'source_not_found', message: `No file ${source}.`, span: null });
    }
  }
  if (type === 'content') {
    for (const match of detail.matchAll(/"([^"]+)"|“([^”]+)”/g)) {
      const quote = match[1] ?? match[2]!;
      if (!texts.some((text) => text.includes(quote))) issues.push({ code: 'quote_not_found', message: `"${quote}" is not in the cited files.`, span: null });
    }
  } else if (type === 'structural' && !/\bL\d+|›|#/.test(`${sourceList} ${detail}`)) {
    issues.push({ code: 'structural_ref_missing', message: 'Give a line range or a section.', span: null });
  }
  for (const id of receiptPart.replace(/^receipts?\s*/, '').split(',').map((part) => part.trim()).filter(Boolean)) {
    if (!context.knownReceiptIds.has(id)) issues.push({ code: 'receipt_unknown', message: `Unknown receipt ${id}.`, span: null });
  }
  return report();
}

let base: string;
let room: ControlRoom;
let services: ConferenceServices;
let model: ScriptedModel;
let traces: InMemoryTraceStore;

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-conference-'));
  await initWorkspace(path.join(base, 'novel'), { sample: true });
  model = new ScriptedModel();
  traces = new InMemoryTraceStore();
  room = await openControlRoom(path.join(base, 'novel'), { env: {}, homeDir: null, traces, modelFactory: () => model });
  services = openConferenceServices(room, { validateReply: checkEvidence });
});

afterEach(async () => {
  await room.close();
  await fs.rm(base, { recursive: true, force: true });
});

const text = (request: ModelRequest): string => request.messages.map((message) => message.content).join('\n');
const call = (tool: string, args: Record<string, unknown>) => (request: ModelRequest): ScriptedReply => ({ content: JSON.stringify({ tool, args, nonce: findToolNonce(request.messages) }) });
const decide = (decision: Record<string, unknown>) => (request: ModelRequest): ScriptedReply => ({ content: JSON.stringify({ ...decision, nonce: findToolNonce(request.messages) }) });
const receiptsIn = (request: ModelRequest): string => [...text(request).matchAll(/receipt (rcpt_[A-Za-z0-9_-]+)/g)].map((match) => match[1]).join(', ');

/** Phase-2 replies by agent name, read from the system prompt each agent is sent. */
function byAgent(replies: Record<string, string | ((request: ModelRequest) => string)>) {
  return (request: ModelRequest): ScriptedReply => {
    const name = /^You are (.+?), the /.exec(request.messages[0]?.content ?? '')?.[1] ?? '';
    const reply = replies[name];
    if (reply === undefined) throw new Error(`no scripted reply for "${name}"`);
    return { content: typeof reply === 'function' ? reply(request) : reply };
  };
}

const HESTER = 'Compendium/Characters/CHAR-hester-vane.md';
const GOOD = (request: ModelRequest) => `Hester's card gives her grey eyes.\nEvidence: content | ${HESTER} | "eyes: grey" | receipt ${receiptsIn(request)}`;
const BAD_QUOTE = `Hester has green eyes.\nEvidence: content | ${HESTER} | "eyes: green"`;

describe('runConferenceRound', () => {
  it('runs the two phases, archives the round as an issue and updates cards, credits and telemetry', async () => {
    const conference = await createConference({ attendees: ['continuity', 'editor', 'line-editor', 'story-architect'] }, services.rosterDependencies());
    expect(conference.attendees).toEqual([CHIEF_AGENT_ID, 'editor', 'continuity', 'line-editor', 'story-architect']);
    await muteInConference(conference.id, 'line-editor', true, services.rosterDependencies());
    const router = byAgent({ 'Chief of Staff': GOOD, Editor: '  abstain \n', Continuity: BAD_QUOTE, 'Story Architect': GOOD });
    model.push(call('file_reader', { path: HESTER }), decide({ action: 'final' }), router, router, router, router, router);
    const events: string[] = [];
    const result = await runConferenceRound({ conferenceId: conference.id, message: 'What colour are Hester’s eyes?', onEvent: (event) => events.push(event.type) }, services.dependencies());

    expect(model.remaining).toBe(0);
    expect(result.round).toBe(1);
    expect(result.toolExecutions).toBe(1);
    expect(result.receipts).toHaveLength(1);
    expect(result.entries.map((entry) => [entry.agentId, entry.status])).toEqual([
      ['chief', 'responded'],
      ['editor', 'abstained'],
      ['continuity', 'rejected'],
      ['line-editor', 'muted'],
      ['story-architect', 'responded'],
    ]);
    expect(result.cards).toEqual({ chief: 'Moderator', editor: 'Abstained', continuity: 'Participant', 'line-editor': 'Muted', 'story-architect': 'Participant' });
    const continuity = result.entries[2]!;
    expect(continuity.retried).toBe(true);
    expect(continuity.issues.map((issue) => issue.code)).toEqual(['quote_not_found']);
    expect(result.entries[1]).toMatchObject({ content: null, evidence: null, issues: [] });
    expect(result.entries[0]!.evidence).toBe(`Evidence: content | ${HESTER} | "eyes: grey" | receipt ${result.receipts[0]}`);
    expect(events).toEqual(['tool-run', 'phase-one-done', 'entry-decided', 'entry-decided', 'entry-decided', 'entry-decided', 'entry-decided', 'round-closed']);

    // Phase 1 was lean; phase 2 had the results but no catalog or protocol, and the role framing.
    const [phaseOne, , chiefTwo, editorTwo, continuityTwo, continuityRetry, architectTwo] = model.requests;
    expect(phaseOne!.messages).toHaveLength(2);
    expect(text(phaseOne!)).toContain('TOOL_NONCE:');
    expect(text(phaseOne!)).not.toMatch(/Evidence:|You are Chief/);
    for (const request of [chiefTwo!, editorTwo!, continuityTwo!, architectTwo!]) {
      expect(request.messages).toHaveLength(2);
      expect(text(request)).not.toMatch(/TOOL_NONCE|Tool Call Protocol|file_locator/);
      expect(text(request)).toContain(result.receipts[0]);
      expect(text(request)).toContain('eyes: grey');
      expect(text(request)).toContain('What colour are Hester’s eyes?');
      expect(request.responseFormat).toBeUndefined();
    }
    expect(text(continuityTwo!)).toContain('The following data was retrieved for this discussion. You are Continuity Editor. If this is relevant');
    // The one corrective retry carries the agent's own reply and its issues, nothing of anyone else's.
    expect(continuityRetry!.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(continuityRetry!.messages[3]!.content).toContain('quote_not_found');
    for (const request of [editorTwo!, continuityTwo!, architectTwo!]) {
      expect(text(request)).not.toContain("Hester's card gives her grey eyes");
      expect(text(request)).not.toContain('Hester has green eyes');
    }

    const issue = await room.issues.get(result.issueId!);
    expect(issue).toMatchObject({ title: `Conference ${conference.id} — Turn 1`, receiptIds: result.receipts, sessionId: conference.id, tags: ['conference'] });
    expect(issue!.body).toContain('**Writer:** What colour are Hester’s eyes?');
    expect(issue!.body).toContain('**Continuity** (rejected: quote_not_found)');
    expect(issue!.body).toContain('**Line Editor** (muted)');
    expect(issue!.body).toContain('Abstained: Editor');
    expect(issue!.body).not.toContain('**Editor**');
    expect((await room.auditLog.issueReceipts(result.issueId!)).map((receipt) => receipt.receipt_id)).toEqual(result.receipts);
    expect((await services.conferences.get(conference.id))!.rounds).toBe(1);

    const credits = await services.credits.read();
    expect(Object.fromEntries(Object.entries(credits.agents).map(([id, entry]) => [id, entry.balance]))).toEqual({ chief: 1, continuity: -1, 'story-architect': 1 });
    const telemetry = await services.telemetry.session(conference.id);
    expect(telemetry).toMatchObject({ conferenceId: conference.id, totals: { quote_not_found: 2 }, byAgent: { continuity: { quote_not_found: 2 } } });

    const trace = await traces.getRound(result.traceRoundId);
    expect(trace!.round).toMatchObject({ conversation_id: conference.id, status: 'ok', round_seq: 1 });
    const types = trace!.events.map((event) => event.event_type);
    expect(types.filter((type) => type === 'output.emitted')).toHaveLength(5);
    expect(types.filter((type) => type === 'tool.request')).toHaveLength(1);
    expect(trace!.events.filter((event) => event.event_type === 'validator.ran' && event.payload['validator_id'] === 'evidence')).toHaveLength(4);
    expect(types.filter((type) => type === 'llm.request')).toHaveLength(7);
  });

  it('runs each tool once however many agents attend, and forgets the round before the next', async () => {
    const conference = await createConference({ attendees: ['editor', 'continuity', 'line-editor', 'story-architect'] }, services.rosterDependencies());
    const reads = ['Story/SCN-outline.md', HESTER, 'Compendium/Lore/LORE-timeline.md'];
    const everyone = byAgent({ 'Chief of Staff': GOOD, Editor: GOOD, Continuity: GOOD, 'Line Editor': 'ABSTAIN', 'Story Architect': GOOD });
    model.push(call('file_reader', { path: reads[0] }), decide({ action: 'tool', tool: 'file_reader', args: { path: reads[1] } }), decide({ action: 'tool', tool: 'file_reader', args: { path: reads[2] } }), decide({ action: 'final' }));
    model.push(everyone, everyone, everyone, everyone, everyone);
    const first = await runConferenceRound({ conferenceId: conference.id, message: 'Check the eyes' }, services.dependencies());
    expect(first.toolExecutions).toBe(3);
    expect(await room.auditLog.list(conference.id)).toHaveLength(3);
    expect(first.entries.filter((entry) => entry.status === 'responded')).toHaveLength(4);

    const before = model.requests.length;
    model.push(call('file_reader', { path: 'Story/Scenes/SCN-02-harbour-house.md', start_line: 1, end_line: 5 }), decide({ action: 'final' }));
    model.push(everyone, everyone, everyone, everyone, everyone);
    const second = await runConferenceRound({ conferenceId: conference.id, message: 'And the harbour house?' }, services.dependencies());
    expect(second.round).toBe(2);
    expect((await room.issues.get(second.issueId!))!.title).toBe(`Conference ${conference.id} — Turn 2`);
    for (const request of model.requests.slice(before)) {
      const sent = text(request);
      expect(sent).not.toContain('Check the eyes');
      for (const receipt of first.receipts) expect(sent).not.toContain(receipt);
      expect(sent).not.toContain("Hester's card gives her grey eyes");
    }
    expect(second.receipts).toHaveLength(1);
    expect(await room.auditLog.list(conference.id)).toHaveLength(4);
  });

  it('keeps going when an agent’s model is unreachable, without touching its credits', async () => {
    const conference = await createConference({ attendees: ['editor'] }, services.rosterDependencies());
    model.push({ content: 'Nothing to look up for a greeting.' }, { content: `Hello.\nEvidence: absence | Story/SCN-outline.md | checked Story/SCN-outline.md for "hello"` });
    model.push({ status: 400, message: 'bad request' });
    const result = await runConferenceRound({ conferenceId: conference.id, message: 'Hello, room' }, services.dependencies());
    expect(result.toolExecutions).toBe(0);
    expect(result.entries[1]).toMatchObject({ agentId: 'editor', status: 'rejected', issues: [{ code: 'model_unavailable' }] });
    expect((await services.credits.read()).agents['editor']).toBeUndefined();
    expect((await room.issues.get(result.issueId!))!.receiptIds).toEqual([]);
  });

  it('goes on to phase 2 with no data when the Chief’s calls are refused, and nothing runs', async () => {
    const conference = await createConference({ attendees: ['continuity'] }, services.rosterDependencies());
    const wrongNonce = { content: JSON.stringify({ tool: 'file_reader', args: { path: HESTER }, nonce: 'guessed' }) };
    model.push(wrongNonce, wrongNonce, byAgent({ 'Chief of Staff': 'ABSTAIN' }), byAgent({ Continuity: 'ABSTAIN' }));
    const result = await runConferenceRound({ conferenceId: conference.id, message: 'Eyes?', toolPolicy: { requireTool: true } }, services.dependencies());
    expect(result.stopHook).toBe('tool_call_rejected');
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_nonce_invalid', 'tool_call_nonce_invalid']);
    expect(result.toolExecutions).toBe(0);
    expect(await room.auditLog.list(conference.id)).toEqual([]);
    expect(text(model.requests[2]!)).toContain('No data could be retrieved');
    expect((await services.telemetry.totals()).byAgent['chief']).toMatchObject({ format_error: 2 });
    expect(result.cards).toEqual({ chief: 'Moderator', continuity: 'Abstained' });
  });

  it('ends on a notice, keeps the trace and archives nothing when the Chief’s model is down', async () => {
    const conference = await createConference({ attendees: ['editor'] }, services.rosterDependencies());
    model.push({ status: 401, message: 'no key' });
    const result = await runConferenceRound({ conferenceId: conference.id, message: 'Eyes?' }, services.dependencies());
    expect(result).toMatchObject({ round: 1, issueId: null, stopHook: 'model_unavailable', entries: [], notice: { kind: 'failure', code: 'model_http_error' } });
    expect(result.notice!.message).toMatch(/couldn't get an answer from the model/);
    expect(result.notice!.action).toMatch(/Models/);
    expect(await room.issues.list()).toEqual([]);
    expect((await services.conferences.get(conference.id))!.rounds).toBe(1);
    const [header] = await traces.listRounds({ conversation_id: conference.id });
    expect(header).toMatchObject({ status: 'failed', failure_code: 'model_http_error' });
  });

  it.each(['', '   ', '?!?!', 'asdfghjkl', 'sdkfjh jkjk'])('answers %j with a clarification and calls no model', async (message) => {
    const conference = await createConference({ attendees: ['editor'] }, services.rosterDependencies());
    const result = await runConferenceRound({ conferenceId: conference.id, message }, services.dependencies());
    expect(model.requests).toEqual([]);
    expect(result).toMatchObject({ issueId: null, stopHook: 'input_unclear', entries: [], toolExecutions: 0, notice: { kind: 'clarification' } });
    expect(result.notice!.action).toMatch(/\?/);
    const round = await traces.getRound(result.traceRoundId);
    expect(round!.round.status).toBe('ok');
    expect(round!.events.find((event) => event.event_type === 'validator.ran')!.payload).toMatchObject({ validator_id: 'input', code: result.notice!.code, status: 'escalate' });
    expect(round!.events.some((event) => event.event_type.startsWith('llm.'))).toBe(false);
  });

  it('never archives two rounds under one number when a round dies right after its archive', async () => {
    const conference = await createConference({ attendees: ['editor'] }, services.rosterDependencies());
    const greet = () => model.push({ content: 'Nothing to look up for a greeting.' }, { content: `Hello.\nEvidence: absence | Story/SCN-outline.md | checked Story/SCN-outline.md for "hello"` }, byAgent({ Editor: 'ABSTAIN' }));
    const deps = services.dependencies();
    // The first archive is written, then the round dies, as a crash at that moment would leave it.
    const create = deps.issues.create.bind(deps.issues);
    let deaths = 1;
    deps.issues.create = async (input) => {
      const issue = await create(input);
      if (deaths-- > 0) throw new Error('killed after the archive');
      return issue;
    };
    greet();
    const died = await runConferenceRound({ conferenceId: conference.id, message: 'Hello, room' }, deps);
    expect(died).toMatchObject({ round: 1, stopHook: 'turn_failed', notice: { kind: 'failure', code: 'internal_error' } });
    greet();
    const next = await runConferenceRound({ conferenceId: conference.id, message: 'Hello again' }, deps);
    expect(next.round).toBe(2);
    const titles = (await room.issues.list()).map((issue) => issue.title).sort();
    expect(titles).toEqual([`Conference ${conference.id} — Turn 1`, `Conference ${conference.id} — Turn 2`]);
  });

  it('refuses an unknown conference', async () => {
    await expect(runConferenceRound({ conferenceId: 'conf-missing', message: 'x' }, services.dependencies())).rejects.toMatchObject({ code: 'conference_not_found' });
  });
});

describe('the conference roster', () => {
  it('never lets the Chief be removed or muted', async () => {
    const conference = await createConference({ attendees: ['editor'] }, services.rosterDependencies());
    await expect(removeFromConference(conference.id, CHIEF_AGENT_ID, services.rosterDependencies())).rejects.toMatchObject({ name: 'ControlRoomError', code: 'chief_not_removable' });
    await expect(muteInConference(conference.id, CHIEF_AGENT_ID, true, services.rosterDependencies())).rejects.toMatchObject({ code: 'chief_not_mutable' });
    const after = await removeFromConference(conference.id, 'editor', services.rosterDependencies());
    expect(after.attendees).toEqual([CHIEF_AGENT_ID]);
  });
});
