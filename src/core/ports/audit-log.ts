import type { ToolReceipt } from '../../protocol/index.js';

/** One stored receipt line, with where it lives, for verification reports. */
export interface StoredReceiptLine {
  /** Path of the JSONL file relative to the workspace, e.g. `.control-room/audit/sessions/s1/tool_receipts.jsonl`. */
  file: string;
  /** 1-based line number in that file. */
  line: number;
  /** The raw line text exactly as stored. */
  raw: string;
}

/** A stored seal document (a session head or the manifest) exactly as stored, and where it lives. */
export interface StoredSealFile {
  /** Workspace-relative path, e.g. `.control-room/audit/manifest.json`. */
  file: string;
  /** The file's text; null when it does not exist. */
  text: string | null;
}

/**
 * Append-only storage of signed receipts, one log per session, plus links from issues to the
 * receipts of the sessions behind them.
 */
export interface AuditLog {
  /** Appends one receipt to its session's log (durably, as one line). */
  append(receipt: ToolReceipt): Promise<void>;
  /**
   * Appends receipts of one session as consecutive whole lines with a single durable write
   * (group commit). Throws when the receipts name more than one session.
   */
  appendBatch(receipts: readonly ToolReceipt[]): Promise<void>;
  /** The last receipt of a session, for chaining; null when the session has none. */
  last(sessionId: string): Promise<ToolReceipt | null>;
  /** Every receipt of a session, in order. Lines that do not parse are skipped (verify reports them). */
  list(sessionId: string): Promise<ToolReceipt[]>;
  /**
   * The receipts of a session that verify (signature and place in the chain), in order: the only
   * ones a reply may cite as evidence. A line planted, forged or left unsigned is not among them.
   */
  verifiedList(sessionId: string): Promise<ToolReceipt[]>;
  /** Session ids that have a receipt log. */
  sessions(): Promise<string[]>;
  /** Raw lines of a session's log, for verification. */
  rawLines(sessionId: string): Promise<StoredReceiptLine[]>;
  /** Where a session's log lives (workspace-relative), whether or not it exists. */
  logFile(sessionId: string): string;
  /**
   * Copies a session's receipts (all, or the listed ids) into the issue's audit folder. Idempotent:
   * receipts already linked are not copied again; `linked` counts the newly copied ones.
   */
  linkToIssue(sessionId: string, issueId: string, receiptIds?: readonly string[]): Promise<{ linked: number; file: string }>;
  /** Receipts linked to an issue. */
  issueReceipts(issueId: string): Promise<ToolReceipt[]>;
  /** Issue ids that have linked receipts. */
  issues(): Promise<string[]>;
  /** Raw lines of an issue's linked copies, for verification. */
  issueRawLines(issueId: string): Promise<StoredReceiptLine[]>;
  /**
   * A session's signed head (receipt count + last hash, rewritten after every append), as stored,
   * for verification. The log itself keeps it: appends update it.
   */
  rawHead(sessionId: string): Promise<StoredSealFile>;
  /** The signed manifest of every session's head, as stored, for verification. */
  rawManifest(): Promise<StoredSealFile>;
  /** Sessions that have a head, with or without a log (a head outlives a deleted log). */
  headSessions(): Promise<string[]>;
  /** Cut-off lines that torn-line repair moved out of session logs: the session and the record file (workspace-relative). */
  quarantinedLines(): Promise<Array<{ sessionId: string; file: string }>>;
}
