import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolReceipt } from '../../protocol/index.js';
import { ReceiptLedger, receiptHash, signReceipt, type ReceiptKeys, type RecordReceiptInput } from '../../core/receipts/index.js';
import { systemClock, systemIds } from '../system/index.js';
import { JsonlAuditLog } from './jsonl-audit-log.js';
import { loadReceiptKeys } from './receipt-key-files.js';

let base: string;
let keys: ReceiptKeys;
let count = 0;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-audit-index-'));
  keys = (await loadReceiptKeys(path.join(base, 'keys'))).keys;
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

function fresh(): { root: string; log: JsonlAuditLog; ledger: ReceiptLedger; file: string } {
  count += 1;
  const root = path.join(base, `ws-${count}`);
  const log = new JsonlAuditLog(root, { keys });
  const file = path.join(root, '.control-room/audit/sessions/s1/tool_receipts.jsonl');
  return { root, log, ledger: new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys }), file };
}

function run(index: number, sessionId = 's1'): RecordReceiptInput {
  return { sessionId, turnId: `turn-${index}`, agentId: 'chief', toolId: 'file_reader', status: 'ok', inputs: { path: `Story/${index}.md` }, outputs: { index } };
}

const ids = (receipts: readonly ToolReceipt[]): string[] => receipts.map((receipt) => receipt.receipt_id);

describe('verified receipts kept in memory', () => {
  it('reads a session log once, then serves its own appends from memory', async () => {
    const { log, ledger } = fresh();
    const first = await ledger.record(run(0));
    expect(ids(await log.verifiedList('s1'))).toEqual([first.receipt_id]);
    expect(log.logReads).toMatchObject({ wholeReads: 1, tailReads: 0 });
    const later: ToolReceipt[] = [];
    for (let index = 1; index <= 20; index += 1) {
      later.push(await ledger.record(run(index)));
      expect(ids(await log.verifiedList('s1'))).toEqual(ids([first, ...later]));
    }
    expect(log.logReads).toMatchObject({ wholeReads: 1, tailReads: 0 });
    expect(await log.verifiedList('s1')).toEqual(await log.list('s1'));
  });

  it('reads only what another writer appended, and verifies it', async () => {
    const { root, log, ledger, file } = fresh();
    const mine = [await ledger.record(run(0)), await ledger.record(run(1))];
    await log.verifiedList('s1');
    const bytesBefore = log.logReads.bytesRead;
    const size = (await fs.stat(file)).size;
    const otherLog = new JsonlAuditLog(root, { keys });
    const otherLedger = new ReceiptLedger({ log: otherLog, clock: systemClock, ids: systemIds, keys });
    const theirs = [await otherLedger.record(run(2)), await otherLedger.record(run(3))];
    expect(ids(await log.verifiedList('s1'))).toEqual(ids([...mine, ...theirs]));
    expect(log.logReads).toMatchObject({ wholeReads: 1, tailReads: 1 });
    // The tail and the last line it already knew (to see it is still in place), not the whole log.
    const lastLine = (await fs.readFile(file, 'utf8')).split('\n')[1]!;
    expect(log.logReads.bytesRead - bytesBefore).toBe((await fs.stat(file)).size - size + Buffer.byteLength(lastLine) + 2);
    // A torn line from the other writer counts once it is whole, never before.
    const next = signReceipt({ ...theirs[1]!, receipt_id: 'rcpt_half000000000', prev_hash: null }, keys);
    const text = `${JSON.stringify(next)}\n`;
    await fs.appendFile(file, text.slice(0, 40));
    expect(ids(await log.verifiedList('s1'))).toEqual(ids([...mine, ...theirs]));
    await fs.appendFile(file, text.slice(40));
    // Signed but not chained to the line before it: read, never counted.
    expect(ids(await log.verifiedList('s1'))).toEqual(ids([...mine, ...theirs]));
    expect(log.logReads.wholeReads).toBe(1);
    await otherLog.close();
  });

  it('reads the whole log again when a known line changed, even if the log also grew', async () => {
    const { log, ledger, file } = fresh();
    const real = [await ledger.record(run(0)), await ledger.record(run(1))];
    await log.verifiedList('s1');
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    // The last known line rewritten longer: the file grew, but not by an append.
    lines[1] = lines[1]!.replace('Story/1.md', 'Story/1111.md');
    await fs.writeFile(file, lines.join('\n'));
    expect(ids(await log.verifiedList('s1'))).toEqual([real[0]!.receipt_id]);
    expect(log.logReads).toMatchObject({ wholeReads: 2, tailReads: 1 });
  });

  it('reads the log again when a line is planted behind its back, and never counts the planted line', async () => {
    const { log, ledger, file } = fresh();
    const real = [await ledger.record(run(0)), await ledger.record(run(1))];
    expect(ids(await log.verifiedList('s1'))).toEqual(ids(real));
    // Signed, but chained to nothing after a receipt that verifies: not citable.
    const forged = signReceipt({ ...real[0]!, receipt_id: 'rcpt_forged00000000', prev_hash: null }, keys);
    await fs.appendFile(file, `${JSON.stringify(forged)}\n`);
    expect(ids(await log.verifiedList('s1'))).toEqual(ids(real));
    const unsigned = { ...real[1]!, receipt_id: 'rcpt_planted0000000', signature: 'f'.repeat(64) };
    await fs.appendFile(file, `${JSON.stringify(unsigned)}\n`);
    expect(ids(await log.verifiedList('s1'))).toEqual(ids(real));
  });

  it('stops vouching for a receipt whose line was edited, or a log that was cut', async () => {
    const { log, ledger, file } = fresh();
    const real = [await ledger.record(run(0)), await ledger.record(run(1)), await ledger.record(run(2))];
    expect(ids(await log.verifiedList('s1'))).toEqual(ids(real));
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    lines[1] = lines[1]!.replace('Story/1.md', 'Story/9.md');
    await fs.writeFile(file, lines.join('\n'));
    // The edited line fails its signature; the one after it no longer chains to a line that verifies.
    expect(ids(await log.verifiedList('s1'))).toEqual([real[0]!.receipt_id]);
    await fs.writeFile(file, '');
    expect(await log.verifiedList('s1')).toEqual([]);
  });

  it('sees what another writer of the same workspace appended', async () => {
    const { root, log, ledger } = fresh();
    const mine = await ledger.record(run(0));
    expect(ids(await log.verifiedList('s1'))).toEqual([mine.receipt_id]);
    const otherLog = new JsonlAuditLog(root, { keys });
    const other = await new ReceiptLedger({ log: otherLog, clock: systemClock, ids: systemIds, keys }).record(run(1));
    expect(ids(await log.verifiedList('s1'))).toEqual([mine.receipt_id, other.receipt_id]);
    await otherLog.close();
  });

  it('keeps a deleted or replaced log out of the file it had open: the next receipt lands in the file the path names', async () => {
    const { log, ledger, file } = fresh();
    await ledger.record(run(0));
    await fs.rm(file);
    expect(await log.verifiedList('s1')).toEqual([]);
    const afterDelete = await ledger.record(run(1));
    expect(ids(await log.list('s1'))).toEqual([afterDelete.receipt_id]);
    const replacement = `${file}.new`;
    await fs.writeFile(replacement, await fs.readFile(file, 'utf8'));
    await fs.rename(replacement, file);
    const afterReplace = await ledger.record(run(2));
    expect(ids(await log.list('s1'))).toEqual([afterDelete.receipt_id, afterReplace.receipt_id]);
    await log.close();
  });

  it('links a round’s receipts to an issue from memory, and falls back to the log for the rest', async () => {
    const { log, ledger } = fresh();
    const receipts = [await ledger.record(run(0)), await ledger.record(run(1))];
    await log.verifiedList('s1');
    const reads = vi.spyOn(log, 'rawLines');
    expect((await log.linkToIssue('s1', 'ISS-1', [receipts[1]!.receipt_id])).linked).toBe(1);
    expect(log.logReads.wholeReads).toBe(1);
    expect(reads).not.toHaveBeenCalled();
    await expect(log.linkToIssue('s1', 'ISS-1', ['rcpt_not-in-this-session'])).rejects.toMatchObject({ code: 'receipt_not_found' });
    expect(reads).toHaveBeenCalledTimes(1);
    expect(ids(await log.issueReceipts('ISS-1'))).toEqual([receipts[1]!.receipt_id]);
  });
});

