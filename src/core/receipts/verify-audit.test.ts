import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolReceipt } from '../../protocol/index.js';
import { JsonlAuditLog, loadReceiptKeys } from '../../adapters/jsonl-audit-log/index.js';
import { keyFingerprint } from './key-fingerprint.js';
import { systemClock, systemIds } from '../../adapters/system/index.js';
import type { ReceiptKeys } from './receipt-keys.js';
import { ReceiptLedger } from './receipt-ledger.js';
import { signReceipt } from './sign-receipt.js';
import { verifyAuditLog as verifyWithNotes, type VerifyAuditOptions } from './verify-audit.js';
import type { ReceiptVerifyKeys } from './receipt-keys.js';

/** The report alone, as most cases look only at it. */
async function verifyAuditLog(log: JsonlAuditLog, verifyKeys: ReceiptVerifyKeys, options: VerifyAuditOptions = {}) {
  return (await verifyWithNotes(log, verifyKeys, options)).report;
}

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
  const log = new JsonlAuditLog(root, { keys });
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

  it('refuses to run without the Ed25519 public key, which the seal needs', async () => {
    const { log } = await recordedWorkspace();
    await expect(verifyAuditLog(log, {})).rejects.toMatchObject({ code: 'audit_key_missing' });
    await expect(verifyAuditLog(log, { hmacKey: keys.hmacKey })).rejects.toMatchObject({ code: 'audit_key_missing' });
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
    // A copy whose original is gone from a session log the seal still vouches for.
    const fresh = await recordedWorkspace();
    await fresh.log.linkToIssue('s1', 'ISS-2');
    const foreign = await recordedWorkspace();
    const issueCopies = await readLines(fresh.root, '.control-room/audit/issues/ISS-2/receipts.jsonl');
    await fs.mkdir(path.join(foreign.root, '.control-room/audit/issues/ISS-2'), { recursive: true });
    await writeLines(foreign.root, issueCopies.slice(0, 1), '.control-room/audit/issues/ISS-2/receipts.jsonl');
    expect((await verifyAuditLog(foreign.log, keys)).firstBad).toMatchObject({
      file: '.control-room/audit/issues/ISS-2/receipts.jsonl',
      line: 1,
      reason: expect.stringMatching(/is not in the log of session s1/),
    });
  });
});

const S1_HEAD = '.control-room/audit/sessions/s1/head.json';
const MANIFEST = '.control-room/audit/manifest.json';

