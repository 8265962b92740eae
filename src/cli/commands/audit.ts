import type { Command } from 'commander';
import type { AuditVerifyReport } from '../../protocol/index.js';
import { listWorkspaceReceipts, verifyWorkspaceAudit } from '../../adapters/jsonl-audit-log/index.js';
import { CliExit, emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The human form of a verify report: one line when intact, the first bad file:line and why when not. */
export function describeAuditReport(report: AuditVerifyReport): string {
  const counted = `${plural(report.receipts, 'receipt')} in ${plural(report.sessions, 'session')}`;
  if (report.firstBad === null) return `Audit log intact: ${counted}; every signature and chain checks out.`;
  return [
    `Audit log FAILED verification (${counted} checked).`,
    `First bad line: ${report.firstBad.file}:${report.firstBad.line}`,
    `Reason: ${report.firstBad.reason}`,
  ].join('\n');
}

/** `control-room audit verify [--public-key file]` and `control-room audit list [--session S]` */
export function registerAudit(program: Command, io: CliIo): void {
  const audit = program.command('audit').description('check and browse the signed tool receipts');
  audit
    .command('verify')
    .description('check every receipt signature and session chain; name the first bad line (exit 1 when one is bad)')
    .option('--public-key <file>', 'verify with this Ed25519 public key (SPKI PEM) instead of the workspace keys')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions & { publicKey?: string }) => {
      const { report, warnings } = await verifyWorkspaceAudit(workspaceDir(options), options.publicKey === undefined ? {} : { publicKeyFile: options.publicKey });
      for (const warning of warnings) io.stderr(`warning: ${warning}\n`);
      emit(io, options, report, () => describeAuditReport(report));
      if (!report.ok) throw new CliExit(1);
    });
  audit
    .command('list')
    .description('list receipts: time, id, session, agent, tool and status')
    .option('--session <id>', 'only this session')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions & { session?: string }) => {
      const receipts = await listWorkspaceReceipts(workspaceDir(options), options.session);
      const rows = receipts.map((receipt) => ({
        receipt_id: receipt.receipt_id,
        session_id: receipt.session_id,
        agent_id: receipt.agent_id,
        tool_id: receipt.tool_id,
        status: receipt.status,
        timestamp: receipt.timestamp,
      }));
      emit(io, options, { receipts: rows }, () =>
        rows.length === 0
          ? 'No receipts.'
          : rows.map((row) => `${row.timestamp}  ${row.receipt_id}  ${row.session_id}  ${row.agent_id}  ${row.tool_id}  ${row.status}`).join('\n'),
      );
    });
}
