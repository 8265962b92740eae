/**
 * A seeded random source and the text edits the fuzzers share. A million inputs per run cannot
 * afford fast-check's per-value cost, so the bulk runs use these plain functions; fast-check stays
 * for the smaller property tests, where shrinking to a small example pays off.
 */
import { seededRandom } from '../../../src/core/testing/index.js';

/** A deterministic random source (mulberry32): one seed, one run, on every machine. */
export class SeededRandom {
  /** A float in [0, 1). */
  readonly next: () => number;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  /** An integer in [0, bound). */
  int(bound: number): number {
    return Math.floor(this.next() * bound);
  }

  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/**
 * Single characters that break parsers or fool readers: NUL, zero-width and BOM, bidi controls,
 * lone and reversed surrogates, look-alike braces and quotes, JSON syntax, line separators.
 */
export const HOSTILE_CHARACTERS: readonly string[] = [
  '\u0000', '\u0001', '\u001b', '\u007f', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff',
  '\u202a', '\u202b', '\u202d', '\u202e', '\u2066', '\u2067', '\u2069', '\u061c',
  '\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800',
  '\u00a0', '\u2028', '\u2029', '\u3000', '\uff02', '\uff5b', '\uff5d', '\uff1a', '\u201c', '\u201d', '\u2018', '\u00b4',
  '{', '}', '[', ']', '"', "'", ':', ',', '\\', '/', ' ', '\n', '\r', '\t',
];

/** Fragments of JSON, markdown and tool-call syntax that models and attackers put in replies. */
export const HOSTILE_FRAGMENTS: readonly string[] = [
  'null', 'true', 'false', '0', '-0', '1e999', '-1e999', 'NaN', 'Infinity', '0x10', '1_000', '{}', '[]', '""',
  '"tool"', '"args"', '"nonce"', '"nonce":', '"nonce":null', '"tool":"file_reader"', '"args":{}', ',"x":1', '//', '/*', '*/',
  '\\u0000', '\\ud800', '\\"', '\\\\', '\\x41', '\\u{41}', '```', '```json\n', '\n```', '<tool_call>', '</tool_call>',
  '<think>', '</think>', '[TOOL_REQUEST]', 'TOOL_NONCE: ', 'file_reader(', '__proto__', 'constructor',
];

/** The name of an edit and the text it produced, so a failure says what was done. */
export type TextEdit = (text: string, random: SeededRandom) => string;

const span = (random: SeededRandom): number => (random.chance(0.8) ? 1 + random.int(6) : 1 + random.int(64));
const piece = (random: SeededRandom): string => (random.chance(0.6) ? random.pick(HOSTILE_CHARACTERS) : random.pick(HOSTILE_FRAGMENTS));

/** The shared edits, by name. Each is cheap: slices and concatenations of short strings. */
export const TEXT_EDITS: ReadonlyArray<readonly [string, TextEdit]> = [
  ['delete', (text, random) => {
    const at = random.int(text.length + 1);
    return text.slice(0, at) + text.slice(at + span(random));
  }],
  ['insert', (text, random) => {
    const at = random.int(text.length + 1);
    return text.slice(0, at) + piece(random) + text.slice(at);
  }],
  ['replace', (text, random) => {
    const at = random.int(text.length + 1);
    return text.slice(0, at) + piece(random) + text.slice(at + span(random));
  }],
  ['duplicate', (text, random) => {
    const from = random.int(text.length + 1);
    const at = random.int(text.length + 1);
    return text.slice(0, at) + text.slice(from, from + span(random) * 4) + text.slice(at);
  }],
  ['truncate', (text, random) => text.slice(0, random.int(text.length))],
  ['behead', (text, random) => text.slice(1 + random.int(Math.max(1, text.length - 1)))],
  ['repeat', (text, random) => {
    const at = random.int(text.length + 1);
    return text.slice(0, at) + piece(random).repeat(2 + random.int(200)) + text.slice(at);
  }],
  ['case', (text, random) => {
    const at = random.int(text.length + 1);
    const end = at + span(random) * 4;
    const middle = text.slice(at, end);
    return text.slice(0, at) + (random.chance(0.5) ? middle.toUpperCase() : middle.toLowerCase()) + text.slice(end);
  }],
  ['escape', (text, random) => {
    // A character written as a \uXXXX escape: the same JSON inside a string, broken JSON outside one.
    const at = random.int(text.length);
    const escaped = `\\u${text.charCodeAt(at).toString(16).padStart(4, '0')}`;
    return text.slice(0, at) + escaped + text.slice(at + 1);
  }],
];

/** One to three shared edits of `text`; the label names them in order. */
export function mutateText(text: string, random: SeededRandom): { text: string; label: string } {
  let output = text;
  let label = '';
  const edits = 1 + random.int(3);
  for (let count = 0; count < edits; count += 1) {
    const [name, edit] = random.pick(TEXT_EDITS);
    output = edit(output, random);
    label = label === '' ? name : `${label}+${name}`;
  }
  return { text: output, label };
}
