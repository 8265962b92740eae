import { foldQuote } from './fold-text.js';
import { matchesAt, toFileMatch, type FileMatch, type IndexedFile } from './indexed-file.js';

/**
 * Lower-casing that keeps every UTF-16 unit in place (a unit whose lower case is longer, such as
 * `İ`, stays as it is), so offsets in the lowered text are offsets in the folded text.
 */
const LOWER = new Uint16Array(0x10000);
for (let code = 0; code < 0x10000; code += 1) {
  const lower = String.fromCharCode(code).toLowerCase();
  LOWER[code] = lower.length === 1 ? lower.charCodeAt(0) : code;
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

const lowered = new WeakMap<IndexedFile, string>();

/** The file's folded text in lower case, offsets unchanged; built once per file version. */
function loweredText(file: IndexedFile): string {
  let text = lowered.get(file);
  if (text === undefined) {
    text = lowerInPlace(file.folded.text);
    lowered.set(file, text);
  }
  return text;
}

const VOWELS = 'aeiou';

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
  }
  if (/ing$/.test(word) && word.length > 5) {
    stems.add(word.slice(0, -3));
    stems.add(`${word.slice(0, -3)}e`);
  }
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

/** The folded, lower-case forms a term is searched as: the term, with its last word inflected. */
export function termForms(term: string): string[] {
  const folded = lowerInPlace(foldQuote(term).trim());
  const match = /([\p{L}\p{N}][\p{L}\p{N}']*)$/u.exec(folded);
  if (!match) return folded === '' ? [] : [folded];
  const head = folded.slice(0, match.index);
  return inflections(match[1] ?? '').map((form) => `${head}${form}`);
}

/** Every place (up to `limit`) where one of `forms` occurs in the file as whole words, any case. */
export function findTerm(file: IndexedFile, forms: readonly string[], limit = 20): FileMatch[] {
  const text = loweredText(file);
  const found: FileMatch[] = [];
  const seen = new Set<number>();
  for (const form of forms) {
    if (form === '') continue;
    for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
      if (!matchesAt(text, form, at) || seen.has(at)) continue;
      seen.add(at);
      found.push(toFileMatch(file, { start: at, end: at + form.length }));
      if (found.length >= limit) return found.sort((left, right) => left.start - right.start);
    }
  }
  return found.sort((left, right) => left.start - right.start);
}
