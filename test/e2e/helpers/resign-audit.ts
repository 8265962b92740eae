/**
 * What someone with write access to a workspace, but not its keys, can do to an audit log: delete
 * the key files, let new ones be made, and re-sign every receipt, every head and the manifest, so
 * the log is consistent again — here after dropping each session's last receipt. Only a key the
 * writer pinned tells this log from the real one.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { SessionSeal, ToolReceipt } from '../../../src/protocol/index.js';
import { keyFingerprint, signAuditManifest, signReceiptWithHash, signSessionHead } from '../../../src/core/receipts/index.js';
import { loadReceiptKeys } from '../../../src/adapters/jsonl-audit-log/index.js';

const AUDIT = '.control-room/audit';

export async function resignWithNewKeys(dir: string): Promise<void> {
  for (const file of ['secret.key', 'ed25519.key', 'ed25519.pub']) await fs.rm(path.join(dir, AUDIT, file), { force: true });
  const { keys } = await loadReceiptKeys(dir);
  const now = new Date().toISOString();
  const seals: SessionSeal[] = [];
  for (const sessionId of await fs.readdir(path.join(dir, AUDIT, 'sessions'))) {
    const logFile = path.join(dir, AUDIT, 'sessions', sessionId, 'tool_receipts.jsonl');
    const receipts = (await fs.readFile(logFile, 'utf8'))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as ToolReceipt)
      .slice(0, -1);
    let previous: string | null = null;
    const lines: string[] = [];
    for (const { signature: _signature, ed25519_signature: _ed25519, ...unsigned } of receipts) {
      const { receipt, hash } = signReceiptWithHash({ ...unsigned, prev_hash: previous }, keys);
      lines.push(`${JSON.stringify(receipt)}\n`);
      previous = hash;
    }
    await fs.writeFile(logFile, lines.join(''));
    const seal = { session_id: sessionId, count: lines.length, last_hash: previous };
    await fs.writeFile(path.join(dir, AUDIT, 'sessions', sessionId, 'head.json'), JSON.stringify(signSessionHead(seal, now, keys.ed25519.privateKey)));
    seals.push(seal);
  }
  const manifest = signAuditManifest({ keyFingerprint: keyFingerprint(keys.ed25519.publicKey), updatedAt: now, sessions: seals }, keys.ed25519.privateKey);
  await fs.writeFile(path.join(dir, AUDIT, 'manifest.json'), JSON.stringify(manifest));
}
