import { NO_CALL, type FamilyCallScan, type RawFamilyCall } from './family-call.js';

const TAGGED = /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/gi;
const ARG_PAIR = /<arg_key>([\s\S]*?)<\/arg_key>\s*<arg_value>([\s\S]*?)<\/arg_value>/gi;
const NAME_LINE = /^\s*([A-Za-z_][\w.-]*)\s*(?:\n|(?=[{<])|$)/;

/** A GLM argument value: JSON when it reads as a JSON value other than a bare string, else the text itself. */
function argValue(text: string): unknown {
  const trimmed = text.trim();
  if (/^(?:-?\d|true$|false$|null$|[[{"])/.test(trimmed)) {
    try {
      return JSON.parse(trimmed);
    } catch {
      // Not JSON after all: a string that happens to start like a number.
    }
  }
  return text;
}

/** One `<tool_call>` body: JSON (Qwen, Hermes), a name then JSON (GLM-4), or a name then argument tags (GLM-4.5). */
function readBody(body: string, glm: boolean): RawFamilyCall | string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) return { name: null, json: trimmed };
  const named = NAME_LINE.exec(trimmed);
  if (!named) return 'The <tool_call> block holds neither JSON nor a tool name.';
  const rest = trimmed.slice(named[0].length).trim();
  if (rest.startsWith('{')) return { name: named[1]!, json: rest };
  if (!glm) return 'The <tool_call> block must hold one JSON object.';
  const args: Record<string, unknown> = {};
  let consumed = '';
  for (const pair of rest.matchAll(ARG_PAIR)) {
    const key = pair[1]!.trim();
    if (Object.hasOwn(args, key)) return `The argument ${JSON.stringify(key)} is given twice; the call is ambiguous.`;
    args[key] = argValue(pair[2]!);
    consumed += pair[0];
  }
  if (rest.replace(ARG_PAIR, '').trim() !== '') return 'The <tool_call> block has text outside its <arg_key>/<arg_value> pairs.';
  return { name: named[1]!, json: consumed === '' ? '{}' : JSON.stringify(args) };
}

/**
 * `<tool_call>…</tool_call>` blocks, as Qwen, Hermes-style and GLM models write them (a block cut
 * off at the end of the reply counts: servers often stop at `</tool_call>`). Text around the blocks
 * is the model's preamble and is dropped; what is inside must be a call, and carries the nonce.
 */
export function readTaggedCalls(text: string, options: { glm: boolean }): FamilyCallScan {
  const format = options.glm ? 'glm_arg_tags' : 'tool_call_tags';
  const calls: RawFamilyCall[] = [];
  for (const match of text.matchAll(TAGGED)) {
    if (match[1]!.trim() === '' && match.index + match[0].length >= text.length) continue;
    const call = readBody(match[1]!, options.glm);
    if (typeof call === 'string') return { kind: 'malformed', format, message: call };
    calls.push(call);
  }
  return calls.length === 0 ? NO_CALL : { kind: 'calls', format, calls };
}
