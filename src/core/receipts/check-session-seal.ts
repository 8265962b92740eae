import type { AuditVerifyReport, SessionHead, SessionSeal } from '../../protocol/index.js';
import type { StoredSealFile } from '../ports/index.js';
import type { SealCheck } from './seal-documents.js';

type BadLine = NonNullable<AuditVerifyReport['firstBad']>;

/** One session as verify found it: its lines already checked one by one and chained. */
export interface SessionSealInput {
  sessionId: string;
  /** The session log, workspace-relative. */
  logFile: string;
  /** The hash of each line of the log, in order (every line is a verified receipt). */
  hashes: readonly string[];
  head: StoredSealFile;
  /** The head's check; null when there is no head file. */
  headCheck: SealCheck<SessionHead> | null;
  /** The session's entry in the verified manifest. */
  manifestEntry: SessionSeal;
  /** Records of cut-off lines torn-line repair moved out of this log. */
  quarantined: readonly string[];
}

export type SessionSealVerdict = { ok: true; unsealed: number } | { ok: false; bad: BadLine };

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Why the log holds fewer lines than a seal acknowledges, with what torn-line repair did to it. */
function shortLogReason(input: SessionSealInput, seal: SessionSeal, by: string): string {
  const lines = input.hashes.length;
  const lost = seal.count - lines;
  const what =
    lines === 0
      ? `the session log is missing or empty, but ${by} acknowledges ${plural(seal.count, 'receipt')}: the whole log was deleted`
      : `the log ends after line ${lines}, but ${by} acknowledges ${plural(seal.count, 'receipt')}: the last ${plural(lost, 'receipt')} (a turn's tool runs) were deleted or lost`;
  if (input.quarantined.length === 0) return what;
  return `${what}. Torn-line repair moved cut-off bytes of this log to ${input.quarantined.join(', ')}, and they held an acknowledged receipt: this is damage or tampering, not an interrupted write`;
}

/**
 * Compares a session's log with its seal: the manifest's entry, the head, and the lines on disk.
 * Every append writes the log, then the head, then the manifest, so each is at most as far along as
 * the one before: lines ≥ head ≥ manifest, and the line at each count must hash to that seal's
 * `last_hash`. Lines beyond the head were written by an append that was cut off before it was
 * acknowledged; they are reported as unsealed, not as a failure.
 */
export function checkSessionSeal(input: SessionSealInput): SessionSealVerdict {
  const { head, headCheck, manifestEntry } = input;
  const headBad = (reason: string): SessionSealVerdict => ({ ok: false, bad: { file: head.file, line: 1, reason } });
  let headSeal: SessionSeal;
  if (headCheck === null) {
    if (manifestEntry.count > 0) {
      return headBad(`the session head is missing, but the manifest acknowledges ${plural(manifestEntry.count, 'receipt')} in session ${input.sessionId}: it was deleted`);
    }
    headSeal = manifestEntry;
  } else if (!headCheck.ok) {
    return headBad(headCheck.reason);
  } else if (headCheck.value.session_id !== input.sessionId) {
    return headBad(`the head belongs to session ${headCheck.value.session_id}, not ${input.sessionId}: it was copied from another session`);
  } else {
    headSeal = headCheck.value;
  }
  if (manifestEntry.count > headSeal.count) {
    return headBad(
      `the head acknowledges ${plural(headSeal.count, 'receipt')}, but the manifest acknowledges ${manifestEntry.count}: the head was replaced by an older copy`,
    );
  }
  for (const [seal, by] of [
    [headSeal, 'its signed head'],
    [manifestEntry, 'the signed manifest'],
  ] as const) {
    if (input.hashes.length < seal.count) {
      return { ok: false, bad: { file: input.logFile, line: input.hashes.length + 1, reason: shortLogReason(input, seal, by) } };
    }
    if (seal.count > 0 && input.hashes[seal.count - 1] !== seal.last_hash) {
      return {
        ok: false,
        bad: { file: input.logFile, line: seal.count, reason: `the receipt on this line is not the one ${by} acknowledges as receipt ${seal.count}: the log was rewritten` },
      };
    }
  }
  return { ok: true, unsealed: input.hashes.length - headSeal.count };
}
