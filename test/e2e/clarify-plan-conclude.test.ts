/**
 * Clarify → plan → act → conclude end to end: the real server (and the CLI's `chat --json`)
 * against a loopback model server playing scripted steps. An ask with nothing named gets
 * clarifying questions with no model call and no receipt; a request of several asks opens with
 * a plan in the writer's words, runs its tools, and concludes with findings, next steps and a
 * verified evidence line last. The writer's answer to the questions is joined to the ask they
 * were about, so the next turn acts on both (over HTTP and `chat --session` alike).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundEvent } from '../../src/protocol/index.js';
import { startLoopbackModelServer, type LoopbackModelServer } from '../../src/adapters/loopback-model-server/index.js';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process.js';
import { runChat } from './helpers/run-cli.js';
import { decide, envelopeCall, groundedAnswer } from './helpers/scripted-turns.js';
import { receiptLines, sampleWorkspace } from './helpers/workspace-fixture.js';

const TOOL_IDS = /file_reader|file_locator|outline_analyzer|canon_checker|task_router|search_issues|prose_analyzer|consistency_checker|scene_draft_validator/;
const EYES = (receipts: string) => `Evidence: content | Compendium/Characters/CHAR-hester-vane.md | "eyes: grey" | receipt ${receipts}`;
const plannedTurn = () => [
  envelopeCall('file_reader', { path: 'Compendium/Characters/CHAR-hester-vane.md' }),
  decide({ action: 'final' }),
  groundedAnswer('Hester’s card gives her grey eyes, and the card is the only place they are described.', EYES),
];

interface ChatBody {
  content: string;
  phase: string;
  plan: string[] | null;
  receipts: string[];
  evidence: string | null;
  validation: { ok: boolean };
  traceRoundId: string;
}

let model: LoopbackModelServer;
let workspace: { dir: string; cleanup: () => Promise<void> };
let server: ServerProcess;
const modelCalls = () => model.requests.filter((request) => request.method === 'POST').length;
/** The writer's message in the tool phase of the model call at `index` (counting POSTs only). */
const askSent = (index: number): unknown =>
  model.requests.filter((request) => request.method === 'POST')[index]?.body?.messages?.find((message) => message.role === 'user')?.content;

beforeAll(async () => {
  workspace = await sampleWorkspace('cr-e2e-plan-');
  model = await startLoopbackModelServer(Array.from({ length: 4 }, plannedTurn).flat());
  server = await startServerProcess(['serve', '--workspace', workspace.dir, '--port', '0'], {
    env: { CONTROL_ROOM_LLM_BASE_URL: model.baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' },
  });
});
afterAll(async () => {
  await server?.stop();
  await model?.close();
  await workspace?.cleanup();
});

const chat = async (message: string, sessionId: string): Promise<ChatBody> => {
  const response = await fetch(`${server.url}/api/ai/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message, sessionId }) });
  expect(response.status).toBe(200);
  return (await response.json()) as ChatBody;
};
const outputEvent = async (roundId: string): Promise<RoundEvent> => {
  const events = ((await (await fetch(`${server.url}/api/traces/rounds/${roundId}`)).json()) as { events: RoundEvent[] }).events;
  return events.find((event) => event.event_type === 'output.emitted')!;
};

describe('clarify, plan, act, conclude', () => {
  it('answers an ask with nothing named by clarifying questions, with no model call and no receipt', async () => {
    const before = modelCalls();
    const receiptsBefore = (await receiptLines(workspace.dir)).length;
    const body = await chat('Can you fix it and make it better?', 'plan-vague');
    expect(body.phase).toBe('clarify');
    expect(body.plan).toBeNull();
    expect(body.receipts).toEqual([]);
    const questions = body.content.split('\n').filter((line) => line.trim().endsWith('?'));
    expect(questions.length).toBeGreaterThanOrEqual(1);
    expect(questions.length).toBeLessThanOrEqual(2);
    expect(body.content).not.toMatch(TOOL_IDS);
    expect(modelCalls()).toBe(before);
    expect((await receiptLines(workspace.dir)).length).toBe(receiptsBefore);
    expect((await outputEvent(body.traceRoundId)).payload).toMatchObject({ phase: 'clarify' });
  });

  it('opens a request of several asks with a plan, acts, and concludes with next steps before a verified evidence line', async () => {
    const message = 'Check Hester’s eye colour in her card using file_reader, then compare it with chapter one and list any mismatches';
    const body = await chat(message, 'plan-steps');
    expect(body.phase).toBe('plan');
    expect(body.plan).toHaveLength(3);
    expect(body.receipts).toHaveLength(1);
    const lines = body.content.split('\n');
    expect(lines[0]).toBe("Here's my plan:");
    expect(lines[1]).toMatch(/^1\. Check Hester’s eye colour/);
    expect(lines.slice(0, 4).join('\n')).toMatch(/3\. List any mismatches/);
    expect(body.content).not.toMatch(TOOL_IDS);
    expect(body.content).toContain('grey eyes');
    expect(lines.at(-2)).toMatch(/^Next steps:/);
    expect(lines.at(-1)).toBe(EYES(body.receipts[0]!));
    expect(body.evidence).toBe(lines.at(-1));
    expect(body.validation.ok).toBe(true);
    expect((await outputEvent(body.traceRoundId)).payload).toMatchObject({ phase: 'plan', plan: body.plan });
  });

  it('shows the phase and plan in `chat --json` too', async () => {
    const result = (await runChat(workspace.dir, model.baseUrl, '1. read Hester’s card\n2. tell me her eye colour')) as unknown as ChatBody;
    expect(result.phase).toBe('plan');
    expect(result.plan).toEqual(['Read Hester’s card', 'Tell me her eye colour']);
    expect(result.content.split('\n').at(-1)).toBe(EYES(result.receipts[0]!));
    expect(result.validation.ok).toBe(true);
  });

  it('acts on the ask once the writer answers the clarifying questions, over HTTP and `chat --session`', async () => {
    const before = modelCalls();
    const body = await chat('Hester’s card: her eye colour', 'plan-vague');
    expect(body.phase).toBe('answer');
    expect(body.receipts).toHaveLength(1);
    expect(body.content).toContain('grey eyes');
    expect(body.validation.ok).toBe(true);
    expect(askSent(before)).toBe('Can you fix it and make it better?\nHester’s card: her eye colour');
    const asked = (await runChat(workspace.dir, model.baseUrl, 'Please polish it', ['--session', 'plan-cli'])) as unknown as ChatBody;
    expect(asked.phase).toBe('clarify');
    const cliBefore = modelCalls();
    const acted = (await runChat(workspace.dir, model.baseUrl, 'Hester’s card', ['--session', 'plan-cli'])) as unknown as ChatBody;
    expect(acted.phase).toBe('answer');
    expect(acted.receipts).toHaveLength(1);
    expect(askSent(cliBefore)).toBe('Please polish it\nHester’s card');
  });
});
