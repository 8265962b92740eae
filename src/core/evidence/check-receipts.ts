import { RECEIPT_ID_IN_TEXT, type EvidenceIssue, type TextSpan } from '../../protocol/index.js';
import type { ParsedReceipt } from './parse-evidence-line.js';
import { blankQuoted } from './quoted-text.js';

/**
 * Phrases that claim a lookup ran: "I searched", "I checked the files", "according to the
 * lookup", "the tool found". Quoted text is blanked first, so a character saying "I checked the
 * lamp" in a quoted line is not the agent claiming a tool run.
 */
const TOOL_CLAIMS: readonly RegExp[] = [
  /\b(?:I|we)(?:'ve| have)?\s+(?:just\s+)?(?:searched|checked|scanned|queried|grepped|looked\s+(?:up|through|into|at)\s+(?:the\s+)?(?:files?|manuscript|scenes?|outline|canon|compendium|records?)|ran\s+(?:a|the)\s+(?:search|lookup|check|tool))\b/i,
  /\baccording\s+to\s+(?:the|my)\s+(?:lookup|search|tool|results?|check|scan)\b/i,
  /\b(?:the|my)\s+tools?\b(?!\s+(?:shed|box|kit|bag))/i,
  /\b(?:the|my)\s+(?:lookup|search)\s+(?:shows?|showed|found|returned|results?|confirms?|confirmed)\b/i,
  /\btool\s+(?:output|results?|call)\b/i,
];

/** The first tool-use claim in `text` (outside quotes), as a span. */
export function findToolClaim(text: string): TextSpan | null {
  const prose = blankQuoted(text);
  let first: TextSpan | null = null;
  for (const pattern of TOOL_CLAIMS) {
    const match = pattern.exec(prose);
    if (match && (first === null || match.index < first.start)) first = { start: match.index, end: match.index + match[0].length };
  }
  return first;
}

/**
 * Every receipt the reply cites, in its evidence line (`cited`) or anywhere in its prose, once
 * each, with the span of its first mention. A receipt named only in the prose ("I searched
 * (rcpt_…)") is cited all the same.
 */
export function mentionedReceipts(text: string, cited: readonly ParsedReceipt[]): ParsedReceipt[] {
  const mentions = new Map<string, TextSpan>();
  for (const receipt of cited) if (!mentions.has(receipt.id)) mentions.set(receipt.id, receipt.span);
  for (const match of text.matchAll(RECEIPT_ID_IN_TEXT)) {
    if (!mentions.has(match[0])) mentions.set(match[0], { start: match.index, end: match.index + match[0].length });
  }
  return [...mentions].map(([id, span]) => ({ id, span }));
}

/**
 * Checks receipts (SPEC §6–7): every receipt id the reply cites, in the evidence line or in its
 * prose, must be one of `known`; and a reply that claims a lookup must cite at least one. With no
 * known receipts at all, no lookup ran for this reply, so any claim of one is unfounded. Returns
 * the receipts mentioned (see `mentionedReceipts`), for the checks that follow.
 */
export function checkReceipts(text: string, cited: readonly ParsedReceipt[], known: ReadonlySet<string>, issues: EvidenceIssue[]): ParsedReceipt[] {
  const mentions = mentionedReceipts(text, cited);
  const listed = known.size === 0 ? 'no lookup ran for this reply, so there is no receipt to cite' : `the receipts of this session are: ${[...known].slice(0, 12).join(', ')}`;
  for (const { id, span } of mentions) {
    if (!known.has(id)) issues.push({ code: 'receipt_unknown', message: `Receipt ${id} does not exist in this session; ${listed}.`, span });
  }
  // A cited id, known or not, answers the claim; an unknown one is reported above.
  if (mentions.length > 0) return mentions;
  const claim = findToolClaim(text);
  if (claim === null) return mentions;
  const said = text.slice(claim.start, claim.end);
  issues.push({
    code: 'receipt_unknown',
    message: known.size === 0
      ? `The reply says "${said}", but no lookup ran for this reply; say only what the provided text shows, without claiming a search.`
      : `The reply says "${said}" but cites no receipt; add "| receipt <id>" to the evidence line with the receipt of that lookup (${[...known].slice(0, 12).join(', ')}).`,
    span: claim,
  });
  return mentions;
}
