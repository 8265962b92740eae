import type { KeyObject } from 'node:crypto';
import type { AuditManifest, AuditVerifyReport } from '../../protocol/index.js';
import type { StoredSealFile } from '../ports/index.js';
import { groupFingerprint } from './key-fingerprint.js';
import { checkAuditManifest } from './seal-documents.js';

type BadLine = NonNullable<AuditVerifyReport['firstBad']>;

export interface ManifestFileInput {
  stored: StoredSealFile;
  publicKey: KeyObject;
  /** Fingerprint of `publicKey`. */
  fingerprint: string;
  /** The key the writer pinned, when verify was asked to check against one. */
  pinned: string | null;
  /** Whether any session log or head exists (then a manifest must too). */
  hasSessions: boolean;
  /** Whether the workspace has its signing keys: a manifest is written with them, so it must exist too. */
  expectManifest: boolean;
}

export type ManifestVerdict = { ok: true; manifest: AuditManifest | null } | { ok: false; bad: BadLine };

function rekeyed(recorded: string, actual: string, actualIs: string): string {
  return (
    `the audit log is signed with the Ed25519 key ${groupFingerprint(recorded)}, but ${actualIs} is ${groupFingerprint(actual)}: ` +
    'the signing keys were replaced and the log re-signed (or this is another workspace)'
  );
}

/** The fingerprint a manifest claims, read without trusting it (to explain a failed signature). */
function claimedFingerprint(text: string): string | null {
  try {
    const value = (JSON.parse(text) as { key_fingerprint?: unknown } | null)?.key_fingerprint;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Checks the workspace manifest against the verifying key and the pinned one. A missing manifest is
 * fine only for a workspace that never recorded anything and pinned nothing.
 */
export function checkManifestFile(input: ManifestFileInput): ManifestVerdict {
  const { stored, fingerprint, pinned } = input;
  const fail = (reason: string): ManifestVerdict => ({ ok: false, bad: { file: stored.file, line: 1, reason } });
  if (pinned !== null && pinned !== fingerprint) return fail(rekeyed(fingerprint, pinned, 'the pinned key'));
  if (stored.text === null) {
    if (input.hasSessions || input.expectManifest) {
      return fail('the signed manifest of sessions is missing: it was deleted, so whole session logs could have been removed with it');
    }
    if (pinned !== null) return fail('there is no signed manifest: nothing in this workspace was signed with the pinned key (the audit folder was removed or replaced)');
    return { ok: true, manifest: null };
  }
  const checked = checkAuditManifest(stored.text, input.publicKey);
  const claimed = checked.ok ? checked.value.key_fingerprint : claimedFingerprint(stored.text);
  if (claimed !== null && /^[0-9a-f]{64}$/.test(claimed) && claimed !== fingerprint) {
    return fail(rekeyed(claimed, fingerprint, pinned === null ? "the workspace's key" : 'the pinned key'));
  }
  if (!checked.ok) return fail(checked.reason);
  return { ok: true, manifest: checked.value };
}
