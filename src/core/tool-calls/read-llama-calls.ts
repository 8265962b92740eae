import { NO_CALL, type FamilyCallScan, type RawFamilyCall } from './family-call.js';
import { findObjectEnd } from './scan-json-objects.js';

const PYTHON_TAG = '<|python_tag|>';
const FUNCTION_TAG = /<function=([A-Za-z_][\w.-]*)>([\s\S]*?)<\/function>/g;
const END_TOKENS = /<\|(?:eom_id|eot_id|end_of_text)\|>/g;

/** Objects one after another, separated by `;` or whitespace (Llama's several calls after one python tag). */
function objectsIn(text: string): string[] | string {
  const found: string[] = [];
  let rest = text.trim();
  while (rest !== '') {
    if (!rest.startsWith('{')) return 'Text after <|python_tag|> must be JSON calls.';
    const end = findObjectEnd(rest, 0);
    if (end < 0) return 'A call after <|python_tag|> never closes.';
    found.push(rest.slice(0, end));
    rest = rest.slice(end).replace(/^\s*;?\s*/, '');
  }
  return found;
}

/** True for the bare JSON call Llama models write without a tag: `{"name":…,"parameters"|"arguments":…}` and no `tool` key. */
function isNameParametersObject(text: string): boolean {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    return value !== null && typeof value === 'object' && !Array.isArray(value) && typeof value['name'] === 'string' && !('tool' in value) && ('parameters' in value || 'arguments' in value);
  } catch {
    return false;
  }
}

/** Llama 3.x calls: `<|python_tag|>{…}` (several separated by `;`), `<function=name>{…}</function>`, or the whole reply as `{"name":…,"parameters":…}`. */
export function readLlamaCalls(text: string): FamilyCallScan {
  const clean = text.replace(END_TOKENS, '');
  const tagAt = clean.indexOf(PYTHON_TAG);
  if (tagAt >= 0) {
    const objects = objectsIn(clean.slice(tagAt + PYTHON_TAG.length));
    if (typeof objects === 'string') return { kind: 'malformed', format: 'python_tag', message: objects };
    return objects.length === 0 ? { kind: 'malformed', format: 'python_tag', message: 'No call follows <|python_tag|>.' } : { kind: 'calls', format: 'python_tag', calls: objects.map((json) => ({ name: null, json })) };
  }
  const tagged: RawFamilyCall[] = [...clean.matchAll(FUNCTION_TAG)].map((match) => ({ name: match[1]!, json: match[2]!.trim() || '{}' }));
  if (tagged.length > 0) return { kind: 'calls', format: 'function_tag', calls: tagged };
  const whole = clean.trim();
  if (whole.startsWith('{') && findObjectEnd(whole, 0) === whole.length && isNameParametersObject(whole)) {
    return { kind: 'calls', format: 'name_parameters_json', calls: [{ name: null, json: whole }] };
  }
  return NO_CALL;
}
