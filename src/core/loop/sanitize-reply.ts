import { stripReasoning } from '../tool-calls/index.js';

/** Plain words for tool ids, so an answer that names a tool still reads naturally. */
const TOOL_WORDS: Record<string, string> = {
  file_locator: 'a search of the files',
  file_reader: 'a reading of the file',
  outline_analyzer: 'a review of the outline',
  canon_checker: 'a check against the canon',
  task_router: 'the routing',
  search_issues: 'a search of the issues',
  prose_analyzer: 'an analysis of the prose',
  consistency_checker: 'a consistency check',
  scene_draft_validator: 'a check of the scene against the outline',
};

const PROTOCOL_LINE = /^\s*(?:TOOL_NONCE:|TOOL_CALL_REQUIRED:|STOP_HOOK:|\[Tool (?:Request|Results?|Call)\]|Tool Call Protocol\b).*$/gim;
const TAG_BLOCK = /<(tool_call|tool_calls|function_call|tool_result)\b[^>]*>[\s\S]*?<\/\1>|<function=[^>]*>[\s\S]*?<\/function>/gi;
const FENCED_JSON = /```[a-z]*\s*\{[\s\S]*?"(?:tool|action|nonce|arguments)"[\s\S]*?\}\s*```/gi;
const TOOL_USE_SENTENCE = /^.*\b(?:I(?:'ll| will| am going to|'m going to)|let me|I (?:used|ran|called))\b[^\n]*\b(?:tool|function call)s?\b.*$/gim;

/** Removes JSON objects that look like protocol (envelopes, decisions) from free text. */
function removeProtocolObjects(text: string): string {
  let output = '';
  let index = 0;
  while (index < text.length) {
    const start = text.indexOf('{', index);
    if (start < 0) break;
    const end = findBalancedEnd(text, start);
    if (end < 0) break;
    const candidate = text.slice(start, end + 1);
    output += text.slice(index, start);
    if (!/"(?:tool|action|nonce|arguments)"\s*:/.test(candidate)) output += candidate;
    index = end + 1;
  }
  return output + text.slice(index);
}

function findBalancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const character = text[i];
    if (inString) {
      if (character === '\\') i += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{') depth += 1;
    else if (character === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/**
 * The user-visible answer: no reasoning, no protocol markers, no envelopes, no tool names and no
 * sentences about using tools (the cli-conversation plan's non-leak policy). Evidence lines stay.
 */
export function sanitizeReply(text: string, toolIds: readonly string[] = Object.keys(TOOL_WORDS)): string {
  let output = stripReasoning(text).text;
  output = output.replace(TAG_BLOCK, '').replace(FENCED_JSON, '');
  output = removeProtocolObjects(output);
  output = output.replace(PROTOCOL_LINE, '').replace(TOOL_USE_SENTENCE, '');
  for (const id of toolIds) {
    const words = TOOL_WORDS[id] ?? 'a check';
    output = output.replace(new RegExp(`(?:\\b(?:the|a|an)\\s+)?\`?\\b${id}\\b\`?(?:\\s+tool)?`, 'gi'), words);
  }
  return output.replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trim();
}
