import type { EvidenceIssue } from '../../protocol/index.js';
import { EVIDENCE_GRAMMAR } from './parse-evidence-line.js';

/** What the one corrective retry may add to the issues: the receipts to cite and the role's sources. */
export interface CorrectiveOptions {
  knownReceiptIds?: Iterable<string>;
  evidenceSources?: readonly string[];
}

/**
 * The one corrective retry message (SPEC §7): every issue found, by code, then the evidence
 * grammar and its three detail forms, so the model can rewrite the reply in one go.
 */
export function buildCorrectiveMessage(issues: readonly EvidenceIssue[], options: CorrectiveOptions = {}): string {
  const receipts = [...(options.knownReceiptIds ?? [])];
  const lines = [
    'Your reply was not accepted. These checks failed:',
    ...issues.map((issue) => `- ${issue.code}: ${issue.message}`),
    '',
    'Rewrite the whole reply. Answer directly (no thinking aloud, no tool calls) and end it with exactly one evidence line, on its own line:',
    EVIDENCE_GRAMMAR,
    '- content: quote the words you rely on exactly, in "double quotes", from the cited file (… marks a gap).',
    '- structural: give a line range (L12-L20) or an outline entry ("Act 2 › Scene 5").',
    '- absence: say exactly what you checked and for what, e.g. checked Story/Scenes/SCN-01…SCN-08 for "locket".',
  ];
  if (options.evidenceSources && options.evidenceSources.length > 0) lines.push(`- Cite at least one of your role's sources: ${options.evidenceSources.join(', ')}.`);
  lines.push(receipts.length > 0 ? `- Cite only these receipts: ${receipts.join(', ')}.` : '- No lookup ran for this reply: cite no receipt and do not claim a search.');
  return lines.join('\n');
}
