/**
 * `control-room start` with no model server anywhere (issue 6): it prepares the sample workspace,
 * falls back to the offline demo within the start-up, and a conference round played by the demo
 * model through the real harness gives grounded replies with verified evidence and an abstention.
 */
import { createServer } from 'node:net';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConferenceEntry, ConferenceRoundResult } from '../../src/protocol/index.js';
import { readEvents } from '../../src/server/testing/route-fixture.js';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process.js';

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let base: string;
let server: ServerProcess;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-e2e-demo-'));
  server = await startServerProcess(['start', '--workspace', path.join(base, 'fresh'), '--port', '0'], {
    env: { CONTROL_ROOM_LLM_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1`, CONTROL_ROOM_LLM_MODEL: 'nothing-here' },
  });
});
afterAll(async () => {
  await server?.stop();
  await fs.rm(base, { recursive: true, force: true });
});

const post = (url: string, body: unknown) => fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('control-room start with no model server', () => {
  it('prepares the sample workspace and says it runs the demo', async () => {
    expect(server.stderr()).toContain('Preparing the sample manuscript');
    expect(server.stdout()).toMatch(/^Control Room is running at http:\/\/127\.0\.0\.1:\d+ — demo mode \(no model server found\): no language model; the agents look up what is asked in the manuscript with the real tools, and every reply is checked$/m);
    const health = await (await fetch(`${server.url}/api/health`)).json();
    expect(health).toMatchObject({ ok: true, workspace: 'fresh', mode: 'demo', model: { reachable: false, model: 'control-room-demo' } });
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('plays a streamed conference round: verified evidence from three desks, an abstention, signed receipts', async () => {
    const conference = (await (await post('/api/conferences', { attendees: ['editor', 'continuity', 'line-editor'] })).json()) as { id: string };
    const events = await readEvents(await post(`/api/conferences/${conference.id}/rounds`, { message: 'Check scene 7 for continuity problems', stream: true }));
    const entries = events.filter((event) => event.event === 'entry').map((event) => event.data as ConferenceEntry & { card: string });
    expect(entries.map((entry) => [entry.agentId, entry.status, entry.card])).toEqual([
      ['chief', 'responded', 'Moderator'],
      ['editor', 'responded', 'Participant'],
      ['continuity', 'responded', 'Participant'],
      ['line-editor', 'abstained', 'Abstained'],
    ]);
    for (const entry of entries.filter((candidate) => candidate.status === 'responded')) {
      expect(entry.issues).toEqual([]);
      expect(entry.retried).toBe(false);
      expect(entry.evidence).toMatch(/^Evidence: content \| .+ \| ".+" \| receipt rcpt_/);
    }
    const round = events.at(-1)!.data as ConferenceRoundResult;
    expect(round.receipts.length).toBe(round.toolExecutions);
    const audit = (await (await fetch(`${server.url}/api/audit/sessions/${conference.id}/receipts`)).json()) as { receipts: Array<{ receipt_id: string; verified: boolean }> };
    expect(audit.receipts.map((receipt) => [receipt.receipt_id, receipt.verified])).toEqual(round.receipts.map((id) => [id, true]));
    const issue = (await (await fetch(`${server.url}/api/issues/${round.issueId}`)).json()) as { issue: { title: string }; receipts: Array<{ verified: boolean }> };
    expect(issue.issue.title).toBe(`Conference ${conference.id} — Turn 1`);
    expect(issue.receipts.every((receipt) => receipt.verified)).toBe(true);
  });

  it('answers a 1:1 question in demo mode with verified evidence', async () => {
    const chat = (await (await post('/api/ai/chat', { message: 'Is anything wrong in scene 9?', agentId: 'continuity' })).json()) as { validation: { ok: boolean }; evidence: string };
    expect(chat.validation.ok).toBe(true);
    expect(chat.evidence).toContain('Compendium/Characters/CHAR-owen-tresk.md');
  });

  it('stops cleanly on SIGTERM', async () => {
    expect(await server.stop()).toBe(0);
  });
});
