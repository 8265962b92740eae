import type { EvidenceIssue, EvidenceReport, FileRef } from '../../protocol/index.js';
import type { TurnDependencies } from '../loop/index.js';
import type { AuditLog, IssueStore, Workspace } from '../ports/index.js';
import type { CreditsStore } from '../credits/index.js';
import type { TelemetryStore } from '../telemetry/index.js';
import type { ConferenceStore } from './conference-store.js';

/** What a reply's evidence is checked against (the shape of `validateEvidence` in core/evidence). */
export interface EvidenceCheckContext {
  workspace: Workspace;
  /** Receipts the reply may cite: the session's receipts that verify, this round's phase-1 receipts among them. */
  knownReceiptIds: ReadonlySet<string>;
  /** What each of those receipts read, for the receipt-source rule. */
  receiptFiles?: ReadonlyMap<string, readonly FileRef[]>;
  /** Whose reply it is, for the role's source rules. */
  agent?: { id: string; evidenceSources: readonly string[] };
}

/** Checks one reply's evidence line (SPEC §7); returns every issue, never throws on a bad reply. */
export type EvidenceValidator = (reply: string, context: EvidenceCheckContext) => Promise<EvidenceReport>;

/** Everything a conference round needs, built once per workspace by the composition root. */
export interface ConferenceDependencies extends Omit<TurnDependencies, 'validateReply'> {
  workspace: Workspace;
  auditLog: AuditLog;
  issues: IssueStore;
  conferences: ConferenceStore;
  credits: CreditsStore;
  telemetry: TelemetryStore;
  validateReply: EvidenceValidator;
  /** The one corrective retry's message for a failed reply (default: core/evidence's `buildCorrectiveMessage`). */
  correctiveMessage?: (issues: readonly EvidenceIssue[], options: { knownReceiptIds: Iterable<string>; evidenceSources: readonly string[] }) => string;
}
