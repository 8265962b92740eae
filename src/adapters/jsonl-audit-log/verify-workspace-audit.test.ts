import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyFingerprint, ReceiptLedger } from '../../core/receipts/index.js';
import { initWorkspace } from '../fs-workspace/index.js';
import { systemClock, systemIds } from '../system/index.js';
import { JsonlAuditLog } from './jsonl-audit-log.js';
import { loadReceiptKeys } from './receipt-key-files.js';
import { startAuditSeal } from './start-audit-seal.js';
import { verifyWorkspaceAudit } from './verify-workspace-audit.js';

const AUDIT = '.control-room/audit';
let base: string;
let root: string;

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-verify-workspace-'));
  root = path.join(base, 'novel');
  await initWorkspace(root);
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

async function record(sessionId: string, count: number): Promise<void> {
  const { keys } = await loadReceiptKeys(root);
  const ledger = new ReceiptLedger({ log: new JsonlAuditLog(root, { keys }), clock: systemClock, ids: systemIds, keys });
  for (let index = 0; index < count; index += 1) {
    await ledger.record({ sessionId, turnId: `turn-${index}`, agentId: 'chief', toolId: 'file_locator', status: 'ok', inputs: { index } });
  }
}

describe('verifyWorkspaceAudit before anything is recorded', () => {
  it('passes a workspace that never signed anything, and one sealed from the start', async () => {
    expect(await verifyWorkspaceAudit(root)).toEqual({ report: { ok: true, sessions: 0, receipts: 0, firstBad: null }, warnings: [], keyFingerprint: null });
    const started = await startAuditSeal(root);
    expect(started.created).toEqual([`${AUDIT}/secret.key`, `${AUDIT}/ed25519.key`, `${AUDIT}/ed25519.pub`]);
    const { report, keyFingerprint: checkedWith } = await verifyWorkspaceAudit(root);
    expect(report).toEqual({ ok: true, sessions: 0, receipts: 0, firstBad: null });
    expect(checkedWith).toBe(started.key.fingerprint);
    expect((await verifyWorkspaceAudit(root, { pin: started.key.fingerprintGrouped })).report.ok).toBe(true);
  });

  it('fails when the manifest written with the keys is gone, even with no session left to show it', async () => {
    await startAuditSeal(root);
    await fs.rm(path.join(root, AUDIT, 'manifest.json'));
    expect((await verifyWorkspaceAudit(root)).report).toMatchObject({ ok: false, firstBad: { file: `${AUDIT}/manifest.json`, reason: expect.stringMatching(/manifest of sessions is missing/) } });
  });

  it('fails a pinned check when there is nothing signed at all', async () => {
    const { keys } = await loadReceiptKeys(path.join(base, 'elsewhere'));
    await expect(verifyWorkspaceAudit(root, { pin: keyFingerprint(keys.ed25519.publicKey) })).rejects.toMatchObject({ code: 'audit_key_missing' });
    await startAuditSeal(root);
    for (const file of ['secret.key', 'ed25519.key', 'ed25519.pub', 'manifest.json']) await fs.rm(path.join(root, AUDIT, file));
    const exported = path.join(base, 'elsewhere', AUDIT, 'ed25519.pub');
    expect((await verifyWorkspaceAudit(root, { pin: exported })).report).toMatchObject({ ok: false, firstBad: { reason: expect.stringMatching(/no signed manifest/) } });
  });
});

describe('verifyWorkspaceAudit and broken key or seal files', () => {
  it('reports a folder where a key should be as audit_key_invalid, and one where the seal should be as a failed check', async () => {
    await record('s1', 2);
    await fs.rm(path.join(root, AUDIT, 'secret.key'));
    await fs.mkdir(path.join(root, AUDIT, 'secret.key'));
    await expect(verifyWorkspaceAudit(root)).rejects.toMatchObject({ code: 'audit_key_invalid' });
    await fs.rm(path.join(root, AUDIT, 'secret.key'), { recursive: true });
    await fs.writeFile(path.join(root, AUDIT, 'ed25519.pub'), 'not a key');
    await expect(verifyWorkspaceAudit(root)).rejects.toMatchObject({ code: 'audit_key_invalid' });
    await fs.rm(path.join(root, AUDIT, 'ed25519.pub'));
    // The public key is derived from the private one when ed25519.pub is gone; the secret is still missing.
    await expect(verifyWorkspaceAudit(root)).rejects.toMatchObject({ code: 'audit_key_missing', message: expect.stringMatching(/secret\.key/) });
  });

  it('fails a folder in place of a head, the manifest or a log', async () => {
    for (const target of ['sessions/s1/head.json', 'manifest.json', 'sessions/s1/tool_receipts.jsonl']) {
      const dir = path.join(base, target.replaceAll('/', '-'));
      root = dir;
      await initWorkspace(root);
      await record('s1', 2);
      await fs.rm(path.join(root, AUDIT, target));
      await fs.mkdir(path.join(root, AUDIT, target));
      const { report } = await verifyWorkspaceAudit(root);
      expect(report.ok, target).toBe(false);
      expect(report.firstBad?.file, target).toMatch(/^\.control-room\/audit\//);
    }
  });
});
