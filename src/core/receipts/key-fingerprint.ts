import { createHash, type KeyObject } from 'node:crypto';
import { ControlRoomError } from '../../protocol/index.js';

const FINGERPRINT = /^[0-9a-f]{64}$/;

/** The raw 32 bytes of an Ed25519 public key (its JWK `x`). */
function rawPublicKey(publicKey: KeyObject): Buffer {
  if (publicKey.asymmetricKeyType !== 'ed25519') {
    throw new ControlRoomError('audit_key_invalid', 'The audit signing key is not an Ed25519 key.');
  }
  const { x } = publicKey.export({ format: 'jwk' });
  if (typeof x !== 'string') throw new ControlRoomError('audit_key_invalid', 'The Ed25519 public key cannot be exported.');
  return Buffer.from(x, 'base64url');
}

/** sha256 (64 hex digits) of the raw Ed25519 public key: what a writer pins and reads aloud. */
export function keyFingerprint(publicKey: KeyObject): string {
  return createHash('sha256').update(rawPublicKey(publicKey)).digest('hex');
}

/** `3f2a 9c1d …`: the fingerprint in sixteen groups of four, easier to compare by eye or voice. */
export function groupFingerprint(fingerprint: string): string {
  return fingerprint.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Reads a fingerprint as a person may have written it down: any case, with spaces, colons or
 * dashes between groups, optionally after `sha256:`. Null when the text is not one.
 */
export function parseFingerprint(text: string): string | null {
  const digits = text
    .trim()
    .replace(/^sha-?256:/i, '')
    .replace(/[\s:-]/g, '')
    .toLowerCase();
  return FINGERPRINT.test(digits) ? digits : null;
}
