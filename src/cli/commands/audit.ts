import type { Command } from 'commander';
import type { AuditVerifyReport } from '../../protocol/index.js';
import { groupFingerprint } from '../../core/receipts/index.js';
import { listWorkspaceReceipts, readAuditKeyInfo, verifyWorkspaceAudit } from '../../adapters/jsonl-audit-log/index.js';
import { CliExit, emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The human form of a verify report: one line when intact, the first bad file:line and why when not. */
export function describeAuditReport(report: AuditVerifyReport): string {
  const counted = `${plural(report.receipts, 'receipt')} in ${plural(report.sessions, 'session')}`;
  if (report.firstBad === null) return `Audit log intact: ${counted}; every signature, chain and seal checks out.`;
  return [
    `Audit log FAILED verification (${counted} checked).`,
    `First bad line: ${report.firstBad.file}:${report.firstBad.line}`,
    `Reason: ${report.firstBad.reason}`,
  ].join('\n');
}

/** The line that names the key a log was checked against, for the writer to compare with the one they pinned. */
function keyLine(fingerprint: string | null): string {
  return fingerprint === null ? 'No signing key yet.' : `Signing key (Ed25519) fingerprint: ${fingerprint} (${groupFingerprint(fingerprint)})`;
}

/** `control-room audit verify [--pubkey fingerprint|file]`, `audit key` and `audit list [--session S]` */
export function registerAudit(program: Command, io: CliIo): void {
  const audit = program.command('audit').description('check and browse the signed tool receipts');
  audit
    .command('verify')
    .description('check every receipt signature, session chain and seal; name the first bad line (exit 1 when one is bad)')
    .option('--pubkey <fingerprint|file>', 'the key you pinned: its fingerprint, or the exported ed25519.pub; catches a log re-signed with new keys')
    .option('--public-key <file>', 'the same as --pubkey, with an exported public key file')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions & { pubkey?: string; publicKey?: string }) => {
      const pin = options.pubkey ?? options.publicKey;
      const { report, warnings, keyFingerprint } = await verifyWorkspaceAudit(workspaceDir(options), pin === undefined ? {} : { pin });
      for (const warning of warnings) io.stderr(`warning: ${warning}\n`);
      // The JSON report keeps its documented fields (SPEC §14); the key goes beside it.
      if (options.json) io.stderr(`${keyLine(keyFingerprint)}\n`);
      emit(io, options, report, () => `${describeAuditReport(report)}\n${keyLine(keyFingerprint)}`);
      if (!report.ok) throw new CliExit(1);
    });
  audit
    .command('key')
    .description('print the fingerprint and public key of the workspace signing key, to note down or hand to a reviewer')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions) => {
      const key = await readAuditKeyInfo(workspaceDir(options));
      emit(io, options, key, () =>
        [`Signing key (Ed25519) fingerprint: ${key.fingerprint}`, `  in groups, to read aloud: ${key.fingerprintGrouped}`, '', key.publicKeyPem.trimEnd()].join('\n'),
      );
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
