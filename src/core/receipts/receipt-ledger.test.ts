import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RECEIPT_ID_PATTERN, ToolReceiptSchema, type ToolReceipt } from '../../protocol/index.js';
import { JsonlAuditLog, loadReceiptKeys } from '../../adapters/jsonl-audit-log/index.js';
import { systemClock, systemIds } from '../../adapters/system/index.js';
import type { ReceiptKeys } from './receipt-keys.js';
import { ReceiptLedger } from './receipt-ledger.js';
import { canonicalJson, receiptHash } from './receipt-payload.js';
import { verifyReceipt } from './verify-receipt.js';
import { verifyAuditLog } from './verify-audit.js';
import type { RecordReceiptInput } from './build-receipt.js';

let base: string;
let keys: ReceiptKeys;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-ledger-'));
  keys = (await loadReceiptKeys(path.join(base, 'keys'))).keys;
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

let workspaceCount = 0;
async function freshLedger(options: { outputLimitBytes?: number } = {}): Promise<{ root: string; log: JsonlAuditLog; ledger: ReceiptLedger }> {
  workspaceCount += 1;
  const root = path.join(base, `ws-${workspaceCount}`);
  await fs.mkdir(root, { recursive: true });
  const log = new JsonlAuditLog(root, { keys });
  return { root, log, ledger: new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys, ...options }) };
}

function run(sessionId: string, index: number, extra: Partial<RecordReceiptInput> = {}): RecordReceiptInput {
  return {
    conferenceId: 'conf-1',
    sessionId,
    turnId: `turn-${index}`,
    agentId: 'chief',
    toolId: 'file_locator',
    status: 'ok',
    inputs: { query: `scene ${index}` },
    outputs: { matches: [`Story/Scenes/SCN-0${index % 10}.md`] },
    ...extra,
  };
}

function expectChained(receipts: readonly ToolReceipt[]): void {
  receipts.forEach((receipt, index) => {
    expect(receipt.prev_hash).toBe(index === 0 ? null : receiptHash(receipts[index - 1] as ToolReceipt));
  });
}

