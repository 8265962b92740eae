import { NO_CALL, type FamilyCallScan, type RawFamilyCall } from './family-call.js';
import { findObjectEnd } from './scan-json-objects.js';

// DeepSeek's markers use a full-width bar (U+FF5C) and a lower block (U+2581); some servers print ASCII.
const normalise = (text: string): string => text.replace(/\uFF5C/g, '|').replace(/\u2581/g, '_');
const CALL = /<\|tool_call_begin\|>([\s\S]*?)(?:<\|tool_call_end\|>|$)/g;
const SEP = '<|tool_sep|>';
const FENCED = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```/;

function readCall(body: string): RawFamilyCall | string {
  const at = body.indexOf(SEP);
  if (at < 0) return 'A DeepSeek tool call without its separator.';
  const head = body.slice(0, at).trim();
  let tail = body.slice(at + SEP.length).trim();
  let name = head;
  // V3 and R1: `function<sep>name` then a fenced JSON block; V3.1: `name<sep>{…}`.
  if (head === 'function' || head === '') {
    const line = /^([A-Za-z_][\w.-]*)\s*/.exec(tail);
    if (!line) return 'A DeepSeek tool call without a tool name.';
    name = line[1]!;
    tail = tail.slice(line[0].length).trim();
  }
  const fenced = FENCED.exec(tail);
  const json = (fenced ? fenced[1]! : tail).trim();
  if (!json.startsWith('{') || findObjectEnd(json, 0) !== json.length) return `The arguments of ${name} are not one JSON object.`;
  return { name, json };
}

/** DeepSeek V3/R1/V3.1 calls between `<｜tool▁calls▁begin｜>` and `<｜tool▁calls▁end｜>`. */
export function readDeepSeekCalls(text: string): FamilyCallScan {
  const plain = normalise(text);
  if (!plain.includes('<|tool_calls_begin|>') && !plain.includes('<|tool_call_begin|>')) return NO_CALL;
  const calls: RawFamilyCall[] = [];
  for (const match of plain.matchAll(CALL)) {
    const call = readCall(match[1]!);
    if (typeof call === 'string') return { kind: 'malformed', format: 'deepseek_markers', message: call };
    calls.push(call);
  }
  return calls.length === 0 ? { kind: 'malformed', format: 'deepseek_markers', message: 'The DeepSeek tool-call block holds no call.' } : { kind: 'calls', format: 'deepseek_markers', calls };
}
