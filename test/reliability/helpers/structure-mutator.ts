/**
 * Structural edits of a tool-call envelope, made on the object before it is written as JSON:
 * look-alike and extra keys, dropped keys, swapped value types, wrong nonces, odd tool names,
 * hostile characters in values, and (rarely, as they are slow to parse) huge and deeply nested values.
 */
import { deepJson } from './hostile-values.js';
import { guessedNonce, nearMissNonce, wrongTypeNonce } from './nonce-mutator.js';
import { HOSTILE_CHARACTERS, SeededRandom } from './text-mutator.js';

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const camelCase = (key: string): string => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
const snakeCase = (key: string): string => key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

const TOP_KEY_LOOKALIKES: Readonly<Record<string, readonly string[]>> = {
  tool: ['name', 'tool_name', 'function', 'Tool', 'TOOL', ' tool', 'tool ', 'to\u200bol', 'tool\u0000', 't\u043e\u043el'],
  args: ['arguments', 'parameters', 'params', 'input', 'Args', 'args\u200b', 'arg', ''],
  nonce: ['tool_nonce', 'Nonce', 'NONCE', 'nonce ', 'n\u200bonce', 'nonce\u0000', 'nonc', 'nonce_', 'TOOL_NONCE'],
};
const EXTRA_KEYS = ['id', 'type', 'reasoning', 'constructor', 'toString', 'hasOwnProperty', '', 'nonce2', 'tool_calls', 'calls', 'args '];
const TOOL_NAMES = [
  'file-reader', 'FileReader', 'FILE_READER', 'file reader', ' file_reader ', 'read_file', 'file_viewer', 'find_files', 'prose_analyser',
  'file_readr', 'file__reader', 'filereader', 'file_reader\u0000', 'file_reader\u200b', '\ufb01le_reader', 'ｆｉｌｅ_ｒｅａｄｅｒ', 'search', 'read',
  'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'x'.repeat(129), 'file_reader'.repeat(12), 'canon_checker; rm -rf /',
];
const SWAP_VALUES: readonly unknown[] = [
  null, 0, -1, 1.5, 2 ** 53, 1e308, true, false, '', ' ', 'x', '../../etc/passwd', '/etc/passwd', 'Story/Scenes/SCN-01-the-lamp-room.md',
  [], [null], ['Canon.md'], [1, 2], {}, { a: 1 }, { path: 'Canon.md' }, 'x'.repeat(5000), 'FAST_SCAN', 'open',
];
const DEEP_MARK = '\u0001deep\u0001';