describe('ReceiptLedger.record', () => {
  it('mints a signed, schema-valid receipt with a server id and appends it', async () => {
    const { log, ledger } = await freshLedger();
    const receipt = await ledger.record(run('s1', 1, { fileRefs: [{ path: 'Story/a.md', start_line: 1, end_line: 2, sha256: 'c'.repeat(64) }] }));
    expect(receipt.receipt_id).toMatch(RECEIPT_ID_PATTERN);
    expect(receipt.receipt_id).toMatch(/^rcpt_[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    expect(ToolReceiptSchema.safeParse(receipt).success).toBe(true);
    expect(receipt).toMatchObject({ conference_id: 'conf-1', task_id: null, session_id: 's1', status: 'ok', truncated: false, prev_hash: null });
    expect(receipt.file_refs).toEqual([{ path: 'Story/a.md', start_line: 1, end_line: 2, sha256: 'c'.repeat(64) }]);
    expect(verifyReceipt(receipt, keys)).toEqual({ ok: true, value: { hmac: true, ed25519: true } });
    expect(await log.list('s1')).toEqual([receipt]);
  });

  it('records task and 1:1 chat receipts and refuses a receipt with both scopes', async () => {
    const { ledger } = await freshLedger();
    const task = await ledger.record({ ...run('s1', 1), conferenceId: null, taskId: 'task-9', status: 'unknown_tool', toolId: 'made_up' });
    expect(task).toMatchObject({ conference_id: null, task_id: 'task-9', status: 'unknown_tool' });
    await expect(ledger.record({ ...run('s1', 2), taskId: 'task-9' })).rejects.toMatchObject({ code: 'receipt_invalid' });
    // A refused record leaves the chain intact for the next one.
    const chat = await ledger.record({ ...run('s1', 3), conferenceId: undefined });
    expect(chat).toMatchObject({ conference_id: null, task_id: null });
    expect(chat.prev_hash).toBe(receiptHash(task));
  });

  it('chains each session separately', async () => {
    const { log, ledger } = await freshLedger();
    for (let index = 0; index < 3; index += 1) {
      await ledger.record(run('alpha', index));
      await ledger.record(run('beta', index));
    }
    const alpha = await log.list('alpha');
    const beta = await log.list('beta');
    expect(alpha).toHaveLength(3);
    expect(beta).toHaveLength(3);
    expectChained(alpha);
    expectChained(beta);
  });

  it('keeps one unbroken chain under 100 parallel records in one session', async () => {
    const { log, ledger } = await freshLedger();
    const returned = await Promise.all(Array.from({ length: 100 }, (_, index) => ledger.record(run('busy', index))));
    const stored = await log.list('busy');
    expect(stored).toHaveLength(100);
    expectChained(stored);
    expect(new Set(stored.map((receipt) => receipt.receipt_id)).size).toBe(100);
    expect(new Set(returned.map((receipt) => receipt.receipt_id))).toEqual(new Set(stored.map((receipt) => receipt.receipt_id)));
    // Records are chained in the order they were made.
    expect(stored.map((receipt) => receipt.turn_id)).toEqual(Array.from({ length: 100 }, (_, index) => `turn-${index}`));
    expect((await verifyAuditLog(log, keys)).report).toEqual({ ok: true, sessions: 1, receipts: 100, firstBad: null });
  });

  it('runs sessions concurrently while keeping every chain whole', async () => {
    const { log, ledger } = await freshLedger();
    const sessions = ['s-a', 's-b', 's-c', 's-d'];
    await Promise.all(sessions.flatMap((session) => Array.from({ length: 25 }, (_, index) => ledger.record(run(session, index)))));
    for (const session of sessions) expectChained(await log.list(session));
    expect((await verifyAuditLog(log, keys)).report).toMatchObject({ ok: true, sessions: 4, receipts: 100 });
  });

  it('continues the chain of an existing log after a restart', async () => {
    const { log, ledger } = await freshLedger();
    const first = await ledger.record(run('s1', 1));
    const restarted = new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys });
    const second = await restarted.record(run('s1', 2));
    expect(second.prev_hash).toBe(receiptHash(first));
  });

  it('stores large outputs as excerpt + sha256 + full_size, at a configurable limit', async () => {
    const { ledger } = await freshLedger({ outputLimitBytes: 100 });
    const outputs = { text: 'ø'.repeat(200) };
    const receipt = await ledger.record(run('s1', 1, { outputs }));
    const canonical = canonicalJson(outputs);
    expect(receipt.truncated).toBe(true);
    expect(receipt.outputs).toBeUndefined();
    expect(receipt.full_size).toBe(Buffer.byteLength(canonical));
    expect(receipt.sha256).toBe(createHash('sha256').update(canonical).digest('hex'));
    expect(canonical.startsWith(receipt.excerpt ?? 'missing')).toBe(true);
    expect(Buffer.byteLength(receipt.excerpt ?? '')).toBeLessThanOrEqual(100);
    expect(Buffer.byteLength(receipt.excerpt ?? '')).toBeGreaterThanOrEqual(99);
    expect(verifyReceipt(receipt, keys).ok).toBe(true);
    const small = await ledger.record(run('s1', 2, { outputs: { ok: true } }));
    expect(small).toMatchObject({ outputs: { ok: true }, truncated: false });
    expect(small.excerpt).toBeUndefined();
  });

  it('uses the 8000-byte default limit', async () => {
    const { ledger } = await freshLedger();
    expect((await ledger.record(run('s1', 1, { outputs: 'x'.repeat(7998) }))).truncated).toBe(false);
    expect((await ledger.record(run('s1', 2, { outputs: 'x'.repeat(7999) }))).truncated).toBe(true);
  });

  it('rejects every record of a failed write and re-reads the log before the next one', async () => {
    const { root, log, ledger } = await freshLedger();
    const first = await ledger.record(run('flaky', 0));
    const file = path.join(root, '.control-room/audit/sessions/flaky/tool_receipts.jsonl');
    const saved = await fs.readFile(file);
    // A folder where the log file should be makes the next append fail for real.
    await fs.rm(file);
    await fs.mkdir(file);
    const failed = await Promise.allSettled([ledger.record(run('flaky', 1)), ledger.record(run('flaky', 2))]);
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await fs.rm(file, { recursive: true });
    await fs.writeFile(file, saved);
    // Something else reached the log meanwhile; the ledger must chain to it, not to its old cache.
    const other = await new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys }).record(run('flaky', 3));
    expect(other.prev_hash).toBe(receiptHash(first));
    const next = await ledger.record(run('flaky', 4));
    expect(next.prev_hash).toBe(receiptHash(other));
    expect((await verifyAuditLog(log, keys)).report).toMatchObject({ ok: true, receipts: 3 });
  });

  it('rejects a record for an unsafe session id without writing anything', async () => {
    const { root, ledger } = await freshLedger();
    await expect(ledger.record(run('../escape', 1))).rejects.toMatchObject({ code: 'audit_id_invalid' });
    await expect(fs.readdir(path.join(root, '.control-room/audit/sessions')).catch(() => [])).resolves.toEqual([]);
  });
});

