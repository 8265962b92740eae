import { createHmac, sign } from 'node:crypto';
import { ControlRoomError, type ToolReceipt } from '../../protocol/index.js';
import type { ReceiptKeys } from './receipt-keys.js';
import { rememberSigned } from './signed-here.js';
import { canonicalMember, joinCanonicalMembers, sha256Hex, unsignedMembers, type UnsignedToolReceipt } from './receipt-payload.js';

/** HMAC-SHA256 (hex) of a payload. */
export function hmacHex(payload: string, key: Buffer): string {
  return createHmac('sha256', key).update(payload, 'utf8').digest('hex');
}

/**
 * Signs a receipt — HMAC-SHA256 over its canonical payload and, with an Ed25519 private key, an
 * Ed25519 signature (base64url) over the same bytes — and returns it with its hash, the next
 * receipt's `prev_hash`. The receipt comes back frozen (see signed-here.ts).
 */
export function signReceiptWithHash(unsigned: UnsignedToolReceipt, keys: ReceiptKeys): { receipt: ToolReceipt; hash: string } {
  if (unsigned.signature_alg !== 'HMAC-SHA256') {
    throw new ControlRoomError('receipt_invalid', `Unsupported signature_alg ${String(unsigned.signature_alg)}; receipts are signed with HMAC-SHA256.`, { fault: 'system' });
  }
  const privateKey = keys.ed25519?.privateKey;
  if (privateKey && privateKey.asymmetricKeyType !== 'ed25519') {
    throw new ControlRoomError('audit_key_invalid', 'The receipt signing key pair is not Ed25519; replace .control-room/audit/ed25519.key.', { fault: 'system' });
  }
  const members = unsignedMembers(unsigned);
  const payload = joinCanonicalMembers(members);
  const receipt: ToolReceipt = { ...unsigned, signature: hmacHex(payload, keys.hmacKey) };
  members.push(canonicalMember('signature', receipt.signature));
  if (privateKey) {
    receipt.ed25519_signature = sign(null, Buffer.from(payload, 'utf8'), privateKey).toString('base64url');
    members.push(canonicalMember('ed25519_signature', receipt.ed25519_signature));
  }
  const hash = sha256Hex(joinCanonicalMembers(members));
  return { receipt: rememberSigned(receipt, hash, keys.hmacKey), hash };
}

/** Signs a receipt (see `signReceiptWithHash`). */
export function signReceipt(unsigned: UnsignedToolReceipt, keys: ReceiptKeys): ToolReceipt {
  return signReceiptWithHash(unsigned, keys).receipt;
}
