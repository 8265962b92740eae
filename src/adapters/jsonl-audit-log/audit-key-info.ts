import type { KeyObject } from 'node:crypto';
import { ControlRoomError, type AuditKeyInfo } from '../../protocol/index.js';
import { groupFingerprint, keyFingerprint } from '../../core/receipts/index.js';
import { requireWorkspaceRoot } from '../fs-workspace/index.js';
import { ED25519_PUBLIC_FILE, readReceiptKeys } from './receipt-key-files.js';

/** The public half of a signing key as a writer pins it: fingerprint (plain and grouped) and PEM. */
export function auditKeyInfo(publicKey: KeyObject): AuditKeyInfo {
  const fingerprint = keyFingerprint(publicKey);
  return {
    algorithm: 'Ed25519',
    fingerprint,
    fingerprintGrouped: groupFingerprint(fingerprint),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The workspace's audit signing key (`ed25519.pub`, or derived from `ed25519.key`), without creating one. */
export async function readAuditKeyInfo(dir: string): Promise<AuditKeyInfo> {
  const { keys } = await readReceiptKeys(await requireWorkspaceRoot(dir));
  if (!keys.ed25519) {
    throw new ControlRoomError('audit_key_missing', `The workspace has no audit signing key (${ED25519_PUBLIC_FILE}); it is created when the workspace is first opened or initialised.`);
  }
  return auditKeyInfo(keys.ed25519.publicKey);
}
