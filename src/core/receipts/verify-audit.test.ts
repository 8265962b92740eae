import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolReceipt } from '../../protocol/index.js';
import { JsonlAuditLog, loadReceiptKeys } from '../../adapters/jsonl-audit-log/index.js';
import { systemClock, systemIds } from '../../adapters/system/index.js';
import type { ReceiptKeys } from './receipt-keys.js';
import { ReceiptLedger } from './receipt-ledger.js';
import { signReceipt } from './sign-receipt.js';
import { verifyAuditLog } from './verify-audit.js';

const S1_FILE = '.control-room/audit/sessions/s1/tool_receipts.jsonl';
let base: string;
let keys: ReceiptKeys;
let count = 0;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-verify-'));
  keys = (await loadReceiptKeys(path.join(base, 'keys'))).keys;
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

/** A workspace whose session s1 has five receipts and s2 three, written by the real ledger. */
async function recordedWorkspace(): Promise<{ root: string; log: JsonlAuditLog; ledger: ReceiptLedger }> {
  count += 1;
  const root = path.join(base, `ws-${count}`);
  const log = new JsonlAuditLog(root);
  const ledger = new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys });
  for (let index = 0; index < 5; index += 1) {
    await ledger.record({ conferenceId: 'c1', sessionId: 's1', turnId: `turn-${index}`, agentId: 'chief', toolId: 'file_reader', status: 'ok', inputs: { n: index }, outputs: { text: `line ${index}` } });
    if (index < 3) await ledger.record({ taskId: 't1', sessionId: 's2', turnId: `turn-${index}`, agentId: 'actor', toolId: 'canon_checker', status: 'tool_error', inputs: {}, outputs: { error: 'no such scene' } });
  }
  return { root, log, ledger };
}

async function readLines(root: string, file = S1_FILE): Promise<string[]> {
  return (await fs.readFile(path.join(root, file), 'utf8')).split('\n').slice(0, -1);
}

async function writeLines(root: string, lines: readonly string[], file = S1_FILE, trailingNewline = true): Promise<void> {
  await fs.writeFile(path.join(root, file), lines.join('\n') + (trailingNewline ? '\n' : ''));
}

describe('verifyAuditLog on a clean log', () => {
  it('reports ok with session and receipt counts', async () => {
    const { log } = await recordedWorkspace();
    expect(await verifyAuditLog(log, keys)).toEqual({ ok: true, sessions: 2, receipts: 8, firstBad: null });
  });

  it('verifies with only the Ed25519 public key', async () => {
    const { log } = await recordedWorkspace();
    expect(await verifyAuditLog(log, { ed25519: { publicKey: keys.ed25519!.publicKey } })).toMatchObject({ ok: true, receipts: 8 });
  });

  it('reports an empty workspace as ok', async () => {
    expect(await verifyAuditLog(new JsonlAuditLog(path.join(base, 'empty')), keys)).toEqual({ ok: true, sessions: 0, receipts: 0, firstBad: null });
  });

  it('refuses to run without any key', async () => {
    const { log } = await recordedWorkspace();
    await expect(verifyAuditLog(log, {})).rejects.toMatchObject({ code: 'audit_key_missing' });
  });
});

