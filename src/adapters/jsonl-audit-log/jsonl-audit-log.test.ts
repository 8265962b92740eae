import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolReceipt } from '../../protocol/index.js';
import { ReceiptLedger, verifyAuditLog, type ReceiptKeys, type RecordReceiptInput } from '../../core/receipts/index.js';
import { systemClock, systemIds } from '../system/index.js';
import { JsonlAuditLog } from './jsonl-audit-log.js';
import { loadReceiptKeys } from './receipt-key-files.js';

let base: string;
let keys: ReceiptKeys;
let count = 0;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-audit-'));
  keys = (await loadReceiptKeys(path.join(base, 'keys'))).keys;
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

function fresh(): { root: string; log: JsonlAuditLog; ledger: ReceiptLedger } {
  count += 1;
  const root = path.join(base, `ws-${count}`);
  const log = new JsonlAuditLog(root, { keys });
  return { root, log, ledger: new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys }) };
}

function run(sessionId: string, index: number): RecordReceiptInput {
  return { conferenceId: 'c1', sessionId, turnId: `turn-${index}`, agentId: 'chief', toolId: 'file_locator', status: 'ok', inputs: { index } };
}

async function recordMany(ledger: ReceiptLedger, sessionId: string, howMany: number): Promise<ToolReceipt[]> {
  const receipts: ToolReceipt[] = [];
  for (let index = 0; index < howMany; index += 1) receipts.push(await ledger.record(run(sessionId, index)));
  return receipts;
}

describe('JsonlAuditLog storage', () => {
  it('writes one JSON line per receipt under the session folder', async () => {
    const { root, log, ledger } = fresh();
    const receipts = await recordMany(ledger, 'sess_01', 3);
    const text = await fs.readFile(path.join(root, '.control-room/audit/sessions/sess_01/tool_receipts.jsonl'), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n').slice(0, -1).map((line) => JSON.parse(line) as ToolReceipt)).toEqual(receipts);
    expect(await log.sessions()).toEqual(['sess_01']);
    expect(await log.last('sess_01')).toEqual(receipts[2]);
    expect(await log.last('nobody')).toBeNull();
    expect(await log.list('nobody')).toEqual([]);
    expect((await log.rawLines('sess_01')).map((line) => [line.file, line.line])).toEqual([
      ['.control-room/audit/sessions/sess_01/tool_receipts.jsonl', 1],
      ['.control-room/audit/sessions/sess_01/tool_receipts.jsonl', 2],
      ['.control-room/audit/sessions/sess_01/tool_receipts.jsonl', 3],
    ]);
  });

  it('refuses session and issue ids that could leave the audit folder', async () => {
    const { log } = fresh();
    for (const id of ['..', '../x', 'a/b', 'a\\b', '', 'x'.repeat(129), 'a.b', 'é']) {
      await expect(log.rawLines(id)).rejects.toMatchObject({ code: 'audit_id_invalid' });
      await expect(log.issueRawLines(id)).rejects.toMatchObject({ code: 'audit_id_invalid' });
    }
    await expect(log.linkToIssue('s1', '../../etc')).rejects.toMatchObject({ code: 'audit_id_invalid' });
  });

  it('refuses a batch that mixes sessions', async () => {
    const { log, ledger } = fresh();
    const [a] = await recordMany(ledger, 'a', 1);
    const [b] = await recordMany(ledger, 'b', 1);
    await expect(log.appendBatch([a as ToolReceipt, b as ToolReceipt])).rejects.toMatchObject({ code: 'audit_batch_mixed' });
  });

  it('moves a torn last line aside before appending, so the chain carries on and verifies', async () => {
    const { root, log, ledger } = fresh();
    const receipts = await recordMany(ledger, 's1', 2);
    const file = path.join(root, '.control-room/audit/sessions/s1/tool_receipts.jsonl');
    const whole = await fs.readFile(file, 'utf8');
    await fs.appendFile(file, '{"schema_version":1,"receipt_id":"rcpt_');
    const restarted = new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys });
    const next = await restarted.record(run('s1', 9));
    expect(await fs.readFile(file, 'utf8')).toBe(`${whole}${JSON.stringify(next)}\n`);
    expect(await log.list('s1')).toEqual([...receipts, next]);
    expect((await verifyAuditLog(log, keys)).report).toMatchObject({ ok: true, receipts: 3, firstBad: null });
    const quarantine = path.join(root, '.control-room/audit/quarantine');
    const [record] = await fs.readdir(quarantine);
    expect(record).toMatch(new RegExp(`^s1\\.torn-at-${Buffer.byteLength(whole)}\\.[0-9a-f]{12}\\.json$`));
    expect(JSON.parse(await fs.readFile(path.join(quarantine, record!), 'utf8'))).toMatchObject({
      kind: 'torn_receipt_line',
      session_id: 's1',
      log_file: '.control-room/audit/sessions/s1/tool_receipts.jsonl',
      offset: Buffer.byteLength(whole),
      text: '{"schema_version":1,"receipt_id":"rcpt_',
    });
  });
});

