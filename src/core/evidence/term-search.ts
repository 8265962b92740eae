import { foldQuote } from './fold-text.js';
import { matchesAt, toFileMatch, type FileMatch, type IndexedFile } from './indexed-file.js';
import { spellingVariants } from './spelling-variants.js';

/**
 * Lower-casing that keeps every UTF-16 unit in place (a unit whose lower case is longer, such as
 * `İ`, stays as it is), so offsets in the lowered text are offsets in the folded text. Accents go
 * too (`é` → `e`, `Ö` → `o`): "Zoe" is named where the book writes "Zoë".
 */
const LOWER = new Uint16Array(0x10000);
const MARK = /^\p{M}+$/u;
for (let code = 0; code < 0x10000; code += 1) {
  const lower = String.fromCharCode(code).toLowerCase();
  const unit = lower.length === 1 ? lower : String.fromCharCode(code);
  const bare = unit.normalize('NFD');
  const stripped = bare.length > 1 && MARK.test(bare.slice(1)) ? bare.charAt(0).toLowerCase() : unit;
  LOWER[code] = stripped.length === 1 ? stripped.charCodeAt(0) : code;
}

function lowerInPlace(text: string): string {
  let out = '';
  for (let start = 0; start < text.length; start += 4096) {
    const end = Math.min(text.length, start + 4096);
    const units = new Array<number>(end - start);
    for (let index = start; index < end; index += 1) units[index - start] = LOWER[text.charCodeAt(index)] ?? 0;
    out += String.fromCharCode(...units);
  }
  return out;
}

/**
 * The file's folded text as the term search reads it: lower case, offsets unchanged (`text`); with
 * dashes as spaces (`spaced`: "seine-netter" is "seine netter"); and with dashes dropped (`joined`:
 * "harbour-\nmaster", hyphenated across a line, is "harbourmaster"), `joinedAt` mapping back.
 */
interface SearchTexts {
  text: string;
  spaced: string;
  joined: string;
  joinedAt: Uint32Array;
}

const searchTexts = new WeakMap<IndexedFile, SearchTexts>();

function textsOf(file: IndexedFile): SearchTexts {
  let texts = searchTexts.get(file);
  if (texts === undefined) {
    const text = lowerInPlace(file.folded.text);
    const joinedAt = new Uint32Array(text.length + 1);
    let joined = '';
    let length = 0;
    let from = 0;
    for (let at = text.indexOf('-'); at >= 0; at = text.indexOf('-', at + 1)) {
      joined += text.slice(from, at);
      for (let index = from; index < at; index += 1) joinedAt[length++] = index;
      from = at + 1;
    }
    joined += text.slice(from);
    for (let index = from; index <= text.length; index += 1) joinedAt[length++] = index;
    texts = { text, spaced: text.replaceAll('-', ' '), joined, joinedAt: joinedAt.subarray(0, length) };
    searchTexts.set(file, texts);
  }
  return texts;
}

const VOWELS = 'aeiou';

/** A stem cut from "stopped" or "travelled" ends in a doubled consonant: its word has one ("stop"). */
function undouble(stem: string, stems: Set<string>): void {
  const last = stem[stem.length - 1] ?? '';
  if (stem.length >= 4 && last === stem[stem.length - 2] && !VOWELS.includes(last) && last !== 's') stems.add(stem.slice(0, -1));
}

/**
 * The simple inflections of a word that still name the same thing: plural and possessive
 * (`ledger` → `ledgers`, `ledger's`, `ledgers'`; `key` ↔ `keys`; `story` ↔ `stories`; `box` ↔
 * `boxes`) and the regular verb forms (`lock` → `locked`, `locking`; `bake` → `baked`, `baking`;
 * `stop` → `stopped`). Claiming a word is absent is contradicted by any of these.
 */
