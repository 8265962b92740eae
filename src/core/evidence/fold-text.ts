import { OriginRuns } from './origin-runs.js';

/**
 * Text folded for quote matching (SPEC §7): Unicode NFKC, curly quotes and guillemets to straight
 * ones, every dash to `-`, `…` to `...`, any run of whitespace (line breaks included) to one space,
 * and markdown emphasis markers (`*`, `_`) and invisible characters dropped. Case is kept.
 *
 * Two choices a reader may question: a dash swallows the whitespace around it and a run of dashes
 * folds to one, so "road — then", "road—then" and "road -- then" all match; and `*`/`_` vanish so
 * a quote of a line written as `the *Providence*` matches "the Providence".
 *
 * Each folded character remembers where its source started in the original text, so a match in
 * the folded text maps back to exact offsets (and lines) of the file.
 */
export interface FoldedText {
  text: string;
  /** `origin[i]`: offset in the original of the source of folded char i; `origin[text.length]` is the original length. */
  origin: Uint32Array;
}

const SPACE = 0x20;
const DASH = 0x2d;

/** What folding does with a UTF-16 code unit. */
const enum Kind {
  Keep = 0,
  Space = 1,
  Drop = 2,
  Dash = 3,
  DoubleQuote = 4,
  SingleQuote = 5,
  /** Anything else outside ASCII: goes through NFKC with its combining marks. */
  Compose = 6,
}

const KINDS = new Uint8Array(0x10000);
const WORD = new Uint8Array(0x10000);
{
  const space = /\s/u;
  const word = /[\p{L}\p{N}]/u;
  for (let code = 0; code < 0x10000; code += 1) {
    const character = String.fromCharCode(code);
    WORD[code] = word.test(character) ? 1 : 0;
    if (code < 0x80) KINDS[code] = space.test(character) ? Kind.Space : code === 0x2a || code === 0x5f ? Kind.Drop : code === DASH ? Kind.Dash : Kind.Keep;
    else KINDS[code] = space.test(character) ? Kind.Space : Kind.Compose;
  }
  for (const code of [0x201c, 0x201d, 0x201e, 0x201f, 0x00ab, 0x00bb, 0x2033, 0x301d, 0x301e, 0xff02]) KINDS[code] = Kind.DoubleQuote;
  for (const code of [0x2018, 0x2019, 0x201a, 0x201b, 0x2032, 0x2039, 0x203a, 0xff07]) KINDS[code] = Kind.SingleQuote;
  for (const code of [0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0x2043, 0xfe58, 0xfe63, 0xff0d]) KINDS[code] = Kind.Dash;
  // Soft hyphen, zero-width space and joiners, word joiner, byte-order mark: invisible, so dropped.
  for (const code of [0x00ad, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]) KINDS[code] = Kind.Drop;
}
const COMBINING = /\p{M}/u;

const nfkcCache = new Map<string, string>();
const NFKC_CACHE_LIMIT = 4096;

function nfkc(cluster: string): string {
  let folded = nfkcCache.get(cluster);
  if (folded === undefined) {
    folded = cluster.normalize('NFKC');
    if (nfkcCache.size >= NFKC_CACHE_LIMIT) nfkcCache.clear();
    nfkcCache.set(cluster, folded);
  }
  return folded;
}

function isCombiningAt(text: string, index: number): boolean {
  return index < text.length && text.charCodeAt(index) >= 0x300 && COMBINING.test(String.fromCodePoint(text.codePointAt(index) ?? 0));
}

/** End (exclusive) of the cluster starting at `start`: one code point plus the combining marks after it. */
export function clusterEnd(text: string, start: number): number {
  let end = start + ((text.codePointAt(start) ?? 0) > 0xffff ? 2 : 1);
  while (isCombiningAt(text, end)) end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  return end;
}

/** True for letters and digits: quotes must start and end on word boundaries when they start or end with one. */
export function isWordCode(code: number): boolean {
  return WORD[code] === 1;
}

// Folding writes into buffers kept between calls: a manuscript-wide index folds hundreds of files
// in a row, and fresh buffers for each (six bytes a character, freed only when the collector gets
// to them) made the process's resident memory climb by tens of megabytes while it was built.
// Folding is synchronous and never re-entered, so one pair serves every call; a pair grown past
// RETAINED_UNITS for one huge text is let go after it.
let scratchOut = new Uint16Array(4096);
let scratchOrigin = new Uint32Array(4097);
const RETAINED_UNITS = 4_000_000;

