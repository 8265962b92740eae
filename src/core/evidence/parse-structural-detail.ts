import type { TextSpan } from '../../protocol/index.js';
import { findQuoted } from './quoted-text.js';

/** A line range named in a detail: `L12-L20`, `L12`, `lines 12–20`, `line 12`. */
export interface LineRangeRef {
  start: number;
  end: number;
  span: TextSpan;
}

/** What an outline step names: an act (or part/book), a scene (or chapter), or a beat. */
export type OutlineLevel = 'act' | 'scene' | 'beat';

/** One outline entry such as `Act 2 › Scene 5` or `Act 2 > Beat 3`, from the outermost step in. */
export interface OutlineRef {
  /** `title`: a title written right after the step ("Act 1 — Keys", "Scene 3: The Drowned Bell"). */
  steps: Array<{ level: OutlineLevel; number: number; label: string; title?: string }>;
  span: TextSpan;
}

/** The references a structural detail makes. */
export interface StructuralDetail {
  lineRanges: LineRangeRef[];
  outline: OutlineRef[];
  /** Quoted section or scene titles, e.g. “The Surgery”. */
  titles: Array<{ text: string; span: TextSpan }>;
}

const LINE_RANGE = /\bL(\d{1,7})(?:\s*[-–—]\s*L?(\d{1,7}))?\b|\blines?\s+(\d{1,7})(?:\s*(?:[-–—]|to|through)\s*(\d{1,7}))?\b/gi;
const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const STEP = /\b(act|part|book|scene|chapter|beat)\s+(\d{1,4}|[ivxlc]{1,7}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|\b(SCN)-0*(\d{1,4})(?!\d)/gi;
/** What may stand between two steps of one entry: `›`, `>`, `»`, `/`, `,`, `:`, `→`, a dash, or nothing. */
const STEP_JOINER = /^\s*(?:[›>»/,:→-]|—|–|->)?\s*$/;
/** A title after a step: a colon or dash, then words starting with a capital, up to the next step joiner. */
const INLINE_TITLE = /^\s*[:—–-]\s*(\p{Lu}[^›>»→|()[\];,"“”]*)/u;
const LEVELS: Record<string, OutlineLevel> = { act: 'act', part: 'act', book: 'act', scene: 'scene', chapter: 'scene', beat: 'beat' };

/** Parses a roman numeral (I–CCC); NaN for anything else. */
function romanValue(token: string): number {
  const values: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  let total = 0;
  for (let index = 0; index < token.length; index += 1) {
    const value = values[token[index] ?? ''] ?? NaN;
    const next = values[token[index + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

function stepNumber(token: string): number {
  if (/^\d+$/.test(token)) return Number(token);
  const word = NUMBER_WORDS.indexOf(token.toLowerCase());
  return word >= 0 ? word + 1 : romanValue(token.toLowerCase());
}

/** Finds line ranges, outline entries and quoted titles in a structural detail; `offset` places spans in the reply. */
export function parseStructuralDetail(detail: string, offset: number): StructuralDetail {
  const lineRanges: LineRangeRef[] = [];
  for (const match of detail.matchAll(LINE_RANGE)) {
    const start = Number(match[1] ?? match[3]);
    const end = Number(match[2] ?? match[4] ?? start);
    lineRanges.push({ start, end, span: { start: offset + match.index, end: offset + match.index + match[0].length } });
  }
  const outline: OutlineRef[] = [];
  let previousEnd = -1;
  for (const match of detail.matchAll(STEP)) {
    // A scene id (`SCN-03`) is that scene of the outline.
    const word = (match[1] ?? match[3] ?? '').toLowerCase();
    const step: OutlineRef['steps'][number] = { level: LEVELS[word] ?? 'scene', number: stepNumber(match[2] ?? match[4] ?? ''), label: match[0] };
    if (!Number.isFinite(step.number) || step.number < 1) continue;
    const last = outline[outline.length - 1];
    const end = offset + match.index + match[0].length;
    const after = INLINE_TITLE.exec(detail.slice(match.index + match[0].length));
    // A title runs to the next step, never into it ("Act 1 — Keys Scene 2" is two steps).
    const title = after?.[1]?.split(/\b(?:act|part|book|scene|chapter|beat)\s+(?:\d|[ivxlc]+\b)|\bSCN-\d/i)[0]?.trim();
    if (title) step.title = title;
    const joiner = detail.slice(previousEnd - offset, match.index);
    const previousTitle = last?.steps[last.steps.length - 1]?.title;
    const bareJoiner = previousTitle !== undefined ? joiner.replace(/^\s*[:—–-]\s*/, '').replace(previousTitle, '') : joiner;
    if (last && previousEnd >= 0 && STEP_JOINER.test(bareJoiner)) {
      last.steps.push(step);
      last.span.end = end;
    } else {
      outline.push({ steps: [step], span: { start: offset + match.index, end } });
    }
    previousEnd = end;
  }
  const titles = findQuoted(detail, offset)
    .filter((quote) => quote.closed && quote.text.trim() !== '')
    .map((quote) => ({ text: quote.text.trim(), span: { start: quote.start, end: quote.end } }));
  return { lineRanges, outline, titles };
}