export function inflections(word: string): string[] {
  const forms = new Set<string>([word]);
  const stems = new Set<string>([word]);
  // Back from an inflected form to the stem, so "ledgers" also finds "ledger".
  if (/ies$/.test(word) && word.length > 4) stems.add(`${word.slice(0, -3)}y`);
  if (/(?:s|x|z|ch|sh)es$/.test(word)) stems.add(word.slice(0, -2));
  if (/[^s']s$/.test(word) && word.length > 3) stems.add(word.slice(0, -1));
  if (/'s$/.test(word)) stems.add(word.slice(0, -2));
  if (/ed$/.test(word) && word.length > 4) {
    stems.add(word.slice(0, -2));
    stems.add(word.slice(0, -1));
    undouble(word.slice(0, -2), stems);
  }
  if (/ing$/.test(word) && word.length > 5) {
    stems.add(word.slice(0, -3));
    stems.add(`${word.slice(0, -3)}e`);
    undouble(word.slice(0, -3), stems);
  }
  for (const stem of [...stems]) for (const variant of spellingVariants(stem)) stems.add(variant);
  for (const stem of stems) {
    if (stem.length < 2) continue;
    forms.add(stem);
    forms.add(`${stem}'s`);
    const last = stem[stem.length - 1] ?? '';
    const beforeLast = stem[stem.length - 2] ?? '';
    if (/(?:s|x|z|ch|sh)$/.test(stem)) forms.add(`${stem}es`);
    else if (last === 'y' && !VOWELS.includes(beforeLast)) forms.add(`${stem.slice(0, -1)}ies`);
    else forms.add(`${stem}s`);
    forms.add(`${stem}s'`);
    if (last === 'e') {
      forms.add(`${stem}d`);
      forms.add(`${stem.slice(0, -1)}ing`);
    } else {
      forms.add(`${stem}ed`);
      forms.add(`${stem}ing`);
      // A short word ending consonant-vowel-consonant doubles it: stop → stopped.
      if (/[^aeiou][aeiou][bdgklmnprt]$/.test(stem) && stem.length <= 5) {
        forms.add(`${stem}${last}ed`);
        forms.add(`${stem}${last}ing`);
      }
    }
  }
  return [...forms];
}

/**
 * The folded, lower-case forms a term is searched as: the term, with its last word inflected and
 * respelled, and each dash in it also as a space and as nothing ("seine-netter", "seine netter",
 * "seinenetter").
 */
export function termForms(term: string): string[] {
  const folded = lowerInPlace(foldQuote(term).trim());
  const match = /([\p{L}\p{N}][\p{L}\p{N}']*)$/u.exec(folded);
  if (!match) return folded === '' ? [] : [folded];
  const head = folded.slice(0, match.index);
  const forms = new Set<string>();
  for (const form of inflections(match[1] ?? '')) {
    const whole = `${head}${form}`;
    forms.add(whole);
    if (whole.includes('-')) {
      forms.add(whole.replaceAll('-', ' '));
      forms.add(whole.replaceAll('-', ''));
    }
  }
  return [...forms];
}

/**
 * Every place (up to `limit`) where one of `forms` occurs in the file as whole words, any case,
 * any accents, a dash in the file read as a space or as nothing.
 */
export function findTerm(file: IndexedFile, forms: readonly string[], limit = 20): FileMatch[] {
  const texts = textsOf(file);
  const views: Array<{ text: string; at: (offset: number) => number }> = [
    { text: texts.text, at: (offset) => offset },
    { text: texts.spaced, at: (offset) => offset },
    { text: texts.joined, at: (offset) => texts.joinedAt[offset] ?? offset },
  ];
  const found: FileMatch[] = [];
  const seen = new Set<number>();
  for (const view of views) {
    for (const form of forms) {
      if (form === '') continue;
      for (let at = view.text.indexOf(form); at >= 0; at = view.text.indexOf(form, at + 1)) {
        const start = view.at(at);
        if (!matchesAt(view.text, form, at) || seen.has(start)) continue;
        seen.add(start);
        found.push(toFileMatch(file, { start, end: view.at(at + form.length - 1) + 1 }));
        if (found.length >= limit) return found.sort((left, right) => left.start - right.start);
      }
    }
  }
  return found.sort((left, right) => left.start - right.start);
}