describe('appends signed in this process', () => {
  it('takes a receipt signed here with the log\'s key as verified, and checks any other in full', async () => {
    const { log, ledger } = fresh();
    const first = await ledger.record(run(0));
    await log.verifiedList('s1');
    // Signed in this process, but with a key the log does not verify with: appended, never vouched for.
    const otherKeys = (await loadReceiptKeys(path.join(base, `other-keys-${count}`))).keys;
    const stranger = signReceipt({ ...first, receipt_id: 'rcpt_stranger0000000', prev_hash: receiptHash(first) }, otherKeys);
    await log.appendBatch([stranger]);
    expect(ids(await log.verifiedList('s1'))).toEqual([first.receipt_id]);
    // A copy of a receipt signed here is not the frozen original: it is checked, and it verifies.
    const { log: freshLog, ledger: freshLedger } = fresh();
    const own = await freshLedger.record(run(1));
    await freshLog.verifiedList('s1');
    const copy = signReceipt({ ...structuredClone(own), receipt_id: 'rcpt_copy000000000000', prev_hash: receiptHash(own) }, keys);
    expect(Object.isFrozen(own)).toBe(true);
    await freshLog.appendBatch([structuredClone(copy)]);
    expect(ids(await freshLog.verifiedList('s1'))).toEqual([own.receipt_id, copy.receipt_id]);
    expect(await freshLog.verifiedList('s1')).toEqual(await freshLog.list('s1'));
  });
});
