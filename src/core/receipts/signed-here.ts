import { deepFreeze } from '../traces/deep-freeze.js';
import type { ToolReceipt } from '../../protocol/index.js';
import type { ReceiptVerifyKeys } from './receipt-keys.js';

/**
 * Receipts this process signed, each frozen at signing with the hash of its canonical form and the
 * HMAC key it was signed with. A frozen receipt cannot change after signing, so its signature and
 * hash are known without canonicalising it again: the audit log's index takes an appended receipt
 * it finds here as verified (when it verifies with the same key), and the seal takes its hash.
 * Anything else — a receipt read back from a file, one built elsewhere — is checked in full.
 */
const signed = new WeakMap<ToolReceipt, { hash: string; hmacKey: Buffer }>();

/** Freezes a receipt just signed and remembers its hash and key. */
export function rememberSigned(receipt: ToolReceipt, hash: string, hmacKey: Buffer): ToolReceipt {
  deepFreeze(receipt);
  signed.set(receipt, { hash, hmacKey });
  return receipt;
}

/** The hash of a receipt this process signed with `keys`' HMAC key, or null. */
export function signedHereHash(receipt: ToolReceipt, keys: ReceiptVerifyKeys): string | null {
  const known = signed.get(receipt);
  if (known === undefined || keys.hmacKey === undefined) return null;
  return known.hmacKey === keys.hmacKey || known.hmacKey.equals(keys.hmacKey) ? known.hash : null;
}

/** The hash of a receipt this process signed, whatever its key, or null. */
export function signedHash(receipt: ToolReceipt): string | null {
  return signed.get(receipt)?.hash ?? null;
}
