import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runTool } from '../../core/tool-runs/index.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture;
let receiptIds: string[];
const SESSION = 'audit-session-1';

beforeEach(async () => {
  fixture = await openRouteFixture();
  const { room } = fixture;
  const dependencies = { registry: room.registry, context: room.toolContext, ledger: room.ledger, clock: room.clock, scrubber: room.scrubber };
  receiptIds = [];
  for (const args of [{ path: 'Canon.md' }, { path: 'Story/SCN-outline.md', start_line: 1, end_line: 5 }, { path: 'Compendium/Characters/CHAR-hester-vane.md' }]) {
    receiptIds.push((await runTool('file_reader', args, { sessionId: SESSION, turnId: 'turn-1', agentId: 'chief' }, dependencies)).receiptId);
  }
});
afterEach(async () => {
  await fixture.close();
});

const logFile = () => path.join(fixture.dir, '.control-room/audit/sessions', SESSION, 'tool_receipts.jsonl');

describe('audit routes', () => {
  it('lists sessions and a session’s receipts, each verified', async () => {
    expect(await (await fixture.send('GET', '/api/audit/sessions')).json()).toEqual({ sessions: [SESSION] });
    const response = await fixture.send('GET', `/api/audit/sessions/${SESSION}/receipts`);
    expect(response.status).toBe(200);
    const { receipts } = (await response.json()) as { receipts: Array<{ receipt_id: string; tool_id: string; verified: boolean; signature: string }> };
    expect(receipts.map((receipt) => [receipt.receipt_id, receipt.tool_id, receipt.verified])).toEqual(receiptIds.map((id) => [id, 'file_reader', true]));
    expect(await (await fixture.send('GET', '/api/audit/verify')).json()).toEqual({ ok: true, sessions: 1, receipts: 3, firstBad: null });
  });

  it('serves the raw log as JSON lines, exactly as stored', async () => {
    const response = await fixture.send('GET', `/api/audit/sessions/${SESSION}/tool-receipts`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(await response.text()).toBe(await fs.readFile(logFile(), 'utf8'));
  });

  it('marks a tampered receipt unverified and names the bad line in the verify report', async () => {
    const lines = (await fs.readFile(logFile(), 'utf8')).split('\n');
    lines[1] = lines[1]!.replace('"agent_id":"chief"', '"agent_id":"mallory"');
    await fs.writeFile(logFile(), lines.join('\n'));
    const { receipts } = (await (await fixture.send('GET', `/api/audit/sessions/${SESSION}/receipts`)).json()) as { receipts: Array<{ agent_id: string; verified: boolean }> };
    expect(receipts.map((receipt) => [receipt.agent_id, receipt.verified])).toEqual([['chief', true], ['mallory', false], ['chief', false]]);
    const report = (await (await fixture.send('GET', '/api/audit/verify')).json()) as { ok: boolean; firstBad: { file: string; line: number } };
    expect(report.ok).toBe(false);
    expect(report.firstBad).toMatchObject({ file: `.control-room/audit/sessions/${SESSION}/tool_receipts.jsonl`, line: 2 });
  });

  it('links receipts to an issue and records them on the issue', async () => {
    const issue = await fixture.room.issues.create({ title: 'Eye colour' });
    const response = await fixture.send('POST', `/api/audit/sessions/${SESSION}/link-issue`, { issueId: issue.id, receiptIds: receiptIds.slice(0, 2) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ linked: 2, file: `.control-room/audit/issues/${issue.id}/receipts.jsonl` });
    const again = (await (await fixture.send('POST', `/api/audit/sessions/${SESSION}/link-issue`, { issueId: issue.id })).json()) as { linked: number };
    expect(again.linked).toBe(1);
    const detail = (await (await fixture.send('GET', `/api/issues/${issue.id}`)).json()) as { issue: { receiptIds: string[]; sessionId: string }; receipts: Array<{ receipt_id: string; verified: boolean }> };
    expect(detail.issue).toMatchObject({ receiptIds, sessionId: SESSION });
    expect(detail.receipts.map((receipt) => [receipt.receipt_id, receipt.verified])).toEqual(receiptIds.map((id) => [id, true]));
  });

  it('answers 404 for unknown sessions and issues', async () => {
    for (const url of ['/api/audit/sessions/nobody/receipts', '/api/audit/sessions/nobody/tool-receipts']) {
      const response = await fixture.send('GET', url);
      expect(response.status, url).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'session_not_found' } });
    }
    const missingIssue = await fixture.send('POST', `/api/audit/sessions/${SESSION}/link-issue`, { issueId: 'ISS-404' });
    expect(missingIssue.status).toBe(404);
    expect(await missingIssue.json()).toMatchObject({ error: { code: 'issue_not_found' } });
  });

  it.each([
    ['an encoded parent path', '/api/audit/sessions/..%2F..%2Fagents/receipts'],
    ['app data', '/api/audit/sessions/.control-room/receipts'],
    ['an absolute path', '/api/audit/sessions/%2Fetc%2Fpasswd/tool-receipts'],
    ['a dotted session', `/api/audit/sessions/${SESSION}.bak/tool-receipts`],
  ])('refuses %s as a session id with 400', async (_label, url) => {
    const response = await fixture.send('GET', url);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('refuses bad link bodies with the issues', async () => {
    for (const body of [{}, { issueId: '../ISS-1' }, { issueId: 'ISS-1', receiptIds: ['not-a-receipt'] }, { issueId: 'ISS-1', extra: 1 }]) {
      const response = await fixture.send('POST', `/api/audit/sessions/${SESSION}/link-issue`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } });
    }
  });
});
