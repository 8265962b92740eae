/**
 * `control-room audit verify` and `audit list`, run as the real binary over receipts written by the
 * real ledger into a real workspace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { initWorkspace } from '../../src/adapters/fs-workspace/index.js';
import { JsonlAuditLog, loadReceiptKeys } from '../../src/adapters/jsonl-audit-log/index.js';
import { systemClock, systemIds } from '../../src/adapters/system/index.js';
import { ReceiptLedger } from '../../src/core/receipts/index.js';
import { runCli } from './helpers/run-cli.js';

const runAudit = (args: string[]) => runCli(args);

const S1_FILE = '.control-room/audit/sessions/s1/tool_receipts.jsonl';
let base: string;
let workspace: string;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-audit-e2e-'));
  workspace = path.join(base, 'novel');
  await initWorkspace(workspace);
  const keys = (await loadReceiptKeys(workspace)).keys;
  const log = new JsonlAuditLog(workspace, { keys });
  const ledger = new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys });
  for (let index = 0; index < 4; index += 1) {
    await ledger.record({ conferenceId: 'c1', sessionId: 's1', turnId: `t${index}`, agentId: 'chief', toolId: 'file_reader', status: 'ok', inputs: { index }, outputs: { index } });
  }
  await ledger.record({ taskId: 'task-1', sessionId: 's2', turnId: 't0', agentId: 'actor', toolId: 'nope', status: 'unknown_tool', inputs: {} });
  await log.linkToIssue('s1', 'ISS-1');
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('control-room audit verify', () => {
  it('passes a clean log with SPEC §14 JSON and exit 0', async () => {
    const run = await runAudit(['audit', 'verify', '--workspace', workspace, '--json']);
    expect(run.status).toBe(0);
    expect(run.json()).toEqual({ ok: true, sessions: 2, receipts: 5, firstBad: null });
    const human = await runAudit(['audit', 'verify', '--workspace', workspace]);
    expect(human.stdout).toContain('Audit log intact: 5 receipts in 2 sessions');
  });

  it('lets a reviewer verify with only a copy of the public key', async () => {
    const reviewer = path.join(base, 'reviewer');
    await fs.cp(workspace, reviewer, { recursive: true });
    const publicKey = path.join(base, 'control-room.pub');
    await fs.rename(path.join(reviewer, '.control-room/audit/ed25519.pub'), publicKey);
    await fs.rm(path.join(reviewer, '.control-room/audit/secret.key'));
    await fs.rm(path.join(reviewer, '.control-room/audit/ed25519.key'));
    const run = await runAudit(['audit', 'verify', '--workspace', reviewer, '--public-key', publicKey, '--json']);
    expect(run.status).toBe(0);
    expect(run.json()).toMatchObject({ ok: true, receipts: 5 });
    const keyless = await runAudit(['audit', 'verify', '--workspace', reviewer, '--json']);
    expect(keyless.status).toBe(1);
    expect(keyless.json()).toMatchObject({ error: { code: 'audit_key_missing' } });
  });

  it('fails a tampered log with exit 1 and names the first bad file and line', async () => {
    const tampered = path.join(base, 'tampered');
    await fs.cp(workspace, tampered, { recursive: true });
    const file = path.join(tampered, S1_FILE);
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    lines.splice(1, 1);
    await fs.writeFile(file, lines.join('\n'));
    const run = await runAudit(['audit', 'verify', '--workspace', tampered, '--json']);
    expect(run.status).toBe(1);
    const report = run.json<{ ok: boolean; firstBad: { file: string; line: number; reason: string } }>();
    expect(report).toMatchObject({ ok: false, sessions: 2, receipts: 4, firstBad: { file: S1_FILE, line: 2 } });
    expect(report.firstBad.reason).toMatch(/prev_hash/);
    const human = await runAudit(['audit', 'verify', '--workspace', tampered]);
    expect(human.status).toBe(1);
    expect(human.stdout).toContain(`First bad line: ${S1_FILE}:2`);
  });

  it('passes a workspace with no receipts without creating keys', async () => {
    const empty = path.join(base, 'empty');
    await initWorkspace(empty);
    const run = await runAudit(['audit', 'verify', '--workspace', empty, '--json']);
    expect(run.status).toBe(0);
    expect(run.json()).toEqual({ ok: true, sessions: 0, receipts: 0, firstBad: null });
    await expect(fs.stat(path.join(empty, '.control-room/audit/secret.key'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a folder that is not a workspace', async () => {
    const run = await runAudit(['audit', 'verify', '--workspace', path.join(base, 'nowhere'), '--json']);
    expect(run.status).toBe(1);
    expect(run.json()).toMatchObject({ error: { code: 'workspace_not_found' } });
  });
});

describe('control-room audit list', () => {
  it('lists receipts with id, tool, status and time', async () => {
    const run = await runAudit(['audit', 'list', '--workspace', workspace, '--json']);
    expect(run.status).toBe(0);
    const { receipts } = run.json<{ receipts: Array<Record<string, string>> }>();
    expect(receipts).toHaveLength(5);
    expect(receipts[4]).toMatchObject({ session_id: 's2', tool_id: 'nope', status: 'unknown_tool', receipt_id: expect.stringMatching(/^rcpt_/) });
    const one = await runAudit(['audit', 'list', '--session', 's2', '--workspace', workspace]);
    expect(one.stdout.trim().split('\n')).toHaveLength(1);
    expect(one.stdout).toMatch(/rcpt_\S+ {2}s2 {2}actor {2}nope {2}unknown_tool/);
    const refused = await runAudit(['audit', 'list', '--session', '../x', '--workspace', workspace, '--json']);
    expect(refused.status).toBe(1);
    expect(refused.json()).toMatchObject({ error: { code: 'audit_id_invalid' } });
  });
});
