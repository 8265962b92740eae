import { NO_CALL, type FamilyCallScan, type RawFamilyCall } from './family-call.js';
import { findObjectEnd } from './scan-json-objects.js';

const MARKER = '[TOOL_CALLS]';
const NAMED = /^\s*([A-Za-z_][\w.-]*)\s*(?:\[CALL_ID\]\s*[\w-]+\s*)?\[ARGS\]\s*/;

/** Index just past the `]` closing the array opening at `start` (strings respected), or -1. */
function findArrayEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '[' || character === '{') depth += 1;
    else if (character === ']' || character === '}') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/** One segment after a `[TOOL_CALLS]` marker: an array or object of calls, or `name[ARGS]{…}`. */
function readSegment(segment: string): RawFamilyCall[] | string {
  const trimmed = segment.trim();
  if (trimmed.startsWith('[')) {
    const end = findArrayEnd(trimmed, 0);
    if (end < 0) return 'The [TOOL_CALLS] list never closes.';
    let list: unknown;
    try {
      list = JSON.parse(trimmed.slice(0, end));
    } catch {
      return 'The [TOOL_CALLS] list is not valid JSON.';
    }
    if (!Array.isArray(list)) return 'The [TOOL_CALLS] list is not a list.';
    return list.map((item) => ({ name: null, json: JSON.stringify(item) }));
  }
  if (trimmed.startsWith('{')) {
    const end = findObjectEnd(trimmed, 0);
    return end < 0 ? 'The [TOOL_CALLS] object never closes.' : [{ name: null, json: trimmed.slice(0, end) }];
  }
  const named = NAMED.exec(trimmed);
  if (!named) return 'After [TOOL_CALLS] comes neither JSON nor name[ARGS]{…}.';
  const rest = trimmed.slice(named[0].length);
  const end = rest.startsWith('{') ? findObjectEnd(rest, 0) : -1;
  return end < 0 ? `The arguments of ${named[1]} are not one JSON object.` : [{ name: named[1]!, json: rest.slice(0, end) }];
}

/** Mistral-family calls: `[TOOL_CALLS]` followed by a JSON list of calls, one object, or `name[ARGS]{…}` (once per call). */
export function readMistralCalls(text: string): FamilyCallScan {
  if (!text.includes(MARKER)) return NO_CALL;
  const calls: RawFamilyCall[] = [];
  for (const segment of text.split(MARKER).slice(1)) {
    const read = readSegment(segment);
    if (typeof read === 'string') return { kind: 'malformed', format: 'tool_calls_marker', message: read };
    calls.push(...read);
  }
  return { kind: 'calls', format: 'tool_calls_marker', calls };
}
