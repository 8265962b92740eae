/**
 * Secrets never at rest and never sent (issue 13): fake secrets of every family are planted in
 * manuscript files and in the writer's messages (a conference round, a 1:1 turn, a memory note);
 * the real server runs the round with tools reading those files, over a loopback model server
 * that records every request body. Afterwards no raw secret is in any file under `.control-room/`
 * (JSON, JSON lines, SQLite traces and memory, signed receipts) nor in any model request, the
 * receipts still verify, and a receipt whose outputs lost a secret keeps the real output's sha256.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackStep } from '../../src/adapters/loopback-model-server/index.js';
import { startControlRoomServer, type RunningServer } from '../../src/server/start-server.js';
import { Draw, SECRET_FAMILIES } from '../corpus/secrets/fake-secrets.js';
import { place, PLACEMENTS, type Placement } from '../corpus/secrets/placements.js';
import { decide, envelopeCall } from './helpers/scripted-turns.js';
import { readAppData, receiptLines, sampleWorkspace, writeEndpoints } from './helpers/workspace-fixture.js';

const draw = new Draw(1313);
/** Every raw part that must never be stored or sent. */
const planted: string[] = [];

/** One fake secret of each of the given families, placed in text; its raw parts are remembered. */
function plant(families: readonly (typeof SECRET_FAMILIES)[number][], placement: (index: number) => Placement): string {
  return families
    .map((family, index) => {
      const secret = family.make(draw);
      planted.push(...secret.mustVanish);
      return place(secret, family.family, placement(index), draw);
    })
    .join('\n\n');
}

const FILES = PLACEMENTS.map((placement) => ({ placement, path: `Story/Research/keys-${placement}.md` }));
const ANSWER: LoopbackStep = { content: 'The notes hold credentials that do not belong in the manuscript.' };
const ABSTAIN: LoopbackStep = { content: 'ABSTAIN' };

let model: LoopbackModelServer;
let workspace: { dir: string; cleanup: () => Promise<void> };
let server: RunningServer;
let conferenceMessage: string;
let chatMessage: string;
let noteText: string;

beforeAll(async () => {
  workspace = await sampleWorkspace('cr-e2e-secrets-');
  // Every family, in every placement, spread over four manuscript files.
  for (const [index, file] of FILES.entries()) {
    const families = SECRET_FAMILIES.filter((_family, position) => position % FILES.length === index);
    await fs.mkdir(path.join(workspace.dir, path.dirname(file.path)), { recursive: true });
    await fs.writeFile(path.join(workspace.dir, file.path), `# Research notes (${file.placement})\n\n${plant(families, () => file.placement)}\n`);
  }
  // The writer's own messages carry secrets of every family as well, in prose.
  const prose = () => 'prose' as const;
  conferenceMessage = `Before the round: please keep these out of the book.\n\n${plant(SECRET_FAMILIES.slice(0, 20), prose)}\n\nWhat do the research notes say?`;
  chatMessage = `Here is what I found.\n\n${plant(SECRET_FAMILIES.slice(20, 40), prose)}\n\nIs any of this in the scenes?`;
  noteText = `Remember where these came from:\n${plant(SECRET_FAMILIES.slice(40), prose)}`;

  const [first, ...others] = FILES.map((file) => file.path);
  model = await startLoopbackModelServer([
    // Conference phase 1: the Chief reads all four files; phase 2: both seats abstain.
    envelopeCall('file_reader', { path: first! }),
    ...others.map((file) => decide({ action: 'tool', tool: 'file_reader', args: { path: file } })),
    decide({ action: 'final' }),
    ABSTAIN,
    ABSTAIN,
    // A 1:1 turn that reads one file, then answers (spare answers cover a corrective retry).
    envelopeCall('file_reader', { path: FILES[3]!.path }),
    decide({ action: 'final' }),
    ANSWER,
    ANSWER,
    ANSWER,
  ]);
  await writeEndpoints(workspace.dir, { baseUrl: model.baseUrl, model: 'loopback-model' });
  server = await startControlRoomServer({ workspace: workspace.dir, port: 0, host: '127.0.0.1', allowRemote: false, demo: false, env: {}, webRoot: null });
}, 120_000);

afterAll(async () => {
  await server?.close().catch(() => undefined);
  await model?.close();
  await workspace?.cleanup();
});

/** A request as the web app sends it. */
async function call(method: string, route: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-control-room': '1', origin: server.url },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('secrets never at rest and never sent', () => {
  it('plants every family, in the files and in the messages', () => {
    expect(new Set(planted).size).toBeGreaterThan(SECRET_FAMILIES.length * 2);
    expect(server.mode).toBe('live');
  });

  it('runs a conference round, a 1:1 turn and a memory note full of secrets, and stores and sends none of them', async () => {
    const created = await call('POST', '/api/conferences', { attendees: ['continuity'] });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const round = await call('POST', `/api/conferences/${String(created.json['id'])}/rounds`, { message: conferenceMessage });
    expect(round.status, JSON.stringify(round.json)).toBe(200);
    expect(round.json['toolExecutions']).toBe(4);
    const chat = await call('POST', '/api/ai/chat', { message: chatMessage, sessionId: 'secrets-chat' });
    expect(chat.status, JSON.stringify(chat.json)).toBe(200);
    const note = await call('POST', '/api/memory/bucket:secrets-chat/items', { content: noteText });
    expect(note.status, JSON.stringify(note.json)).toBe(201);
    await server.close();

    const sent = model.requests.filter((request) => request.method === 'POST').map((request) => JSON.stringify(request.body));
    expect(sent.length).toBeGreaterThanOrEqual(9);
    // The file contents did reach phase 2 and the 1:1 turn — scrubbed.
    expect(sent.filter((body) => body.includes('secret_ref:')).length).toBeGreaterThanOrEqual(5);
    const stored = await readAppData(workspace.dir);
    expect(stored.some((file) => file.file.includes('conference-transcripts'))).toBe(true);
    expect(stored.some((file) => file.file.endsWith('traces.db'))).toBe(true);
    const leaks: string[] = [];
    for (const raw of planted) {
      for (const body of sent) if (body.includes(raw)) leaks.push(`model request: ${raw.slice(0, 24)}…`);
      for (const file of stored) if (file.text.includes(raw)) leaks.push(`${file.file}: ${raw.slice(0, 24)}…`);
    }
    expect(leaks).toEqual([]);
  }, 120_000);

  it('keeps receipts verifiable, with the sha256 of the real output beside the scrubbed one', async () => {
    const receipts = (await receiptLines(workspace.dir)).map((line) => JSON.parse(line) as { tool_id: string; outputs_sha256?: string; outputs?: unknown; excerpt?: string });
    const reads = receipts.filter((receipt) => receipt.tool_id === 'file_reader');
    expect(reads).toHaveLength(5);
    for (const receipt of reads) {
      expect(receipt.outputs_sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(receipt.outputs ?? receipt.excerpt)).toContain('secret_ref:');
    }
    const reopened = await startControlRoomServer({ workspace: workspace.dir, port: 0, host: '127.0.0.1', allowRemote: false, demo: true, env: {}, webRoot: null });
    try {
      const verify = await fetch(`${reopened.url}/api/audit/verify`);
      expect(await verify.json()).toMatchObject({ ok: true, firstBad: null });
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
