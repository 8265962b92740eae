/**
 * The seal of the audit log (SPEC §15): a signed head per session log and a signed manifest of
 * every session. Receipts chain to each other, so a deleted line in the middle breaks the chain;
 * the seal is what makes a deleted tail, a deleted log, or a log re-signed with new keys visible.
 */
import { z } from 'zod';

export const AUDIT_SEAL_SCHEMA_VERSION = 1 as const;

/** sha256 (hex) of a receipt's full canonical JSON, as `prev_hash` holds it. */
const Sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * What a session's head says: how many receipt lines its log had after the last acknowledged
 * append, and the hash of the last of them (null when there are none).
 */
export const SessionSealSchema = z.strictObject({
  session_id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  count: z.number().int().min(0),
  last_hash: Sha256HexSchema.nullable(),
});
export type SessionSeal = z.infer<typeof SessionSealSchema>;

/**
 * `.control-room/audit/sessions/<id>/head.json`, rewritten atomically after every append. The
 * Ed25519 signature (base64url) covers the RFC 8785 canonical JSON of every other field.
 */
export const SessionHeadSchema = z.strictObject({
  schema_version: z.literal(AUDIT_SEAL_SCHEMA_VERSION),
  ...SessionSealSchema.shape,
  updated_at: z.string(),
  ed25519_signature: z.string(),
});
export type SessionHead = z.infer<typeof SessionHeadSchema>;

/**
 * `.control-room/audit/manifest.json`: every session of the workspace with its head, and the
 * fingerprint of the key that signs them (sha256 of the raw Ed25519 public key, hex). Signed like
 * a head.
 */
export const AuditManifestSchema = z.strictObject({
  schema_version: z.literal(AUDIT_SEAL_SCHEMA_VERSION),
  key_fingerprint: Sha256HexSchema,
  updated_at: z.string(),
  /** Sorted by session id, one entry each. */
  sessions: z.array(SessionSealSchema),
  ed25519_signature: z.string(),
});
export type AuditManifest = z.infer<typeof AuditManifestSchema>;

/** The public half of the workspace's signing key, as the writer pins it (`GET /api/audit/key`). */
export interface AuditKeyInfo {
  algorithm: 'Ed25519';
  /** sha256 of the raw 32-byte public key, 64 hex digits. */
  fingerprint: string;
  /** The same digits in groups of four, for reading aloud or writing down. */
  fingerprintGrouped: string;
  /** SPKI PEM, the content of `ed25519.pub`. */
  publicKeyPem: string;
}
