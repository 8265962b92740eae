import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JsonlAuditLog, loadReceiptKeys } from '../../adapters/jsonl-audit-log/index.js';
import { SecretlintScanner } from '../../adapters/secretlint-scanner/index.js';
import { systemClock, systemIds } from '../../adapters/system/index.js';
import { makeFakeCredentials } from '../../../test/support/fake-credentials.js';
import { MemorySecretVault, SecretScrubber } from '../secrets/index.js';
import { canonicalJson, sha256Hex } from './receipt-payload.js';
import type { ReceiptKeys } from './receipt-keys.js';
import { ReceiptLedger } from './receipt-ledger.js';
import { outputsDigest } from './scrub-receipt-input.js';
import { verifyAuditLog } from './verify-audit.js';
import { verifyReceipt } from './verify-receipt.js';

let base: string;
let keys: ReceiptKeys;
let count = 0;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-receipt-scrub-'));
  keys = (await loadReceiptKeys(path.join(base, 'keys'))).keys;
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

async function scrubbingLedger(outputLimitBytes?: number): Promise<{ root: string; log: JsonlAuditLog; ledger: ReceiptLedger }> {
  count += 1;
  const root = path.join(base, `ws-${count}`);
  await fs.mkdir(root, { recursive: true });
  const log = new JsonlAuditLog(root, { keys });
  const scrubber = new SecretScrubber(new SecretlintScanner(), new MemorySecretVault());
  return { root, log, ledger: new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys, scrubber, ...(outputLimitBytes ? { outputLimitBytes } : {}) }) };
}

async function storedText(root: string): Promise<string> {
  const folder = path.join(root, '.control-room/audit/sessions');
  const sessions = await fs.readdir(folder);
  return (await Promise.all(sessions.map((session) => fs.readFile(path.join(folder, session, 'tool_receipts.jsonl'), 'utf8')))).join('');
}

describe('the ledger as the scrubbing boundary of receipts', () => {
  it('stores scrubbed inputs and outputs, keeps the sha256 of the real outputs, and still verifies', async () => {
    const { githubToken, awsAccessKeyId } = makeFakeCredentials();
    const { root, log, ledger } = await scrubbingLedger();
    const outputs = { path: 'Story/notes.md', content: `deploy token ${githubToken}\nnothing else` };
    const receipt = await ledger.record({ sessionId: 's1', turnId: 't1', agentId: 'chief', toolId: 'file_reader', status: 'ok', inputs: { path: 'Story/notes.md', note: awsAccessKeyId }, outputs });
    const text = await storedText(root);
    expect(text).not.toContain(githubToken);
    expect(text).not.toContain(awsAccessKeyId);
    expect(receipt.outputs).toEqual({ path: 'Story/notes.md', content: expect.stringMatching(/^deploy token secret_ref:[A-Za-z0-9_-]{16}\nnothing else$/) });
    expect(receipt.outputs_sha256).toBe(sha256Hex(canonicalJson(outputs)));
    expect(receipt.outputs_sha256).toBe(outputsDigest(outputs));
    expect(verifyReceipt(receipt, keys)).toMatchObject({ ok: true });
    expect((await verifyAuditLog(log, keys)).report).toMatchObject({ ok: true, receipts: 1 });
  });

  it('keeps the real digest beside a truncated excerpt', async () => {
    const { githubToken } = makeFakeCredentials();
    const { root, ledger } = await scrubbingLedger(200);
    const outputs = { content: `${'The lamp room was cold. '.repeat(40)}${githubToken}` };
    const receipt = await ledger.record({ sessionId: 's2', turnId: 't1', agentId: 'chief', toolId: 'file_reader', status: 'ok', inputs: {}, outputs });
    expect(receipt.truncated).toBe(true);
    expect(receipt.outputs_sha256).toBe(outputsDigest(outputs));
    expect(await storedText(root)).not.toContain(githubToken);
  });

  it('adds nothing to a receipt whose outputs held no secret', async () => {
    const { ledger } = await scrubbingLedger();
    const receipt = await ledger.record({ sessionId: 's3', turnId: 't1', agentId: 'chief', toolId: 'file_locator', status: 'ok', inputs: { query: 'lamp' }, outputs: { matches: ['Story/Scenes/SCN-01-the-lamp-room.md'] } });
    expect(receipt).not.toHaveProperty('outputs_sha256');
    expect(receipt.outputs).toEqual({ matches: ['Story/Scenes/SCN-01-the-lamp-room.md'] });
  });
});
