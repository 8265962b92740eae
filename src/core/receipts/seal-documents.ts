import { sign, verify, type KeyObject } from 'node:crypto';
import type { z } from 'zod';
import {
  AUDIT_SEAL_SCHEMA_VERSION,
  AuditManifestSchema,
  ControlRoomError,
  SessionHeadSchema,
  type AuditManifest,
  type SessionHead,
  type SessionSeal,
} from '../../protocol/index.js';
import { canonicalJson } from './receipt-payload.js';

/** A stored seal document that parsed, matched its schema and whose signature holds; or why not. */
export type SealCheck<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The bytes a seal's signature covers: the canonical JSON of every field but the signature. */
function sealPayload(document: Record<string, unknown>): Buffer {
  const { ed25519_signature: _signature, ...fields } = document;
  return Buffer.from(canonicalJson(fields), 'utf8');
}

function signed<T extends Record<string, unknown>>(fields: T, privateKey: KeyObject): T & { ed25519_signature: string } {
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new ControlRoomError('audit_key_invalid', 'The audit signing key is not Ed25519; replace .control-room/audit/ed25519.key.', { fault: 'system' });
  }
  return { ...fields, ed25519_signature: sign(null, sealPayload(fields), privateKey).toString('base64url') };
}

/** A session head for `seal`, signed with the workspace's Ed25519 key. */
export function signSessionHead(seal: SessionSeal, updatedAt: string, privateKey: KeyObject): SessionHead {
  const fields = { schema_version: AUDIT_SEAL_SCHEMA_VERSION, session_id: seal.session_id, count: seal.count, last_hash: seal.last_hash, updated_at: updatedAt };
  return signed(fields, privateKey);
}

/** The workspace manifest of `sessions` (sorted here), signed with the key whose fingerprint it records. */
export function signAuditManifest(
  fields: { keyFingerprint: string; updatedAt: string; sessions: readonly SessionSeal[] },
  privateKey: KeyObject,
): AuditManifest {
  const sessions = [...fields.sessions]
    .sort((a, b) => (a.session_id < b.session_id ? -1 : a.session_id > b.session_id ? 1 : 0))
    .map((seal) => ({ session_id: seal.session_id, count: seal.count, last_hash: seal.last_hash }));
  const unsigned = { schema_version: AUDIT_SEAL_SCHEMA_VERSION, key_fingerprint: fields.keyFingerprint, updated_at: fields.updatedAt, sessions };
  return signed(unsigned, privateKey);
}

/** A seal says "no receipts" exactly when it has no last hash. */
function sealInconsistency(seal: SessionSeal): string | null {
  if ((seal.count === 0) === (seal.last_hash === null)) return null;
  return `session ${seal.session_id} has count ${seal.count} but last_hash ${seal.last_hash === null ? 'null' : 'set'}`;
}

function checkSeal<T extends { ed25519_signature: string }>(
  text: string,
  schema: z.ZodType<T>,
  what: string,
  publicKey: KeyObject,
  extra: (value: T) => string | null,
): SealCheck<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `the ${what} is not valid JSON (${(error as Error).message})` };
  }
  const version = (parsed as { schema_version?: unknown } | null)?.schema_version;
  if (typeof version === 'number' && version > AUDIT_SEAL_SCHEMA_VERSION) {
    return { ok: false, reason: `the ${what} was written by a newer Control Room (schema_version ${version})` };
  }
  const checked = schema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return { ok: false, reason: `the ${what} does not match its format at ${issue?.path.join('.') || 'the top level'}: ${issue?.message ?? 'invalid'}` };
  }
  const problem = extra(checked.data);
  if (problem) return { ok: false, reason: `the ${what} is inconsistent: ${problem}` };
  let holds = false;
  try {
    holds = verify(null, sealPayload(parsed as Record<string, unknown>), publicKey, Buffer.from(checked.data.ed25519_signature, 'base64url'));
  } catch {
    // A malformed signature is a failed check, not a crash of the verifier.
  }
  if (!holds) return { ok: false, reason: `the ${what}'s Ed25519 signature does not match: it was edited, or signed with another key` };
  return { ok: true, value: checked.data };
}

/** Checks a stored session head: JSON, format and Ed25519 signature. */
export function checkSessionHead(text: string, publicKey: KeyObject): SealCheck<SessionHead> {
  return checkSeal(text, SessionHeadSchema, 'session head', publicKey, sealInconsistency);
}

/** Checks the stored manifest: JSON, format (one sorted entry per session) and Ed25519 signature. */
export function checkAuditManifest(text: string, publicKey: KeyObject): SealCheck<AuditManifest> {
  return checkSeal(text, AuditManifestSchema, 'audit manifest', publicKey, (manifest) => {
    for (let index = 0; index < manifest.sessions.length; index += 1) {
      const seal = manifest.sessions[index] as SessionSeal;
      const previous = manifest.sessions[index - 1];
      if (previous && previous.session_id >= seal.session_id) return `session ${seal.session_id} is listed out of order or twice`;
      const problem = sealInconsistency(seal);
      if (problem) return problem;
    }
    return null;
  });
}
