/**
 * The sealed audit log (issue 13, SPEC §15) through the real binary: `init` prints the signing
 * key's fingerprint, `tool run` records receipts through the real composition, and `audit verify`
 * fails — exit 1, the first bad file and line and why — for each way of hiding a receipt: the last
 * receipt deleted, the last turn deleted, a whole session log deleted, an Ed25519 signature
 * stripped, every key replaced and everything re-signed (caught by the pinned key), an
 * acknowledged line cut off and then "repaired". Missing key files are an error, never a crash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JsonlAuditLog, loadReceiptKeys } from '../../src/adapters/jsonl-audit-log/index.js';
import { systemClock, systemIds } from '../../src/adapters/system/index.js';
import { ReceiptLedger } from '../../src/core/receipts/index.js';
import { resignWithNewKeys } from './helpers/resign-audit.js';
import { runCli } from './helpers/run-cli.js';

const AUDIT = '.control-room/audit';
const S1 = `${AUDIT}/sessions/s1/tool_receipts.jsonl`;
const CLI_SESSION = 'cli-session';
const CLI_LOG = `${AUDIT}/sessions/${CLI_SESSION}/tool_receipts.jsonl`;

interface Report {
  ok: boolean;
  sessions: number;
  receipts: number;
  firstBad: { file: string; line: number; reason: string } | null;
}

let base: string;
let original: string;
let fingerprint: string;
let exportedKey: string;
let copies = 0;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-audit-seal-'));
  original = path.join(base, 'novel');
  const init = await runCli(['init', original, '--sample', '--json']);
  expect(init.status).toBe(0);
  fingerprint = init.json<{ auditKey: { fingerprint: string } }>().auditKey.fingerprint;
  // Session s1: three turns of two tool runs each, through the ledger as a chat turn records them.
  const { keys } = await loadReceiptKeys(original);
  const ledger = new ReceiptLedger({ log: new JsonlAuditLog(original, { keys }), clock: systemClock, ids: systemIds, keys });
  for (let turn = 0; turn < 3; turn += 1) {
    await Promise.all(
      [0, 1].map((call) =>
        ledger.record({ sessionId: 's1', turnId: `turn-${turn}`, agentId: 'chief', toolId: 'file_reader', status: 'ok', inputs: { call }, outputs: { turn, call } }),
      ),
    );
  }
  // A second session through the real CLI and its composition root.
  for (const file of ['Canon.md', 'Story/SCN-outline.md']) {
    const run = await runCli(['tool', 'run', 'file_reader', '--args', JSON.stringify({ path: file }), '--session', CLI_SESSION, '--workspace', original, '--json']);
    expect(run.status, run.stderr).toBe(0);
  }
  exportedKey = path.join(base, 'writer-pinned.pub');
  await fs.copyFile(path.join(original, AUDIT, 'ed25519.pub'), exportedKey);
}, 120_000);

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

/** A fresh copy of the recorded workspace to tamper with. */
async function copy(): Promise<string> {
  copies += 1;
  const target = path.join(base, `copy-${copies}`);
  await fs.cp(original, target, { recursive: true });
  return target;
}

async function lines(dir: string, file: string): Promise<string[]> {
  return (await fs.readFile(path.join(dir, file), 'utf8')).split('\n').slice(0, -1);
}

async function writeLines(dir: string, file: string, kept: readonly string[]): Promise<void> {
  await fs.writeFile(path.join(dir, file), kept.map((line) => `${line}\n`).join(''));
}

async function verify(dir: string, ...extra: string[]): Promise<{ status: number; report: Report; stderr: string }> {
  const run = await runCli(['audit', 'verify', '--workspace', dir, '--json', ...extra]);
  return { status: run.status, report: run.json<Report>(), stderr: run.stderr };
}

/** Verify must fail with exit 1, naming this file and line. */
async function expectCaught(dir: string, file: string, line: number, reason: RegExp, ...extra: string[]): Promise<void> {
  const { status, report } = await verify(dir, ...extra);
  expect(report).toMatchObject({ ok: false, firstBad: { file, line } });
  expect(report.firstBad?.reason).toMatch(reason);
  expect(status).toBe(1);
}

// Every case runs the real binary a few times; a loaded machine makes that slow, not wrong.
const CLI_CASE = { timeout: 120_000 };

describe('init and audit key', CLI_CASE, () => {
  it('prints the fingerprint at init and in audit key', async () => {
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const grouped = fingerprint.replace(/(.{4})(?=.)/g, '$1 ');
    const human = await runCli(['init', path.join(base, 'another')]);
    expect(human.stdout).toMatch(/Audit signing key \(Ed25519\) fingerprint: [0-9a-f]{64}\n {2}in groups, to read aloud: ([0-9a-f]{4} ){15}[0-9a-f]{4}\n/);
    const key = await runCli(['audit', 'key', '--workspace', original, '--json']);
    expect(key.json()).toEqual({ algorithm: 'Ed25519', fingerprint, fingerprintGrouped: grouped, publicKeyPem: await fs.readFile(exportedKey, 'utf8') });
  });

  it('prints it in verify output, and verify passes against the pinned fingerprint or key file', async () => {
    const grouped = fingerprint.replace(/(.{4})(?=.)/g, '$1 ');
    const clean = await runCli(['audit', 'verify', '--workspace', original]);
    expect(clean.status).toBe(0);
    expect(clean.stdout).toContain('Audit log intact: 8 receipts in 2 sessions');
    expect(clean.stdout).toContain(`fingerprint: ${fingerprint} (${grouped})`);
    for (const pin of [fingerprint, grouped.toUpperCase(), exportedKey]) {
      const pinned = await verify(original, '--pubkey', pin);
      expect(pinned, pin).toMatchObject({ status: 0, report: { ok: true, sessions: 2, receipts: 8, firstBad: null } });
    }
  });
});

