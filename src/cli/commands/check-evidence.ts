import type { Command } from 'commander';
import { ControlRoomError, type EvidenceReport } from '../../protocol/index.js';
import { CliExit, emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

export interface CheckEvidenceOptions extends CommonOptions {
  /** Sessions whose receipts the reply may cite (repeatable: a conference's phase-2 replies cite phase-1 receipts). */
  session?: string[];
  /** Extra receipt ids the reply may cite, comma-separated. */
  receipts?: string;
  agent?: string;
}

/** The stable `--json` shape of SPEC §14 (plus where each verified quote is). */
export function evidenceJson(report: EvidenceReport): Record<string, unknown> {
  return {
    ok: report.ok,
    line: report.line,
    type: report.type,
    sources: report.sources,
    quotes: report.quotes,
    receipts: report.receipts,
    locations: report.locations,
    searched: report.searched,
    absenceHits: report.absenceHits,
    issues: report.issues.map((issue) => ({ code: issue.code, message: issue.message, span: issue.span })),
  };
}

function describeReport(report: EvidenceReport): string {
  if (report.ok) {
    const places = report.locations.map((location) => `${location.path}:${location.startLine}${location.endLine === location.startLine ? '' : `-${location.endLine}`}`);
    return `ok: ${report.type ?? ''} evidence verified${places.length > 0 ? ` — ${places.join(', ')}` : ''}`;
  }
  return [`rejected: ${report.issues.length} issue${report.issues.length === 1 ? '' : 's'}`, ...report.issues.map((issue) => `- ${issue.code}: ${issue.message}`)].join('\n');
}

/** Checks the reply on stdin against the workspace, the sessions' receipts and the agent's role. */
export async function checkEvidenceFromStdin(options: CheckEvidenceOptions, io: CliIo): Promise<EvidenceReport> {
  // Loaded here, not at start-up: `check tool-call` shares this command group and must stay light.
  const [{ FsWorkspace, loadAgents }, { JsonlAuditLog }, { validateEvidence }, { citableReceipts }] = await Promise.all([
    import('../../adapters/fs-workspace/index.js'),
    import('../../adapters/jsonl-audit-log/index.js'),
    import('../../core/evidence/index.js'),
    import('../../core/receipts/index.js'),
  ]);
  const root = workspaceDir(options);
  const workspace = await FsWorkspace.open(root);
  const audit = new JsonlAuditLog(root);
  // Only receipts that verify (signature and chain) may be cited; extra ids must verify in some session.
  const citable = await citableReceipts(audit, options.session ?? []);
  const extra = (options.receipts?.split(',') ?? []).map((id) => id.trim()).filter((id) => id !== '');
  if (extra.some((id) => !citable.knownReceiptIds.has(id))) {
    const everywhere = await citableReceipts(audit, await audit.sessions());
    for (const id of extra) {
      const files = everywhere.receiptFiles.get(id);
      if (files === undefined) continue;
      citable.knownReceiptIds.add(id);
      citable.receiptFiles.set(id, files);
    }
  }
  let agent: { id: string; evidenceSources: readonly string[] } | undefined;
  if (options.agent !== undefined) {
    const agents = await loadAgents(root);
    const found = agents.find((candidate) => candidate.id === options.agent);
    if (!found) throw new ControlRoomError('usage_error', `No agent "${options.agent}". Agents: ${agents.map((candidate) => candidate.id).join(', ')}.`);
    agent = { id: found.id, evidenceSources: found.evidenceSources };
  }
  const reply = await io.stdin();
  return validateEvidence(reply, { workspace, ...citable, ...(agent ? { agent } : {}) });
}

/**
 * `control-room check evidence [--session S] [--agent id]` — the evidence validator on a reply
 * from stdin (SPEC §7, §13): exit 0 when the evidence holds, 1 when it does not.
 */
export function registerCheckEvidence(check: Command, io: CliIo): Command {
  return check
    .command('evidence')
    .description("check the evidence line of the reply on stdin against the manuscript, the session's receipts and the agent's role")
    .option('--session <id>', 'session whose receipts the reply may cite (repeatable)', (value: string, previous: string[]) => [...previous, value], [] as string[])
    .option('--receipts <ids>', 'more receipt ids the reply may cite, comma-separated')
    .option('--agent <id>', "agent whose role's evidence sources apply")
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CheckEvidenceOptions) => {
      const report = await checkEvidenceFromStdin(options, io);
      emit(io, options, evidenceJson(report), () => describeReport(report));
      if (!report.ok) throw new CliExit(1);
    });
}