describe('verifyAuditLog names the first bad line of a tampered log', () => {
  it('one byte edited in a value', async () => {
    const { root, log } = await recordedWorkspace();
    const lines = await readLines(root);
    const at = (lines[2] as string).indexOf('"turn_id":"turn-2"') + '"turn_id":"turn-'.length;
    lines[2] = `${(lines[2] as string).slice(0, at)}7${(lines[2] as string).slice(at + 1)}`;
    await writeLines(root, lines);
    const report = await verifyAuditLog(log, keys);
    expect(report).toMatchObject({ ok: false, sessions: 2, receipts: 8, firstBad: { file: S1_FILE, line: 3 } });
    expect(report.firstBad?.reason).toMatch(/HMAC-SHA256 signature does not match/);
  });

  it('the same edit, seen by a reader with only the public key', async () => {
    const { root, log } = await recordedWorkspace();
    const lines = await readLines(root);
    lines[1] = (lines[1] as string).replace('"status":"ok"', '"status":"tool_error"');
    await writeLines(root, lines);
    const report = await verifyAuditLog(log, { ed25519: { publicKey: keys.ed25519!.publicKey } });
    expect(report.firstBad).toMatchObject({ line: 2, reason: expect.stringMatching(/Ed25519 signature does not match/) });
  });

  it('a line dropped', async () => {
    const { root, log } = await recordedWorkspace();
    const lines = await readLines(root);
    lines.splice(2, 1);
    await writeLines(root, lines);
    const report = await verifyAuditLog(log, keys);
    expect(report).toMatchObject({ ok: false, receipts: 7, firstBad: { file: S1_FILE, line: 3 } });
    expect(report.firstBad?.reason).toMatch(/prev_hash does not match the hash of line 2.*deleted/);
  });

  it('the first line dropped', async () => {
    const { root, log } = await recordedWorkspace();
    await writeLines(root, (await readLines(root)).slice(1));
    const report = await verifyAuditLog(log, keys);
    expect(report.firstBad).toMatchObject({ line: 1, reason: expect.stringMatching(/first line of the session log.*deleted/) });
  });

  it('two lines swapped', async () => {
    const { root, log } = await recordedWorkspace();
    const lines = await readLines(root);
    [lines[1], lines[2]] = [lines[2] as string, lines[1] as string];
    await writeLines(root, lines);
    const report = await verifyAuditLog(log, keys);
    expect(report.firstBad).toMatchObject({ file: S1_FILE, line: 2, reason: expect.stringMatching(/prev_hash does not match the hash of line 1.*reordered/) });
  });

  it('a copied line inserted', async () => {
    const { root, log } = await recordedWorkspace();
    const lines = await readLines(root);
    lines.splice(4, 0, lines[1] as string);
    await writeLines(root, lines);
    const report = await verifyAuditLog(log, keys);
    expect(report).toMatchObject({ ok: false, receipts: 9 });
    expect(report.firstBad).toMatchObject({ line: 5, reason: expect.stringMatching(/duplicate receipt_id rcpt_\S+: already on line 2/) });
  });

  it('a line altered and re-signed with another key', async () => {
    const { root, log } = await recordedWorkspace();
    const lines = await readLines(root);
    const forged = { ...(JSON.parse(lines[3] as string) as ToolReceipt), tool_id: 'canon_checker' };
    lines[3] = JSON.stringify(signReceipt(forged, { hmacKey: randomBytes(32), ed25519: generateKeyPairSync('ed25519') }));
    await writeLines(root, lines);
    const report = await verifyAuditLog(log, keys);
    expect(report.firstBad).toMatchObject({ line: 4, reason: expect.stringMatching(/signed with another key/) });
  });

  it('the last line truncated mid-JSON', async () => {
    const { root, log } = await recordedWorkspace();
    const lines = await readLines(root);
    lines[4] = (lines[4] as string).slice(0, 120);
    await writeLines(root, lines, S1_FILE, false);
    const report = await verifyAuditLog(log, keys);
    expect(report).toMatchObject({ ok: false, receipts: 8, firstBad: { file: S1_FILE, line: 5 } });
    expect(report.firstBad?.reason).toMatch(/cut off mid-JSON/);
  });

  it('a receipt moved into another session', async () => {
    const { root, log } = await recordedWorkspace();
    const s2 = await readLines(root, '.control-room/audit/sessions/s2/tool_receipts.jsonl');
    await writeLines(root, [...(await readLines(root)), s2[0] as string]);
    const report = await verifyAuditLog(log, keys);
    expect(report.firstBad).toMatchObject({ line: 6, reason: expect.stringMatching(/belongs to session s2 but is stored in the log of session s1/) });
  });

  it('a blank line and a line that breaks the schema', async () => {
    const blank = await recordedWorkspace();
    const lines = await readLines(blank.root);
    lines.splice(1, 0, '');
    await writeLines(blank.root, lines);
    expect((await verifyAuditLog(blank.log, keys)).firstBad).toMatchObject({ line: 2, reason: expect.stringMatching(/blank line/) });
    const schema = await recordedWorkspace();
    const original = await readLines(schema.root);
    original[0] = JSON.stringify({ ...(JSON.parse(original[0] as string) as object), receipt_id: 'model-made-id' });
    await writeLines(schema.root, original);
    expect((await verifyAuditLog(schema.log, keys)).firstBad).toMatchObject({ line: 1, reason: expect.stringMatching(/field receipt_id does not match the receipt schema/) });
  });
});

describe('verifyAuditLog and linked issue copies', () => {
  it('verifies linked copies and catches a copy that was altered or has no original', async () => {
    const { root, log } = await recordedWorkspace();
    await log.linkToIssue('s1', 'ISS-1');
    await log.linkToIssue('s2', 'ISS-1');
    expect(await verifyAuditLog(log, keys)).toMatchObject({ ok: true, receipts: 8 });
    const issueFile = '.control-room/audit/issues/ISS-1/receipts.jsonl';
    const copies = await readLines(root, issueFile);
    copies[6] = (copies[6] as string).replace('"status":"tool_error"', '"status":"ok"');
    await writeLines(root, copies, issueFile);
    expect((await verifyAuditLog(log, keys)).firstBad).toMatchObject({ file: issueFile, line: 7, reason: expect.stringMatching(/signature does not match/) });
    // The tail of a session log leaves no gap in the chain, but its linked copy has no original any more.
    const fresh = await recordedWorkspace();
    await fresh.log.linkToIssue('s1', 'ISS-2');
    await writeLines(fresh.root, (await readLines(fresh.root)).slice(0, 4));
    expect((await verifyAuditLog(fresh.log, keys)).firstBad).toMatchObject({
      file: '.control-room/audit/issues/ISS-2/receipts.jsonl',
      line: 5,
      reason: expect.stringMatching(/is not in the log of session s1/),
    });
  });
});