describe('audit verify catches', CLI_CASE, () => {
  it('the last receipt deleted', async () => {
    const dir = await copy();
    await writeLines(dir, CLI_LOG, (await lines(dir, CLI_LOG)).slice(0, -1));
    await expectCaught(dir, CLI_LOG, 2, /ends after line 1, but its signed head acknowledges 2 receipts/);
  });

  it('the last turn deleted', async () => {
    const dir = await copy();
    await writeLines(dir, S1, (await lines(dir, S1)).filter((line) => !line.includes('"turn_id":"turn-2"')));
    await expectCaught(dir, S1, 5, /acknowledges 6 receipts: the last 2 receipts/);
  });

  it('a whole session log deleted, and its whole folder', async () => {
    const file = await copy();
    await fs.rm(path.join(file, S1));
    await expectCaught(file, S1, 1, /session log is missing or empty/);
    const folder = await copy();
    await fs.rm(path.join(folder, AUDIT, 'sessions/s1'), { recursive: true });
    await expectCaught(folder, `${AUDIT}/sessions/s1/head.json`, 1, /head is missing, but the manifest acknowledges 6 receipts/);
  });

  it('ed25519_signature stripped from the last line', async () => {
    const dir = await copy();
    const kept = await lines(dir, S1);
    const last = JSON.parse(kept.at(-1)!) as Record<string, unknown>;
    delete last['ed25519_signature'];
    await writeLines(dir, S1, [...kept.slice(0, -1), JSON.stringify(last)]);
    await expectCaught(dir, S1, 6, /no ed25519_signature/);
  });

  it('every key deleted and everything re-signed with new keys, against the pinned fingerprint or key file', async () => {
    const dir = await copy();
    await resignWithNewKeys(dir);
    // Without a pin, a wholly re-signed log is consistent: this is why the writer pins the key.
    expect((await verify(dir)).report).toMatchObject({ ok: true, receipts: 6 });
    for (const pin of [fingerprint, exportedKey]) {
      await expectCaught(dir, `${AUDIT}/manifest.json`, 1, /keys were replaced/, '--pubkey', pin);
    }
    await expectCaught(dir, `${AUDIT}/manifest.json`, 1, /keys were replaced/, '--public-key', exportedKey);
  });

  it('new keys made while the old manifest stays, without any pin', async () => {
    const dir = await copy();
    for (const file of ['secret.key', 'ed25519.key', 'ed25519.pub']) await fs.rm(path.join(dir, AUDIT, file));
    // The next command that opens the workspace makes new keys, and says what that means.
    const run = await runCli(['tool', 'run', 'file_reader', '--args', '{"path":"Canon.md"}', '--session', CLI_SESSION, '--workspace', dir]);
    expect(run.stderr + run.stdout).toMatch(/New audit keys were created .* already has a sealed audit log/);
    await expectCaught(dir, `${AUDIT}/manifest.json`, 1, /signed with the Ed25519 key .* but the workspace's key is .*keys were replaced/);
  });

  it('an acknowledged last line cut off, then moved aside by the repair when the workspace opens', async () => {
    const dir = await copy();
    const text = await fs.readFile(path.join(dir, CLI_LOG), 'utf8');
    await fs.writeFile(path.join(dir, CLI_LOG), text.slice(0, text.slice(0, -1).lastIndexOf('\n') + 60));
    const before = await verify(dir);
    expect(before.status).toBe(1);
    expect(before.stderr).toMatch(/signed head acknowledges 2 receipts: an acknowledged receipt was damaged or edited/);
    const run = await runCli(['tool', 'run', 'file_reader', '--args', '{"path":"Canon.md"}', '--session', CLI_SESSION, '--workspace', dir]);
    expect(run.stderr + run.stdout).toMatch(/its signed head had acknowledged it: an acknowledged receipt is lost/);
    await expectCaught(dir, CLI_LOG, 3, /acknowledges 3 receipts.*Torn-line repair moved .*quarantine.*acknowledged receipt/);
  });
});

describe('audit verify without key files', CLI_CASE, () => {
  it.each([
    ['the HMAC secret', ['secret.key']],
    ['the Ed25519 pair', ['ed25519.key', 'ed25519.pub']],
    ['every key file', ['secret.key', 'ed25519.key', 'ed25519.pub']],
  ])('refuses with audit_key_missing and exit 1 when %s is gone', async (_label, files) => {
    const dir = await copy();
    for (const file of files) await fs.rm(path.join(dir, AUDIT, file));
    const run = await runCli(['audit', 'verify', '--workspace', dir, '--json']);
    expect(run.status).toBe(1);
    expect(run.json()).toMatchObject({ error: { code: 'audit_key_missing', message: expect.stringMatching(/missing: .*Restore them/) } });
    const human = await runCli(['audit', 'verify', '--workspace', dir]);
    expect(human.status).toBe(1);
    expect(human.stderr).toMatch(/^error \[audit_key_missing\]/);
    // The key the writer exported still verifies the untouched log.
    expect((await verify(dir, '--pubkey', exportedKey)).report).toMatchObject({ ok: true, receipts: 8 });
  });

  it('refuses a pin that is neither a fingerprint nor a key file', async () => {
    const notes = path.join(base, 'notes.txt');
    await fs.writeFile(notes, 'my key is somewhere');
    for (const pin of [notes, 'abcd', `${fingerprint}00`]) {
      const run = await runCli(['audit', 'verify', '--workspace', original, '--pubkey', pin, '--json']);
      expect(run.status, pin).toBe(1);
      expect(run.json(), pin).toMatchObject({ error: { code: expect.stringMatching(/^audit_(pin_invalid|key_missing)$/) } });
    }
  });
});
