import { CHECK_EVIDENCE_TOOL_ID, CheckEvidenceArgsSchema, ControlRoomError, type CheckEvidenceArgs } from '../../protocol/index.js';
import { validateEvidence } from '../evidence/index.js';
import type { AuditLog } from '../ports/index.js';
import { citableReceipts } from '../receipts/index.js';
import type { ToolDefinition } from '../tools/index.js';

/** Where `check_evidence` looks for the receipts a reply may cite: one session's log. */
export interface CheckEvidenceToolOptions {
  auditLog: AuditLog;
  sessionId: string;
}

/**
 * `check_evidence`: the harness's own evidence validator for agents outside it. The reply's
 * evidence line is checked against the manuscript and against the receipts of this session that
 * verify, so an outside agent can ground its answer the way our agents must. It reads only to
 * locate quotes and records no file refs, so its own receipt never grounds a quote.
 */
export function checkEvidenceTool(options: CheckEvidenceToolOptions): ToolDefinition<CheckEvidenceArgs> {
  return {
    id: CHECK_EVIDENCE_TOOL_ID,
    description:
      'Check a reply\'s evidence line the way Control Room checks its own agents: every quote must be in the cited file, ' +
      'structural and absence claims must hold, and cited receipts must be receipts of this session that verify and that read the file. ' +
      'Returns the report: ok, the located quotes and every issue with its code.',
    schema: CheckEvidenceArgsSchema,
    example: { reply: 'Hester has grey eyes.\nEvidence: content | Compendium/Characters/CHAR-hester-vane.md | "eyes: grey" | receipt rcpt_0190a1b2c3d4e5f6a7b8' },
    async run(args, context) {
      let agent: { id: string; evidenceSources: readonly string[] } | undefined;
      if (args.agent_id !== undefined) {
        const found = context.agents.find((candidate) => candidate.id === args.agent_id);
        if (!found) {
          throw new ControlRoomError('agent_not_found', `No agent "${args.agent_id}". Agents: ${context.agents.map((candidate) => candidate.id).join(', ')}.`);
        }
        agent = { id: found.id, evidenceSources: found.evidenceSources };
      }
      const citable = await citableReceipts(options.auditLog, [options.sessionId]);
      const report = await validateEvidence(args.reply, { workspace: context.workspace, ...citable, ...(agent ? { agent } : {}) });
      return { result: { ...report }, fileRefs: [] };
    },
  };
}
