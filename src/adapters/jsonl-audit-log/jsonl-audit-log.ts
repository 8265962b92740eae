import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError, type ToolReceipt } from '../../protocol/index.js';
import type { AuditLog, StoredReceiptLine } from '../../core/ports/index.js';
import {
  absolute,
  AUDIT_DIR,
  AUDIT_FOLDER_ID,
  ISSUE_LINKS_NAME,
  ISSUE_RECEIPTS_NAME,
  issueFileRelative,
  SESSION_LOG_NAME,
  sessionLogRelative,
} from './audit-paths.js';
import { appendLines } from './append-lines.js';
import { linkReceiptsToIssue } from './link-receipts-to-issue.js';
import { parseReceiptLine, parseReceiptLines, readReceiptLines } from './read-receipt-lines.js';
import { repairSessionLogs, type RepairSessionLogsOptions } from './repair-session-logs.js';
import { repairTornLine, type TornLineRepair } from './repair-torn-line.js';

/** Sub-folders of `parent` that are valid audit ids and hold `fileName`, sorted. */
async function foldersWith(parent: string, fileName: string): Promise<string[]> {
  const entries = await fs.readdir(parent, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !AUDIT_FOLDER_ID.test(entry.name)) continue;
    const file = await fs.stat(path.join(parent, entry.name, fileName)).catch(() => null);
    if (file?.isFile()) found.push(entry.name);
  }
  return found.sort();
}

/**
 * The audit log as JSONL files under a workspace (SPEC §6): one append-only
 * `.control-room/audit/sessions/<sessionId>/tool_receipts.jsonl` per session, and linked copies in
 * `.control-room/audit/issues/<issueId>/receipts.jsonl` with a `links.json` naming the sessions.
 */
export class JsonlAuditLog implements AuditLog {
  /** Linking rewrites an issue's files, so links to one issue run one at a time. */
  private readonly issueLocks = new Map<string, Promise<unknown>>();

  constructor(private readonly root: string) {}

  async append(receipt: ToolReceipt): Promise<void> {
    await this.appendBatch([receipt]);
  }

  async appendBatch(receipts: readonly ToolReceipt[]): Promise<void> {
    const sessionId = receipts[0]?.session_id;
    if (sessionId === undefined) return;
    if (receipts.some((receipt) => receipt.session_id !== sessionId)) {
      throw new ControlRoomError('audit_batch_mixed', 'A batch of receipts must belong to one session.', { fault: 'system' });
    }
    const text = receipts.map((receipt) => `${JSON.stringify(receipt)}\n`).join('');
    // A line an earlier, interrupted append cut off is moved aside first, so the new lines are never glued to it.
    await appendLines(absolute(this.root, sessionLogRelative(sessionId)), text, (handle) => repairTornLine(handle, { root: this.root, sessionId }));
  }

  /**
   * Mends every session log whose last line an interrupted append cut off (quarantining the
   * bytes, see repair-torn-line.ts). Run once when the workspace opens, before anything appends.
   */
  async repairTornLines(options: RepairSessionLogsOptions = {}): Promise<TornLineRepair[]> {
    return repairSessionLogs(this.root, await this.sessions(), options);
  }

  async last(sessionId: string): Promise<ToolReceipt | null> {
    const lines = await this.rawLines(sessionId);
    for (let index = lines.length - 1; index >= 0; index -= 1) {
      const receipt = parseReceiptLine(lines[index]?.raw ?? '');
      if (receipt) return receipt;
    }
    return null;
  }

  async list(sessionId: string): Promise<ToolReceipt[]> {
    return parseReceiptLines(await this.rawLines(sessionId));
  }

  async sessions(): Promise<string[]> {
    return foldersWith(absolute(this.root, `${AUDIT_DIR}/sessions`), SESSION_LOG_NAME);
  }

  async rawLines(sessionId: string): Promise<StoredReceiptLine[]> {
    const relative = sessionLogRelative(sessionId);
    return readReceiptLines(absolute(this.root, relative), relative);
  }

  async linkToIssue(sessionId: string, issueId: string, receiptIds?: readonly string[]): Promise<{ linked: number; file: string }> {
    const file = issueFileRelative(issueId, ISSUE_RECEIPTS_NAME);
    const run = async (): Promise<{ linked: number; file: string }> => {
      const linked = await linkReceiptsToIssue({
        issueId,
        sessionId,
        sessionLines: await this.rawLines(sessionId),
        issueLines: await this.issueRawLines(issueId),
        ...(receiptIds ? { receiptIds } : {}),
        receiptsPath: absolute(this.root, file),
        linksPath: absolute(this.root, issueFileRelative(issueId, ISSUE_LINKS_NAME)),
      });
      return { linked, file };
    };
    const previous = this.issueLocks.get(issueId) ?? Promise.resolve();
    const current = previous.then(run, run);
    const settled = current.catch(() => undefined);
    this.issueLocks.set(issueId, settled);
    void settled.then(() => {
      if (this.issueLocks.get(issueId) === settled) this.issueLocks.delete(issueId);
    });
    return current;
  }

  async issueReceipts(issueId: string): Promise<ToolReceipt[]> {
    return parseReceiptLines(await this.issueRawLines(issueId));
  }

  async issues(): Promise<string[]> {
    return foldersWith(absolute(this.root, `${AUDIT_DIR}/issues`), ISSUE_RECEIPTS_NAME);
  }

  async issueRawLines(issueId: string): Promise<StoredReceiptLine[]> {
    const relative = issueFileRelative(issueId, ISSUE_RECEIPTS_NAME);
    return readReceiptLines(absolute(this.root, relative), relative);
  }
}