/** A swap value of its own: edits that follow may change it, and the list is shared by every input. */
function swapValue(random: SeededRandom): unknown {
  const value = random.pick(SWAP_VALUES);
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

/** Any key of `object`, or undefined when it has none. */
function anyKey(object: Record<string, unknown>, random: SeededRandom): string | undefined {
  const keys = Object.keys(object);
  return keys.length === 0 ? undefined : random.pick(keys);
}

function rename(object: Record<string, unknown>, from: string, to: string): void {
  const value = object[from];
  delete object[from];
  Object.defineProperty(object, to, { value, enumerable: true, writable: true, configurable: true });
}

function argsOf(envelope: Record<string, unknown>): Record<string, unknown> {
  if (!isObject(envelope.args)) envelope.args = {};
  return envelope.args as Record<string, unknown>;
}

type StructuralEdit = (envelope: Record<string, unknown>, random: SeededRandom, nonce: string) => void;

/** Changes to the envelope as an object, by name; each works on a copy whose `args` is its own. */
const STRUCTURAL_EDITS: ReadonlyArray<readonly [string, StructuralEdit]> = [
  ['nonce:near-miss', (envelope, random, nonce) => { envelope.nonce = nearMissNonce(random, nonce); }],
  ['nonce:guess', (envelope, random, nonce) => { envelope.nonce = guessedNonce(random, nonce); }],
  ['nonce:type', (envelope, random, nonce) => { envelope.nonce = wrongTypeNonce(random, nonce); }],
  ['nonce:missing', (envelope) => { delete envelope.nonce; }],
  ['nonce:in-args', (envelope) => { argsOf(envelope).nonce = envelope.nonce; delete envelope.nonce; }],
  ['key:lookalike', (envelope, random) => {
    const key = random.pick(['tool', 'args', 'nonce']);
    if (Object.hasOwn(envelope, key)) rename(envelope, key, random.pick(TOP_KEY_LOOKALIKES[key]!));
  }],
  ['key:extra', (envelope, random) => {
    const key = random.pick(EXTRA_KEYS);
    const call = { tool: envelope.tool, args: envelope.args, nonce: envelope.nonce };
    const value = key === 'tool_calls' || key === 'calls' ? (random.chance(0.5) ? [call] : [call, call]) : swapValue(random);
    Object.defineProperty(envelope, key, { value, enumerable: true, writable: true, configurable: true });
  }],
  ['key:drop', (envelope, random) => { delete envelope[random.pick(['tool', 'args'])]; }],
  ['arg:rename', (envelope, random) => {
    const args = argsOf(envelope);
    const key = anyKey(args, random);
    if (key === undefined) return;
    const respelled = [camelCase(key), snakeCase(key), key.toUpperCase(), key.replace(/_/g, '-'), ` ${key}`, `${key}\u200b`, `${key}_`, `${key[0]!.toUpperCase()}${key.slice(1)}`];
    rename(args, key, random.pick(respelled));
  }],
  ['arg:extra', (envelope, random) => { argsOf(envelope)[random.pick(['foo', 'nonce', 'tool', 'path2', 'constructor', 'toString', 'valueOf'])] = swapValue(random); }],
  ['arg:drop', (envelope, random) => {
    const args = argsOf(envelope);
    const key = anyKey(args, random);
    if (key !== undefined) delete args[key];
  }],
  ['type:swap', (envelope, random) => {
    const args = argsOf(envelope);
    const key = random.chance(0.7) ? anyKey(args, random) : undefined;
    if (key === undefined) envelope[random.pick(['tool', 'args'])] = swapValue(random);
    else args[key] = swapValue(random);
  }],
  ['tool:name', (envelope, random) => { envelope.tool = random.pick(TOOL_NAMES); }],
  ['tool:other', (envelope, random) => { envelope.tool = random.pick(['file_locator', 'file_reader', 'task_router', 'search_issues', 'canon_checker']); }],
  ['value:hostile', (envelope, random) => {
    const args = argsOf(envelope);
    const key = anyKey(args, random) ?? 'path';
    args[key] = `${typeof args[key] === 'string' ? args[key] : 'Story/x.md'}${random.pick(HOSTILE_CHARACTERS)}`;
  }],
];

/** Long strings around the argument limits and the 64 Ki-character reply limit, made once. */
const HUGE_STRINGS = [4001, 30_000, 65_400, 70_000].map((length) => 'x'.repeat(length)).concat('\u00e9\u200b'.repeat(16_500));
/** Nested arrays and objects up to 30,000 deep, made once; the deepest are the slowest inputs of all. */
const DEEP_VALUES = [16, 64, 500, 2000, 5000, 30_000].flatMap((depth) => [deepJson(depth, 'array'), deepJson(Math.min(depth, 10_000), 'object')]);

/** Edits whose inputs cost the parser a thousand times more than the others: run at 1/150 of the rate. */
const COSTLY_EDITS: ReadonlyArray<readonly [string, StructuralEdit]> = [
  ['value:huge', (envelope, random) => { argsOf(envelope)[anyKey(argsOf(envelope), random) ?? 'path'] = random.pick(HUGE_STRINGS); }],
  ['value:deep', (envelope, random) => { argsOf(envelope)[anyKey(argsOf(envelope), random) ?? 'path'] = DEEP_MARK; }],
];

/** One structural edit of `envelope`, in place (its `args` must be its own copy); returns the edit's name. */
export function editStructure(envelope: Record<string, unknown>, random: SeededRandom, nonce: string): string {
  const [name, edit] = random.chance(1 / 150) ? random.pick(COSTLY_EDITS) : random.pick(STRUCTURAL_EDITS);
  edit(envelope, random, nonce);
  return name;
}

/** The rendered text with the `value:deep` placeholder replaced by deeply nested JSON, if it holds one. */
export function withDeepValue(text: string, random: SeededRandom): string {
  const mark = JSON.stringify(DEEP_MARK);
  return text.includes(mark) ? text.replace(mark, random.pick(DEEP_VALUES)) : text;
}
