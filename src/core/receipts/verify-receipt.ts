import { timingSafeEqual, verify } from 'node:crypto';
import type { ToolReceipt, ValidationIssue } from '../../protocol/index.js';
import type { ReceiptVerifyKeys } from './receipt-keys.js';
import { receiptPayload } from './receipt-payload.js';
import { hmacHex } from './sign-receipt.js';

/** Which signatures were checked and held. */
export interface ReceiptSignatureCheck {
  hmac: boolean;
  ed25519: boolean;
}

export type ReceiptVerification = { ok: true; value: ReceiptSignatureCheck } | { ok: false; issues: ValidationIssue[] };

const HEX_64 = /^[0-9a-f]{64}$/;

/** Constant-time comparison of two hex digests (false when either is not 64 hex digits). */
function sameDigest(expectedHex: string, givenHex: string): boolean {
  if (!HEX_64.test(givenHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex, 'hex'));
}

function ed25519Holds(payload: string, signature: string, publicKey: NonNullable<ReceiptVerifyKeys['ed25519']>['publicKey']): boolean {
  try {
    return verify(null, Buffer.from(payload, 'utf8'), publicKey, Buffer.from(signature, 'base64url'));
  } catch {
    // A malformed signature or a key of another type is a failed check, not a crash of the verifier.
    return false;
  }
}

/**
 * Checks a receipt's signatures: the HMAC when the secret is known, the Ed25519 signature when the
 * public key is known (then the receipt must have one). At least one signature must be checked.
 * Pass the payload when it is already computed.
 */
export function verifyReceipt(receipt: ToolReceipt, keys: ReceiptVerifyKeys, payload: string = receiptPayload(receipt)): ReceiptVerification {
  const issues: ValidationIssue[] = [];
  const checked: ReceiptSignatureCheck = { hmac: false, ed25519: false };
  if (receipt.signature_alg !== 'HMAC-SHA256') {
    issues.push({ code: 'signature_alg_unsupported', message: `signature_alg is ${String(receipt.signature_alg)}, expected HMAC-SHA256`, path: ['signature_alg'] });
  }
  if (keys.hmacKey) {
    if (sameDigest(hmacHex(payload, keys.hmacKey), receipt.signature)) checked.hmac = true;
    else {
      issues.push({
        code: 'signature_mismatch',
        message: 'HMAC-SHA256 signature does not match the receipt: its content was altered or it was signed with another key',
        path: ['signature'],
      });
    }
  }
  const publicKey = keys.ed25519?.publicKey;
  if (publicKey && receipt.ed25519_signature === undefined) {
    // Every receipt is signed with the workspace's Ed25519 key when it has one, so a missing
    // signature was stripped: the HMAC alone would let anyone holding the secret rewrite the line.
    issues.push({
      code: 'ed25519_signature_missing',
      message: 'the receipt has no ed25519_signature, but the log is signed with an Ed25519 key: the signature was removed',
      path: ['ed25519_signature'],
    });
  } else if (publicKey && receipt.ed25519_signature !== undefined) {
    if (ed25519Holds(payload, receipt.ed25519_signature, publicKey)) checked.ed25519 = true;
    else {
      issues.push({
        code: 'ed25519_signature_mismatch',
        message: 'Ed25519 signature does not match the receipt: its content was altered or it was signed with another key',
        path: ['ed25519_signature'],
      });
    }
  }
  if (issues.length === 0 && !checked.hmac && !checked.ed25519) {
    issues.push({
      code: 'signature_unverifiable',
      message: 'no key to verify with: neither the HMAC secret nor the Ed25519 public key is available',
      path: ['signature'],
    });
  }
  return issues.length === 0 ? { ok: true, value: checked } : { ok: false, issues };
}
