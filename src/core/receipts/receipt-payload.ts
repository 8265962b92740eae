import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { ControlRoomError, type ToolReceipt } from '../../protocol/index.js';
import { signedHash } from './signed-here.js';

/** A receipt before signing: every field except the two signatures (`signature_alg` is signed). */
export type UnsignedToolReceipt = Omit<ToolReceipt, 'signature' | 'ed25519_signature'>;

const SIGNATURE_FIELDS = new Set(['signature', 'ed25519_signature']);

/** RFC 8785 canonical JSON of any JSON value; throws `receipt_not_canonical` for values JSON cannot carry. */
export function canonicalJson(value: unknown): string {
  let text: string | undefined;
  try {
    text = canonicalize(value);
  } catch (error) {
    throw new ControlRoomError('receipt_not_canonical', `A receipt value cannot be written as canonical JSON: ${(error as Error).message}.`, {
      fault: 'system',
      cause: error,
    });
  }
  if (text === undefined) throw new ControlRoomError('receipt_not_canonical', 'A receipt value is not JSON (undefined, a function or a symbol).', { fault: 'system' });
  return text;
}

/** One top-level member of a canonical object: its key and its `"key":value` text. */
export type CanonicalMember = readonly [key: string, text: string];

/** The canonical member text of `key: value`. */
export function canonicalMember(key: string, value: unknown): CanonicalMember {
  return [key, `${JSON.stringify(key)}:${canonicalJson(value)}`];
}

/**
 * RFC 8785 writes an object as its members sorted by key (UTF-16 code units, as
 * Array.prototype.sort compares strings), each value canonical. Building the top level from
 * member texts lets the signed payload and the full receipt share the work: each value is
 * canonicalised once, and the signature members are added afterwards.
 */
export function joinCanonicalMembers(members: readonly CanonicalMember[]): string {
  return `{${[...members]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, text]) => text)
    .join(',')}}`;
}

/** Canonical members of a receipt's fields, signatures excluded. */
export function unsignedMembers(receipt: UnsignedToolReceipt | ToolReceipt): CanonicalMember[] {
  const record = receipt as Record<string, unknown>;
  return Object.keys(record)
    .filter((key) => record[key] !== undefined && !SIGNATURE_FIELDS.has(key))
    .map((key) => canonicalMember(key, record[key]));
}

/** The two canonical texts of a receipt: what the signatures cover, and the whole receipt. */
export function canonicalReceipt(receipt: ToolReceipt): { payload: string; full: string } {
  const members = unsignedMembers(receipt);
  const signatures = [canonicalMember('signature', receipt.signature)];
  if (receipt.ed25519_signature !== undefined) signatures.push(canonicalMember('ed25519_signature', receipt.ed25519_signature));
  return { payload: joinCanonicalMembers(members), full: joinCanonicalMembers([...members, ...signatures]) };
}

/**
 * The exact bytes both signatures cover: the canonical JSON of the receipt without `signature`
 * and `ed25519_signature`. Canonical form makes the bytes independent of key order and spacing,
 * so a reader re-derives them from a parsed line.
 */
export function receiptPayload(receipt: UnsignedToolReceipt | ToolReceipt): string {
  return joinCanonicalMembers(unsignedMembers(receipt));
}

/** sha256 (hex) of a text, UTF-8. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** sha256 (hex) of a receipt's full canonical JSON, signatures included: the next receipt's `prev_hash`. */
export function receiptHash(receipt: ToolReceipt): string {
  // A receipt signed here is frozen with its hash; any other is canonicalised.
  return signedHash(receipt) ?? sha256Hex(canonicalJson(receipt));
}