describe('ReceiptLedger options', () => {
  it('refuses a limit or batch size that is not a positive whole number', async () => {
    const { log } = await freshLedger();
    for (const bad of [{ outputLimitBytes: 0 }, { outputLimitBytes: 1.5 }, { maxBatch: 0 }]) {
      expect(() => new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys, ...bad })).toThrow(expect.objectContaining({ code: 'config_invalid' }));
    }
  });

  it('commits a burst larger than the batch size as several writes, still one chain', async () => {
    const { log } = await freshLedger();
    const ledger = new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys, maxBatch: 7 });
    await Promise.all(Array.from({ length: 30 }, (_, index) => ledger.record(run('small-batches', index))));
    const stored = await log.list('small-batches');
    expect(stored).toHaveLength(30);
    expectChained(stored);
  });
});

describe('ReceiptLedger batches (one write per turn)', () => {
  it('signs each receipt at once and writes the batch with one append when committed', async () => {
    const { log, ledger } = await freshLedger();
    const appends = vi.spyOn(log, 'appendBatch');
    const batch = ledger.batch();
    const signed = [await batch.sign(run('turns', 0)), await batch.sign(run('turns', 1)), await batch.sign(run('turns', 2))];
    expectChained(signed);
    expect(await log.list('turns')).toEqual([]);
    expect(batch.pending).toBe(3);
    await batch.commit();
    expect(appends).toHaveBeenCalledTimes(1);
    expect(await log.list('turns')).toEqual(signed);
    expect(batch.pending).toBe(0);
    await batch.commit();
    expect(appends).toHaveBeenCalledTimes(1);
    expect((await verifyAuditLog(log, keys)).report).toMatchObject({ ok: true, receipts: 3 });
  });

  it('keeps one chain when turns of one session sign and commit interleaved with single records', async () => {
    const { log, ledger } = await freshLedger();
    const first = ledger.batch();
    const second = ledger.batch();
    await first.sign(run('shared', 0));
    await second.sign(run('shared', 1));
    const single = await ledger.record(run('shared', 2));
    await first.sign(run('shared', 3));
    await Promise.all([second.sign(run('shared', 4)), first.sign(run('shared', 5))]);
    await Promise.all([first.commit(), second.commit()]);
    const stored = await log.list('shared');
    expect(stored).toHaveLength(6);
    expect(stored[2]).toEqual(single);
    expectChained(stored);
    expect((await verifyAuditLog(log, keys)).report).toMatchObject({ ok: true, receipts: 6 });
  });

  it('fails a commit whose receipts a failed write took down, even when another caller started that write', async () => {
    const { root, log, ledger } = await freshLedger();
    const first = await ledger.record(run('broken', 0));
    const file = path.join(root, '.control-room/audit/sessions/broken/tool_receipts.jsonl');
    const saved = await fs.readFile(file);
    const batch = ledger.batch();
    await batch.sign(run('broken', 1));
    await fs.rm(file);
    await fs.mkdir(file);
    await expect(ledger.record(run('broken', 2))).rejects.toBeTruthy();
    await expect(batch.commit()).rejects.toBeTruthy();
    await fs.rm(file, { recursive: true });
    await fs.writeFile(file, saved);
    const next = await ledger.record(run('broken', 3));
    expect(next.prev_hash).toBe(receiptHash(first));
    expect((await verifyAuditLog(log, keys)).report).toMatchObject({ ok: true, receipts: 2 });
  });
});
