import type { KeyObject } from 'node:crypto';

/**
 * Keys a writer signs receipts with: the workspace's HMAC secret and, optionally, an Ed25519 pair
 * whose public half lets a third party verify receipts without the secret.
 */
export interface ReceiptKeys {
  hmacKey: Buffer;
  ed25519?: { privateKey?: KeyObject; publicKey: KeyObject };
}

/**
 * Keys a reader verifies with. The owner has the HMAC secret; a third party may hold only the
 * Ed25519 public key. `ReceiptKeys` fits here as it is.
 */
export interface ReceiptVerifyKeys {
  hmacKey?: Buffer;
  ed25519?: { publicKey: KeyObject };
}
