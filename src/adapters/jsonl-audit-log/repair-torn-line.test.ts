import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReceiptLedger, type ReceiptKeys } from '../../core/receipts/index.js';
import { systemClock, systemIds } from '../system/index.js';
import { JsonlAuditLog } from './jsonl-audit-log.js';
import { loadReceiptKeys } from './receipt-key-files.js';
import { describeTornLineRepair, repairTornLine } from './repair-torn-line.js';
import { verifyWorkspaceAudit } from './verify-workspace-audit.js';

let root: string;
let keys: ReceiptKeys;
let log: JsonlAuditLog;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-torn-'));
  keys = (await loadReceiptKeys(root)).keys;
  log = new JsonlAuditLog(root, { keys });
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const logOf = (sessionId: string): string => path.join(root, `.control-room/audit/sessions/${sessionId}/tool_receipts.jsonl`);
const quarantined = async (): Promise<string[]> => (await fs.readdir(path.join(root, '.control-room/audit/quarantine')).catch(() => [])).sort();

/** Records `count` real receipts in a session and returns the log's text. */
async function session(sessionId: string, count: number): Promise<string> {
  const ledger = new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys });
  for (let index = 0; index < count; index += 1) {
    await ledger.record({ sessionId, turnId: `turn-${index}`, agentId: 'chief', toolId: 'file_locator', status: 'ok', inputs: { index } });
  }
  return fs.readFile(logOf(sessionId), 'utf8');
}

