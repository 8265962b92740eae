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

/** The 32-byte digest written in base64 or base64url (43 characters, padding optional). */
const BASE64_DIGEST = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * Reads a fingerprint as a person or a script may have written it down: hex in any case, with
 * spaces, colons or dashes between groups, or the same 32 bytes in base64 or base64url; optionally
 * after `sha256:`. Null when the text is not one.
 */
export function parseFingerprint(text: string): string | null {
  const bare = text.trim().replace(/^sha-?256:/i, '');
  const digits = bare.replace(/[\s:-]/g, '').toLowerCase();
  if (FINGERPRINT.test(digits)) return digits;
  const encoded = bare.replace(/\s/g, '');
  if (!BASE64_DIGEST.test(encoded)) return null;
  const bytes = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes.toString('hex') : null;
}