/** Folds `original` for matching and keeps the map back to it. Linear in the text's length. */
export function foldText(original: string): FoldedText {
  const length = foldIntoScratch(original);
  const folded = { text: decodeUnits(scratchOut, length), origin: scratchOrigin.slice(0, length + 1) };
  releaseHugeScratch();
  return folded;
}

/** Folds `original` and hands the map back as runs, never holding a full-length copy of it. */
export function foldTextAsRuns(original: string): { text: string; origin: OriginRuns } {
  const length = foldIntoScratch(original);
  const folded = { text: decodeUnits(scratchOut, length), origin: new OriginRuns(scratchOrigin.subarray(0, length + 1)) };
  releaseHugeScratch();
  return folded;
}

function releaseHugeScratch(): void {
  if (scratchOut.length <= RETAINED_UNITS) return;
  scratchOut = new Uint16Array(4096);
  scratchOrigin = new Uint32Array(4097);
}

/** Folds `original` into the scratch buffers; returns the folded length (`scratchOrigin` holds one entry more). */
function foldIntoScratch(original: string): number {
  if (scratchOut.length < original.length + 16) {
    scratchOut = new Uint16Array(original.length + 16);
    scratchOrigin = new Uint32Array(original.length + 17);
  }
  let out = scratchOut;
  let origin = scratchOrigin;
  let length = 0;
  // Offset where the whitespace run waiting to become one space began, or -1.
  let pendingSpace = -1;
  let previous = -1;

  // The fast path writes at most one unit per unit read, so the buffers only grow after NFKC expands.
  const reserve = (extra: number): void => {
    if (length + extra < out.length) return;
    const size = (length + extra) * 2;
    const grownOut = new Uint16Array(size);
    grownOut.set(out.subarray(0, length));
    out = grownOut;
    const grownOrigin = new Uint32Array(size + 1);
    grownOrigin.set(origin.subarray(0, length));
    origin = grownOrigin;
    scratchOut = out;
    scratchOrigin = origin;
  };

  const emit = (code: number, kind: number, from: number): void => {
    if (kind === Kind.Space) {
      if (pendingSpace < 0) pendingSpace = from;
      return;
    }
    if (kind === Kind.Drop) return;
    if (kind === Kind.Dash) {
      // A dash absorbs the whitespace around it, and a run of dashes folds to one.
      pendingSpace = -1;
      if (previous === DASH) return;
      code = DASH;
    } else {
      if (pendingSpace >= 0) {
        if (length > 0 && previous !== DASH) {
          out[length] = SPACE;
          origin[length] = pendingSpace;
          length += 1;
        }
        pendingSpace = -1;
      }
      if (kind === Kind.DoubleQuote) code = 0x22;
      else if (kind === Kind.SingleQuote) code = 0x27;
    }
    out[length] = code;
    origin[length] = from;
    length += 1;
    previous = code;
  };

  let index = 0;
  while (index < original.length) {
    const code = original.charCodeAt(index);
    const kind = KINDS[code] ?? Kind.Compose;
    if (kind !== Kind.Compose && !(original.charCodeAt(index + 1) >= 0x300 && isCombiningAt(original, index + 1))) {
      emit(code, kind, index);
      index += 1;
      continue;
    }
    const end = clusterEnd(original, index);
    const folded = nfkc(original.slice(index, end));
    reserve(folded.length * 2 + 2 + (original.length - end));
    for (let unit = 0; unit < folded.length; unit += 1) {
      const foldedCode = folded.charCodeAt(unit);
      const foldedKind = KINDS[foldedCode] ?? Kind.Keep;
      emit(foldedCode, foldedKind === Kind.Compose ? Kind.Keep : foldedKind, index);
    }
    index = end;
  }
  origin[length] = original.length;
  return length;
}

/** Folds a quote the same way, for searching (no offset map needed). */
export function foldQuote(quote: string): string {
  const text = decodeUnits(scratchOut, foldIntoScratch(quote));
  releaseHugeScratch();
  return text;
}

// UTF-16LE decoding turns the buffer into a string in one native call (spreading chunks into
// `String.fromCharCode` is ten times slower); big-endian hosts fall back to it. A lone surrogate
// decodes to one U+FFFD, so lengths, and the offset map, stay aligned either way.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const utf16 = LITTLE_ENDIAN ? new TextDecoder('utf-16le') : null;

function decodeUnits(units: Uint16Array, length: number): string {
  if (utf16) return utf16.decode(units.subarray(0, length));
  const chunk = 8192;
  const parts: string[] = [];
  for (let start = 0; start < length; start += chunk) {
    parts.push(String.fromCharCode(...units.subarray(start, Math.min(length, start + chunk))));
  }
  return parts.join('');
}