describe('JsonlAuditLog.linkToIssue', () => {
  it('copies receipts into the issue folder, and linking again adds nothing', async () => {
    const { root, log, ledger } = fresh();
    const receipts = await recordMany(ledger, 's1', 4);
    expect(await log.linkToIssue('s1', 'ISS-7')).toEqual({ linked: 4, file: '.control-room/audit/issues/ISS-7/receipts.jsonl' });
    expect(await log.linkToIssue('s1', 'ISS-7')).toEqual({ linked: 0, file: '.control-room/audit/issues/ISS-7/receipts.jsonl' });
    expect(await log.issueReceipts('ISS-7')).toEqual(receipts);
    expect(await log.issues()).toEqual(['ISS-7']);
    const links = JSON.parse(await fs.readFile(path.join(root, '.control-room/audit/issues/ISS-7/links.json'), 'utf8'));
    expect(links).toEqual({ schema_version: 1, issue_id: 'ISS-7', sessions: [{ session_id: 's1', receipt_ids: receipts.map((receipt) => receipt.receipt_id) }] });
    expect((await verifyAuditLog(log, keys)).report).toMatchObject({ ok: true, firstBad: null });
  });

  it('links only the listed receipts, adds later ones once, and merges several sessions', async () => {
    const { root, log, ledger } = fresh();
    const first = await recordMany(ledger, 's1', 3);
    const other = await recordMany(ledger, 's2', 2);
    expect((await log.linkToIssue('s1', 'ISS-1', [first[1]!.receipt_id])).linked).toBe(1);
    expect((await log.linkToIssue('s1', 'ISS-1')).linked).toBe(2);
    expect((await log.linkToIssue('s2', 'ISS-1')).linked).toBe(2);
    const more = await ledger.record(run('s1', 3));
    const concurrent = await Promise.all([log.linkToIssue('s1', 'ISS-1'), log.linkToIssue('s1', 'ISS-1'), log.linkToIssue('s2', 'ISS-1')]);
    expect(concurrent.map((result) => result.linked).sort()).toEqual([0, 0, 1]);
    const ids = (await log.issueReceipts('ISS-1')).map((receipt) => receipt.receipt_id);
    expect(ids).toEqual([first[1], first[0], first[2], ...other, more].map((receipt) => receipt!.receipt_id));
    const links = JSON.parse(await fs.readFile(path.join(root, '.control-room/audit/issues/ISS-1/links.json'), 'utf8'));
    expect(links.sessions.map((session: { session_id: string }) => session.session_id)).toEqual(['s1', 's2']);
    expect(links.sessions[0].receipt_ids).toHaveLength(4);
    expect((await verifyAuditLog(log, keys)).report).toMatchObject({ ok: true });
  });

  it('refuses receipt ids that are not in the session', async () => {
    const { log, ledger } = fresh();
    await recordMany(ledger, 's1', 1);
    await expect(log.linkToIssue('s1', 'ISS-1', ['rcpt_not-in-this-session'])).rejects.toMatchObject({ code: 'receipt_not_found' });
    expect(await log.issues()).toEqual([]);
  });
});
