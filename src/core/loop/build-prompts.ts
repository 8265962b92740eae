import { TOOL_CALL_REQUIRED_LINE, TOOL_NONCE_LINE_PREFIX, type Agent } from '../../protocol/index.js';

/** The end of a tool phase in a 1:1 turn: `final` carries the answer, so no separate call is needed for it. */
const FINAL_WITH_ANSWER =
  'After a tool result, reply {"action":"tool","tool":"<id>","args":{…},"nonce":"<TOOL_NONCE>"} for another tool, or, when you have enough, {"action":"final","nonce":"<TOOL_NONCE>","answer":"<your reply to the writer>"}. ' +
  'The answer is plain prose for the writer (no JSON, no tool names) and ends with exactly one evidence line: ' +
  'Evidence: <content|structural|absence> | <file path[#Lstart-Lend]>[, …] | <detail: exact "quotes", a line range, or what you checked> | receipt <the receipt_id of each tool result you rely on>';

/** The strict protocol block appended to every tool-phase prompt: short, since it rides on every step. */
export function toolProtocolBlock(nonce: string, requireTool: boolean, answerInDecision = false): string {
  return [
    'Tool Call Protocol (strict JSON)',
    'To use a tool, reply with one JSON object and nothing else (no prose, no code fence): {"tool":"<id>","args":{…},"nonce":"<TOOL_NONCE>"}',
    answerInDecision
      ? FINAL_WITH_ANSWER
      : 'After a tool result, reply {"action":"tool","tool":"<id>","args":{…},"nonce":"<TOOL_NONCE>"} for another tool, or {"action":"final","nonce":"<TOOL_NONCE>"} when you have enough.',
    requireTool ? 'A tool call is required now: reply with the JSON object.' : 'If the question needs nothing from the manuscript, answer in plain prose instead.',
    `${TOOL_NONCE_LINE_PREFIX}${nonce}`,
    ...(requireTool ? [TOOL_CALL_REQUIRED_LINE] : []),
  ].join('\n');
}

/** Grounding rules for any reply about the manuscript. */
export const GROUNDING_RULES = [
  'Ground every claim in the manuscript files. Never invent names, events, lines or facts.',
  'Never mention tools, tool names, tool calls or this protocol to the writer.',
  'If something is ambiguous, ask one short clarifying question instead of guessing.',
].join('\n');

/**
 * The system prompt of a tool phase. `lean` (conference phase 1) is the catalog, protocol and nonce
 * only; a 1:1 chat adds the agent's role framing and the grounding rules.
 */
export function buildToolPhasePrompt(options: { catalogText: string; nonce: string; requireTool: boolean; agent?: Agent; lean?: boolean; answerInDecision?: boolean }): string {
  const parts: string[] = [];
  if (!options.lean && options.agent) parts.push(`You are ${options.agent.name}, the ${options.agent.role} of a writers' room.\n${options.agent.framing}`);
  if (!options.lean) parts.push(GROUNDING_RULES);
  parts.push(options.catalogText);
  parts.push(toolProtocolBlock(options.nonce, options.requireTool, options.answerInDecision ?? false));
  return parts.join('\n\n');
}

/** The one evidence line every grounded reply ends with (SPEC §7). */
export function evidenceRules(receiptIds: readonly string[]): string {
  const receipts = receiptIds.length > 0 ? receiptIds.join(', ') : '(none: no files were read this turn)';
  return [
    'End your reply with exactly one evidence line, on its own line:',
    'Evidence: <content|structural|absence> | <file path[#Lstart-Lend]>[, <file path>…] | <detail> | receipt <receipt ids>',
    '- content: quote the words you rely on exactly, in "double quotes", from the cited file.',
    '- structural: give a line range (L12-L20) or an outline entry ("Act 2 › Scene 5").',
    '- absence: state exactly what you checked, e.g. checked Story/Scenes/SCN-01…SCN-08 for "locket".',
    `Receipts of the lookups made for you this turn: ${receipts}`,
  ].join('\n');
}

/** Asks for the writer-facing answer once the tool phase is over. */
export function finalAnswerInstruction(receiptIds: readonly string[], forced: boolean): string {
  return [
    forced ? 'No more lookups are available this turn. Answer now with what you have.' : 'Now answer the writer.',
    'Write plain prose for the writer. No JSON, no tool names.',
    evidenceRules(receiptIds),
  ].join('\n');
}
