import { parseFrontMatter } from '../manuscript/front-matter.js';

/** A chapter label numbered within its part (`1.4`, `2.10`), and the title after it. */
export interface DecimalLabel {
  /** The label as written: `1.4`. */
  label: string;
  /** Its numbers, outermost first: `1.4` → `[1, 4]`. */
  numbers: number[];
  /** The words after the label, or the whole text when there are none (`# 1.4` alone). */
  title: string;
}

// `1.4 — The Ledger`, `1.4 The Ledger`, `2.10: Weather`, `3.1. The Green Float`, `Chapter 1.4 – Ice`.
const DECIMAL_LEAD = /^(?:(?:chapter|chap|ch|scene|sc)\.?\s+)?(\d{1,3}(?:\.\d{1,3})+)(?!\.?\d)\.?(?:\s*[:—–-]\s*|\s+|$)(.*)$/i;

/**
 * A chapter name or heading that opens with a label numbered within its part — `1.4 — The
 * Ledger`, `2.1 Weather`, `Chapter 3.2: The Trust` — split into the label and the words after
 * it; null for any other text, and for a number with a decimal point in prose (`1.5 miles out`
 * has words in lower case after it).
 */
export function decimalLabel(text: string): DecimalLabel | null {
  const trimmed = text.trim().replace(/^#+\s*/, '').replace(/\s*#*\s*$/, '');
  const match = DECIMAL_LEAD.exec(trimmed);
  if (!match) return null;
  const title = match[2]!.replace(/^(?:\*\*|__|\*|_)(.*?)(?:\*\*|__|\*|_)$/, '$1').trim();
  if (title !== '' && !/^[\p{Lu}\d"“'‘(]/u.test(title)) return null;
  return { label: match[1]!, numbers: match[1]!.split('.').map(Number), title: title === '' ? trimmed : title };
}

/** Orders two labels numbered within parts: `1.4` before `1.10` before `2.1`. */
export function compareLabels(left: DecimalLabel, right: DecimalLabel): number {
  for (let index = 0; index < Math.max(left.numbers.length, right.numbers.length); index += 1) {
    const difference = (left.numbers[index] ?? -1) - (right.numbers[index] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

// A heading that carries a number of its own: `Chapter 4: …`, `4. …`, `Part Two`.
const NUMBERED_HEADING = /^(?:(?:chapter|chap|ch|scene|sc|part|book)\b|\d)/i;

/**
 * A chapter's text with the label its name gives (`1.4 The Ledger`) in its heading, where the
 * chapter check reads it: `# The Ledger` → `# 1.4 — The Ledger`, and a text without a heading
 * gets one (in place of a first line that is the title alone). A text whose heading has a number
 * or a label of its own, or whose name has no label, is returned as it is.
 */
export function labelledHeading(name: string, text: string): string {
  const label = decimalLabel(name);
  if (label === null) return text;
  const lines = text.split('\n');
  const bodyStart = parseFrontMatter('note', lines).bodyStart - 1;
  const first = lines.findIndex((line, index) => index >= bodyStart && line.trim() !== '');
  if (first < 0) return text;
  const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(lines[first]!);
  if (heading && NUMBERED_HEADING.test(heading[2]!)) return text;
  const words = heading?.[2] ?? (label.title === name.trim() ? null : label.title);
  const titleAlone = heading === null && words !== null && lines[first]!.trim().toLowerCase() === words.toLowerCase();
  const replaced = heading !== null || titleAlone;
  const headingLine = `${heading?.[1] ?? '#'} ${label.label}${words === null ? '' : ` — ${words}`}`;
  const after = replaced ? lines.slice(first + 1) : ['', ...lines.slice(first)];
  return [...lines.slice(0, first), headingLine, ...after].join('\n');
}
