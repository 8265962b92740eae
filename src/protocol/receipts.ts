/**
 * Signed tool receipts (SPEC §6). One receipt per tool execution — success, tool error or unknown
 * tool — appended to `.control-room/audit/sessions/<sessionId>/tool_receipts.jsonl`.
 */
import { z } from 'zod';

export const RECEIPT_SCHEMA_VERSION = 1;
/** Server-minted ids: `rcpt_` + a UUIDv7 (never taken from a model). */
export const RECEIPT_ID_PATTERN = /^rcpt_[A-Za-z0-9_-]{10,}$/;
export const RECEIPT_ID_IN_TEXT = /\brcpt_[A-Za-z0-9_-]{10,}/g;

/** A line range of a file a tool read, with the sha256 of exactly that excerpt. */
export const FileRefSchema = z.strictObject({
  path: z.string(),
  start_line: z.number().int().min(0),
  end_line: z.number().int().min(0),
  /** sha256 (hex) of the excerpt's text (the lines joined with `\n`, UTF-8). */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FileRef = z.infer<typeof FileRefSchema>;

export const ReceiptStatusSchema = z.enum(['ok', 'tool_error', 'unknown_tool']);
export type ReceiptStatus = z.infer<typeof ReceiptStatusSchema>;

export const ToolReceiptSchema = z.strictObject({
  schema_version: z.literal(RECEIPT_SCHEMA_VERSION),
  receipt_id: z.string().regex(RECEIPT_ID_PATTERN),
  /** Exactly one of the two scopes is set; the other is null. */
  conference_id: z.string().nullable(),
  task_id: z.string().nullable(),
  session_id: z.string().min(1),
  turn_id: z.string().min(1),
  agent_id: z.string().min(1),
  tool_id: z.string().min(1),
  status: ReceiptStatusSchema,
  inputs: z.record(z.string(), z.unknown()),
  /** The whole output when it fits the limit … */
  outputs: z.unknown().optional(),
  /** … otherwise its head, with the sha256 and byte size of the whole serialised output. */
  excerpt: z.string().optional(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  full_size: z.number().int().min(0).optional(),
  /**
   * sha256 (hex) of the RFC 8785 canonical JSON of the outputs the tool really returned, set when
   * secrets were scrubbed out of them before they were stored: the receipt never holds a raw
   * secret, and whoever has the real output can still check it against the receipt.
   */
  outputs_sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  truncated: z.boolean(),
  file_refs: z.array(FileRefSchema),
  timestamp: z.string(),
  /** sha256 of the previous receipt's canonical JSON in the same session; null for the first. */
  prev_hash: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
  signature_alg: z.literal('HMAC-SHA256'),
  /** HMAC-SHA256 (hex) over the RFC 8785 canonical JSON of the receipt without signature fields. */
  signature: z.string().regex(/^[0-9a-f]{64}$/),
  /** Optional Ed25519 signature (base64url) over the same bytes, verifiable with the public key. */
  ed25519_signature: z.string().optional(),
});
export type ToolReceipt = z.infer<typeof ToolReceiptSchema>;

/** Verification result for `control-room audit verify` (SPEC §14). */
export interface AuditVerifyReport {
  ok: boolean;
  sessions: number;
  receipts: number;
  firstBad: { file: string; line: number; reason: string } | null;
}