describe('JsonlAuditLog.repairTornLines (when a workspace opens)', () => {
  it('quarantines cut-off last lines byte for byte, completes a whole receipt, and leaves clean logs alone', async () => {
    const cut = await session('cut', 2);
    const clean = await session('clean', 2);
    const unended = await session('unended', 2);
    const torn = Buffer.from('{"schema_version":1,"receipt_id":"rcpt_01\u00e9', 'utf8').subarray(0, -1); // cut inside a UTF-8 character
    await fs.appendFile(logOf('cut'), torn);
    await fs.writeFile(logOf('unended'), unended.slice(0, -1));
    expect((await verifyWorkspaceAudit(root)).report.ok).toBe(false);

    const repairs = await log.repairTornLines({ quietMs: 0 });
    expect(repairs.map((repair) => [repair.sessionId, repair.action, repair.offset, repair.acknowledged])).toEqual([
      ['cut', 'quarantined', Buffer.byteLength(cut), false],
      ['unended', 'completed', Buffer.byteLength(unended.slice(0, unended.slice(0, -1).lastIndexOf('\n') + 1)), false],
    ]);
    expect(await fs.readFile(logOf('cut'), 'utf8')).toBe(cut);
    expect(await fs.readFile(logOf('clean'), 'utf8')).toBe(clean);
    expect(await fs.readFile(logOf('unended'), 'utf8')).toBe(unended);

    const record = JSON.parse(await fs.readFile(path.join(root, repairs[0]!.quarantine!), 'utf8'));
    expect(Buffer.from(record.base64, 'base64').equals(torn)).toBe(true);
    expect(record).toMatchObject({ schema_version: 1, session_id: 'cut', bytes: torn.length, sha256: createHash('sha256').update(torn).digest('hex') });
    expect(record.why).toMatch(/never acknowledged/);
    expect(record.acknowledged).toBe(false);
    expect(await quarantined()).toHaveLength(1);

    const { report, warnings } = await verifyWorkspaceAudit(root);
    expect(report).toMatchObject({ ok: true, firstBad: null, receipts: 6 });
    expect(warnings).toEqual([expect.stringMatching(/^1 cut-off receipt line was moved aside to \.control-room\/audit\/quarantine\//)]);
    expect(await log.repairTornLines({ quietMs: 0 })).toEqual([]);
  });

  it('makes verify fail loudly when the line it moved aside was an acknowledged receipt', async () => {
    for (const [sessionId, count] of [
      ['whole-log', 1],
      ['tail', 3],
    ] as const) {
      const text = await session(sessionId, count);
      // The disk (or someone) cuts the last acknowledged line short: it was a whole receipt, and the head counts it.
      const lastStart = text.slice(0, -1).lastIndexOf('\n') + 1;
      await fs.writeFile(logOf(sessionId), text.slice(0, lastStart + 40));
    }
    const before = await verifyWorkspaceAudit(root);
    expect(before.report).toMatchObject({ ok: false, firstBad: { file: '.control-room/audit/sessions/tail/tool_receipts.jsonl', line: 3 } });
    expect(before.warnings).toEqual([expect.stringMatching(/tool_receipts\.jsonl:3 is cut off, but the session's signed head acknowledges 3 receipts.*will not make the log verify/)]);

    const repairs = await log.repairTornLines({ quietMs: 0 });
    expect(repairs.map((repair) => [repair.sessionId, repair.action, repair.acknowledged])).toEqual([
      ['tail', 'quarantined', true],
      ['whole-log', 'quarantined', true],
    ]);
    expect(describeTornLineRepair(repairs[0]!)).toMatch(/its signed head had acknowledged it: an acknowledged receipt is lost/);
    const record = JSON.parse(await fs.readFile(path.join(root, repairs[0]!.quarantine!), 'utf8'));
    expect(record).toMatchObject({ acknowledged: true, why: expect.stringMatching(/had already acknowledged it/) });

    const { report } = await verifyWorkspaceAudit(root);
    expect(report).toMatchObject({ ok: false, firstBad: { file: '.control-room/audit/sessions/tail/tool_receipts.jsonl', line: 3 } });
    expect(report.firstBad?.reason).toMatch(/ends after line 2, but its signed head acknowledges 3 receipts.*Torn-line repair moved .*quarantine\/tail\.torn-at-\d+\.\w+\.json.*acknowledged receipt/);

    // Appending again does not seal over the loss.
    await new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys }).record({ sessionId: 'tail', turnId: 'later', agentId: 'chief', toolId: 'file_locator', status: 'ok', inputs: {} });
    expect((await verifyWorkspaceAudit(root)).report).toMatchObject({ ok: false, firstBad: { line: 4, reason: expect.stringMatching(/acknowledges 4 receipts/) } });
  });

  it('waits for a freshly torn log to be still, and leaves one that moved to its writer', async () => {
    const whole = await session('busy', 1);
    await fs.appendFile(logOf('busy'), '{"schema_version":1,');
    const asked: number[] = [];
    const repairs = await log.repairTornLines({
      quietMs: 60_000,
      // The writer finishes its line while the repair waits.
      pause: async (ms) => {
        asked.push(ms);
        await fs.appendFile(logOf('busy'), '"more":true}\n');
      },
    });
    expect(repairs).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toBeGreaterThan(0);
    expect(await fs.readFile(logOf('busy'), 'utf8')).toBe(`${whole}{"schema_version":1,"more":true}\n`);
    expect(await quarantined()).toEqual([]);
  });

  it('repairs a still, torn log after the quiet period', async () => {
    const whole = await session('still', 1);
    await fs.appendFile(logOf('still'), '{"sch');
    const asked: number[] = [];
    const repairs = await log.repairTornLines({ quietMs: 60_000, pause: async (ms) => void asked.push(ms) });
    expect(repairs).toHaveLength(1);
    expect(asked).toHaveLength(1);
    expect(await fs.readFile(logOf('still'), 'utf8')).toBe(whole);
  });
});

describe('repairTornLine', () => {
  it('redoes an interrupted repair into the same quarantine record', async () => {
    const whole = await session('again', 1);
    const mend = async (): Promise<string | null> => {
      const handle = await fs.open(logOf('again'), 'a+');
      try {
        return (await repairTornLine(handle, { root, sessionId: 'again' }))?.quarantine ?? null;
      } finally {
        await handle.close();
      }
    };
    await fs.appendFile(logOf('again'), '{"torn');
    const first = await mend();
    // As if the kill came after the record was written but before the log was truncated.
    await fs.appendFile(logOf('again'), '{"torn');
    expect(await mend()).toBe(first);
    expect(await quarantined()).toEqual([path.basename(first!)]);
    expect(await fs.readFile(logOf('again'), 'utf8')).toBe(whole);
    expect(await mend()).toBeNull();
  });

  it('says what it did in one line', () => {
    const base = { sessionId: 's', file: '.control-room/audit/sessions/s/tool_receipts.jsonl', offset: 10, bytes: 7, acknowledged: false };
    expect(describeTornLineRepair({ ...base, action: 'quarantined', quarantine: '.control-room/audit/quarantine/s.torn-at-10.abc.json' })).toBe(
      'The last line of .control-room/audit/sessions/s/tool_receipts.jsonl was cut off by an interrupted write; its 7 bytes were never acknowledged and were moved to .control-room/audit/quarantine/s.torn-at-10.abc.json. The log ends at its last whole receipt.',
    );
    expect(describeTornLineRepair({ ...base, action: 'completed', quarantine: null })).toMatch(/missing its line end/);
  });
});

describe('verifyWorkspaceAudit on a log not yet repaired', () => {
  it('names the cut-off last line and says how it is mended', async () => {
    await session('late', 2);
    await fs.appendFile(logOf('late'), '{"receipt');
    const { report, warnings } = await verifyWorkspaceAudit(root);
    expect(report.firstBad).toMatchObject({ file: '.control-room/audit/sessions/late/tool_receipts.jsonl', line: 3 });
    expect(warnings).toEqual([expect.stringMatching(/tool_receipts\.jsonl:3 was cut off by an interrupted write .* moves it aside/)]);
  });
});