describe('verifyAuditLog and the seal (signed heads and manifest)', () => {
  it('the last receipt deleted: the head still counts it', async () => {
    const { root, log } = await recordedWorkspace();
    await writeLines(root, (await readLines(root)).slice(0, -1));
    const report = await verifyAuditLog(log, keys);
    expect(report).toMatchObject({ ok: false, receipts: 7, firstBad: { file: S1_FILE, line: 5 } });
    expect(report.firstBad?.reason).toMatch(/ends after line 4, but its signed head acknowledges 5 receipts: the last 1 receipt/);
  });

  it('the last turn deleted (several receipts of one turn)', async () => {
    const { root, log, ledger } = await recordedWorkspace();
    for (let index = 0; index < 3; index += 1) {
      await ledger.record({ sessionId: 's1', turnId: 'turn-last', agentId: 'chief', toolId: 'file_reader', status: 'ok', inputs: { index } });
    }
    const lines = await readLines(root);
    await writeLines(root, lines.filter((line) => !line.includes('"turn_id":"turn-last"')));
    expect((await verifyAuditLog(log, keys)).firstBad).toMatchObject({ file: S1_FILE, line: 6, reason: expect.stringMatching(/acknowledges 8 receipts: the last 3 receipts/) });
  });

  it('a whole session log deleted, with or without its head', async () => {
    const logOnly = await recordedWorkspace();
    await fs.rm(path.join(logOnly.root, S1_FILE));
    expect((await verifyAuditLog(logOnly.log, keys)).firstBad).toMatchObject({ file: S1_FILE, line: 1, reason: expect.stringMatching(/session log is missing or empty.*acknowledges 5 receipts/) });
    const folder = await recordedWorkspace();
    await fs.rm(path.join(folder.root, '.control-room/audit/sessions/s1'), { recursive: true });
    const report = await verifyAuditLog(folder.log, keys);
    expect(report).toMatchObject({ ok: false, sessions: 2, receipts: 3, firstBad: { file: S1_HEAD, line: 1 } });
    expect(report.firstBad?.reason).toMatch(/session head is missing, but the manifest acknowledges 5 receipts/);
    const emptied = await recordedWorkspace();
    await fs.writeFile(path.join(emptied.root, S1_FILE), '');
    expect((await verifyAuditLog(emptied.log, keys)).firstBad).toMatchObject({ file: S1_FILE, line: 1 });
  });

  it('the head deleted, edited, or replaced by an older copy', async () => {
    const deleted = await recordedWorkspace();
    await fs.rm(path.join(deleted.root, S1_HEAD));
    expect((await verifyAuditLog(deleted.log, keys)).firstBad).toMatchObject({ file: S1_HEAD, reason: expect.stringMatching(/head is missing/) });

    const edited = await recordedWorkspace();
    const head = JSON.parse(await fs.readFile(path.join(edited.root, S1_HEAD), 'utf8')) as { count: number };
    await writeLines(edited.root, (await readLines(edited.root)).slice(0, -1));
    await fs.writeFile(path.join(edited.root, S1_HEAD), JSON.stringify({ ...head, count: head.count - 1 }));
    expect((await verifyAuditLog(edited.log, keys)).firstBad).toMatchObject({ file: S1_HEAD, reason: expect.stringMatching(/Ed25519 signature does not match/) });

    const older = await recordedWorkspace();
    const oldHead = await fs.readFile(path.join(older.root, S1_HEAD), 'utf8');
    const oldLines = await readLines(older.root);
    await older.ledger.record({ sessionId: 's1', turnId: 'turn-9', agentId: 'chief', toolId: 'file_reader', status: 'ok', inputs: {} });
    await fs.writeFile(path.join(older.root, S1_HEAD), oldHead);
    await writeLines(older.root, oldLines);
    expect((await verifyAuditLog(older.log, keys)).firstBad).toMatchObject({ file: S1_HEAD, reason: expect.stringMatching(/manifest acknowledges 6: the head was replaced by an older copy/) });

    const swapped = await recordedWorkspace();
    await fs.copyFile(path.join(swapped.root, '.control-room/audit/sessions/s2/head.json'), path.join(swapped.root, S1_HEAD));
    expect((await verifyAuditLog(swapped.log, keys)).firstBad).toMatchObject({ file: S1_HEAD, reason: expect.stringMatching(/belongs to session s2/) });
  });

  it('the manifest deleted, edited, or a session missing from it', async () => {
    const deleted = await recordedWorkspace();
    await fs.rm(path.join(deleted.root, MANIFEST));
    expect((await verifyAuditLog(deleted.log, keys)).firstBad).toMatchObject({ file: MANIFEST, line: 1, reason: expect.stringMatching(/manifest of sessions is missing/) });

    const edited = await recordedWorkspace();
    const manifest = JSON.parse(await fs.readFile(path.join(edited.root, MANIFEST), 'utf8')) as { sessions: Array<{ session_id: string }> };
    await fs.writeFile(path.join(edited.root, MANIFEST), JSON.stringify({ ...manifest, sessions: manifest.sessions.filter((seal) => seal.session_id !== 's2') }));
    expect((await verifyAuditLog(edited.log, keys)).firstBad).toMatchObject({ file: MANIFEST, reason: expect.stringMatching(/Ed25519 signature does not match/) });

    for (const garbage of ['', '{', 'null', '[]', '{"schema_version":99}', JSON.stringify({ ...manifest, extra: 1 })]) {
      await fs.writeFile(path.join(edited.root, MANIFEST), garbage);
      expect((await verifyAuditLog(edited.log, keys)).firstBad, garbage).toMatchObject({ file: MANIFEST, line: 1 });
    }

    // A session signed with the same keys elsewhere, dropped in with its head: the manifest never heard of it.
    const added = await recordedWorkspace();
    const stray = await recordedWorkspace();
    await stray.ledger.record({ sessionId: 's9', turnId: 'turn-0', agentId: 'chief', toolId: 'file_reader', status: 'ok', inputs: {} });
    await fs.cp(path.join(stray.root, '.control-room/audit/sessions/s9'), path.join(added.root, '.control-room/audit/sessions/s9'), { recursive: true });
    expect((await verifyAuditLog(added.log, keys)).firstBad).toMatchObject({
      file: '.control-room/audit/sessions/s9/tool_receipts.jsonl',
      line: 1,
      reason: expect.stringMatching(/session s9 is not in the signed manifest/),
    });
  });

  it('ed25519_signature stripped from a line, even one whose HMAC still holds', async () => {
    for (const index of [0, 2, 4]) {
      const { root, log } = await recordedWorkspace();
      const lines = await readLines(root);
      const { ed25519_signature: _dropped, ...rest } = JSON.parse(lines[index] as string) as ToolReceipt;
      lines[index] = JSON.stringify(rest);
      await writeLines(root, lines);
      const report = await verifyAuditLog(log, keys);
      expect(report.firstBad).toMatchObject({ file: S1_FILE, line: index + 1, reason: expect.stringMatching(/no ed25519_signature/) });
      expect((await verifyAuditLog(log, { ed25519: { publicKey: keys.ed25519!.publicKey } })).ok).toBe(false);
    }
  });

  it('everything re-signed with new keys: caught by the pin, and by a manifest left from the old key', async () => {
    const { root } = await recordedWorkspace();
    const newKeys = (await loadReceiptKeys(path.join(base, `rekey-${count}`))).keys;
    const resign = async (keep: 'manifest' | 'nothing'): Promise<JsonlAuditLog> => {
      const target = path.join(base, `resigned-${keep}-${count}`);
      const log = new JsonlAuditLog(target, { keys: newKeys });
      const ledger = new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys: newKeys });
      for (const line of await readLines(root)) {
        const old = JSON.parse(line) as ToolReceipt;
        await ledger.record({ conferenceId: old.conference_id, sessionId: old.session_id, turnId: old.turn_id, agentId: old.agent_id, toolId: old.tool_id, status: old.status, inputs: old.inputs });
      }
      if (keep === 'manifest') await fs.copyFile(path.join(root, MANIFEST), path.join(target, MANIFEST));
      return log;
    };
    const pinned = keyFingerprint(keys.ed25519!.publicKey);
    const fresh = await resign('nothing');
    // Without a pin a wholly re-signed log with a fresh manifest is consistent: only the pin tells.
    expect((await verifyAuditLog(fresh, newKeys)).ok).toBe(true);
    const byFingerprint = await verifyAuditLog(fresh, newKeys, { pinnedFingerprint: pinned });
    expect(byFingerprint).toMatchObject({ ok: false, firstBad: { file: MANIFEST, line: 1 } });
    expect(byFingerprint.firstBad?.reason).toMatch(/signed with the Ed25519 key .* but the pinned key is .*keys were replaced/);
    const byKey = await verifyAuditLog(fresh, { ed25519: { publicKey: keys.ed25519!.publicKey } }, { pinnedFingerprint: pinned });
    expect(byKey.firstBad).toMatchObject({ file: MANIFEST, reason: expect.stringMatching(/keys were replaced/) });
    const leftOver = await resign('manifest');
    expect((await verifyAuditLog(leftOver, newKeys)).firstBad).toMatchObject({ file: MANIFEST, reason: expect.stringMatching(/but the workspace's key is .*keys were replaced/) });
    expect((await verifyAuditLog(fresh, keys, { pinnedFingerprint: pinned })).firstBad?.reason).toMatch(/keys were replaced/);
  });

  it('a pin on a workspace with no manifest at all fails', async () => {
    const report = await verifyAuditLog(new JsonlAuditLog(path.join(base, 'nothing-here')), keys, { pinnedFingerprint: keyFingerprint(keys.ed25519!.publicKey) });
    expect(report).toMatchObject({ ok: false, firstBad: { file: MANIFEST, reason: expect.stringMatching(/no signed manifest/) } });
  });

  it('receipts an interrupted append left after the head pass, with a note', async () => {
    const { root, log, ledger } = await recordedWorkspace();
    const head = await fs.readFile(path.join(root, S1_HEAD), 'utf8');
    const manifest = await fs.readFile(path.join(root, MANIFEST), 'utf8');
    await ledger.record({ sessionId: 's1', turnId: 'turn-cut', agentId: 'chief', toolId: 'file_reader', status: 'ok', inputs: {} });
    // As if the process died after the log's fsync, before the head and manifest were rewritten.
    await fs.writeFile(path.join(root, S1_HEAD), head);
    await fs.writeFile(path.join(root, MANIFEST), manifest);
    const verdict = await verifyWithNotes(log, keys);
    expect(verdict.report).toMatchObject({ ok: true, receipts: 9 });
    expect(verdict.notes).toEqual([expect.stringMatching(/1 receipt at the end of .*s1\/tool_receipts\.jsonl was written by an append that was cut off/)]);
    expect(verdict.keyFingerprint).toBe(keyFingerprint(keys.ed25519!.publicKey));
    // A later append (here by a new process) seals it.
    const reopened = new JsonlAuditLog(root, { keys });
    await new ReceiptLedger({ log: reopened, clock: systemClock, ids: systemIds, keys }).record({ sessionId: 's1', turnId: 'turn-next', agentId: 'chief', toolId: 'file_reader', status: 'ok', inputs: {} });
    expect(await verifyWithNotes(reopened, keys)).toMatchObject({ report: { ok: true, receipts: 10 }, notes: [] });
  });
});
