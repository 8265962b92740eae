/**
 * A loopback model that works a big manuscript the way a writer's questions would make it: every
 * reply is a function of the request, like the marker model. A message naming SEARCH_TURN gets
 * tool calls that search the whole manuscript (two DEEP_SCAN `file_locator` runs, a glob listing
 * every scene, a `consistency_checker` over ten scenes) and a grounded answer. A message naming
 * QUOTE_TURN gets an answer whose quote is first cited from the wrong file — so the evidence check
 * must search the whole manuscript (building its quote index) to say where the words really are —
 * and, after the corrective retry, cited from the file that check named.
 */
import type { LoopbackReply, LoopbackRequestBody, LoopbackStep } from '../../../src/adapters/loopback-model-server/index.js';
import { findToolNonce } from '../../../src/adapters/scripted-model/index.js';

export const SEARCH_TURN = 'SEARCH-THE-WHOLE-MANUSCRIPT';
export const QUOTE_TURN = 'VERIFY-A-QUOTE-FROM-THE-MANUSCRIPT';

/** What the model knows about the manuscript, filled in by the test once it has read the files. */
export interface ManuscriptPlan {
  /** Scene paths, for the consistency check. */
  scenes: string[];
  /** Words that stand on one line of `source` and in no other file of the manuscript. */
  quote: string;
  source: string;
  wrongSource: string;
}

const textOf = (content: unknown): string => (typeof content === 'string' ? content : '');

function searchCall(step: number, plan: ManuscriptPlan): Record<string, unknown> | null {
  const calls: Array<Record<string, unknown>> = [
    { tool: 'file_locator', args: { search_criteria: 'whale', scan_mode: 'DEEP_SCAN', max_results: 3 } },
    { tool: 'file_locator', args: { search_criteria: 'Elizabeth Darcy', scan_mode: 'DEEP_SCAN', max_results: 3 } },
    { tool: 'file_locator', args: { search_criteria: 'Story/Scenes/*.md', include_globs: true, max_results: 3 } },
    { tool: 'consistency_checker', args: { file_paths: plan.scenes.slice(0, 10), focus: 'characters' } },
  ];
  return calls[step] ?? null;
}

function quoteCall(step: number, plan: ManuscriptPlan): Record<string, unknown> | null {
  return step === 0 ? { tool: 'file_reader', args: { path: plan.wrongSource } } : null;
}

/** The path the evidence check's hint names ("It is in <path> (line N)"), if any. */
export function hintedPath(text: string): string | null {
  return /It is in (\S+) \(lines? \d/.exec(text)?.[1] ?? null;
}

/** The reply to one request, given the plan. */
export function manuscriptReply(body: LoopbackRequestBody, plan: ManuscriptPlan): LoopbackReply {
  const messages = body.messages ?? [];
  const all = messages.map((message) => textOf(message.content)).join('\n');
  const searching = all.includes(SEARCH_TURN);
  if (textOf(messages[0]?.content).includes('TOOL_NONCE:')) {
    const nonce = findToolNonce(messages.slice(0, 1));
    const step = messages.filter((message) => message.role === 'tool').length;
    const call = searching ? searchCall(step, plan) : quoteCall(step, plan);
    // The first call is a bare envelope; after a tool result every step is a decision.
    if (!call) return { content: JSON.stringify({ action: 'final', nonce }) };
    return { content: JSON.stringify(step === 0 ? { ...call, nonce } : { action: 'tool', ...call, nonce }) };
  }
  // No receipt is cited: the reads this model makes (a whole-manuscript search, or the wrong file
  // first) never cover the quoted line, and a receipt cited for lines it did not read is refused.
  const last = textOf(messages.at(-1)?.content);
  const source = searching ? plan.source : last.includes('failed these checks') ? (hintedPath(last) ?? plan.wrongSource) : plan.wrongSource;
  return { content: `The manuscript has these words.\nEvidence: content | ${source} | "${plan.quote}"` };
}

/** `count` steps of the manuscript model; `plan` is read at each request, so it may be filled in later. */
export function manuscriptScript(count: number, plan: () => ManuscriptPlan): LoopbackStep[] {
  return Array.from({ length: count }, () => (body: LoopbackRequestBody) => manuscriptReply(body, plan()));
}
