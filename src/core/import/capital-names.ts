import type { ImportKind } from '../../protocol/imports.js';

/** A name a notes file writes in capitals at the start of an entry, read into normal case. */
export interface CapitalName {
  /** The name in normal case, its title first: `Margaret Ollerton`, `Captain Roderick Marsh`, `Durnford's`. */
  name: string;
  /** A nickname given in quotes or brackets inside the name (`MARGARET "PEG" OLLERTON` → `Peg`). */
  nickname: string | null;
  /** Where the name ends in the text it was read from. */
  end: number;
}

// Words a name keeps in lower case unless they open it: `The Bell and Compass`, `Isle of Man`.
const SMALL_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'de', 'der', 'du', 'for', 'in', 'la', 'le', 'of', 'on', 'the', 'to', 'upon', 'van', 'von']);
// Titles and prefixes written in capitals in any case: `DI Morgan`, `PC Dawson`, `HMS Kestrel`, and Roman numerals.
const KEPT_CAPITALS = /^(?:DI|DS|DC|DCI|PC|WPC|QC|KC|MP|HMS|SS|USS|RMS|[IVX]{2,})$/;
// Abbreviations a name may hold with their full stop: titles and initials (`DR. SHEARER`, `ST. BRIGID'S`, `J. R. HOLT`).
const ABBREVIATION = "(?:MRS|MR|MS|DR|ST|SGT|CAPT|COL|LT|REV|PROF|MT|FR|GEN|MAJ|INSP|SUPT|CPL|PTE|JR|SR|\\p{Lu})\\.";
const WORD = `(?:${ABBREVIATION}|&|[\\p{Lu}\\d][\\p{Lu}\\d'’-]*(?<![-'’])(?![\\p{L}\\d]))`;
// A nickname inside the name: `"PEG"`, `“Peg”`, `'PEG'`, `("Peg")`, `(PEG)`.
const NICKNAME = `(?<![\\p{L}'’])(?:["“]\\p{Lu}[\\p{L} .'’-]{1,29}["”]|'\\p{Lu}[\\p{L} .-]{1,29}'|‘\\p{Lu}[\\p{L} .'-]{1,29}’|\\(["“]\\p{Lu}[\\p{L} .'’-]{1,29}["”]\\)|\\(\\p{Lu}[\\p{Lu} .'’-]{1,29}\\))`;
// A second part after a comma, in capitals too: `NUMBER FOURTEEN, LANTERN STREET`, `OLLERTON, MARGARET`.
const NAME_RUN = new RegExp(`^${WORD}(?:(?:[ \\t]+|,[ \\t]+(?=\\p{Lu}{2}))(?:${NICKNAME}|${WORD}))*`, 'u');
// What follows a name that opens an entry: a stop, a comma, a bracket, a dash, a colon, or the line's end.
const AFTER_NAME = /^(?:\s*[.,;:(—–]|\s+-\s|\s*$|\s*\n)/;
// Capitals that open a note, never an entry: `NB.`, `TODO:`, `PS,`.
const NOT_A_NAME = /^(?:N\.?B\.?|P\.?S\.?|TODO|TBD|FIXME|XXX|NOTE|NOTES|EDIT|CHECK|OK|Q|A)$/;
const MAX_NAME_WORDS = 8;

/** One word of a name written in capitals, in normal case: `DURNFORD'S` → `Durnford's`, `O'NEILL` → `O'Neill`. */
function normalWord(word: string, first: boolean): string {
  if (KEPT_CAPITALS.test(word)) return word;
  const lower = word.toLowerCase();
  if (!first && SMALL_WORDS.has(lower)) return lower;
  return lower
    .replace(/(^|[-–(])(\p{Ll})/gu, (_, lead: string, letter: string) => `${lead}${letter.toUpperCase()}`)
    .replace(/^([ODL])(['’])(\p{Ll})/u, (_, prefix: string, mark: string, letter: string) => `${prefix}${mark}${letter.toUpperCase()}`)
    .replace(/^Mc(\p{Ll})/u, (_, letter: string) => `Mc${letter.toUpperCase()}`);
}

/** A name or heading written in capitals, in title case: `THE BELL AND COMPASS` → `The Bell and Compass`. */
export function titleCase(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((word, index) => normalWord(word, index === 0))
    .join(' ');
}

/** True when a text has letters and none of them is lower case (`CHARACTERS`, `ST BRIGID'S`). */
export function inCapitals(text: string): boolean {
  return /\p{Lu}.*\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text);
}

/** A name as a card is headed: in title case when written in capitals (`THE QUAY` → `The Quay`), else as written. */
export function normalName(name: string): string {
  return inCapitals(name) ? titleCase(name) : name;
}

/** The name without its nickname, and the nickname in normal case. */
function withoutNickname(run: string): { bare: string; nickname: string | null } {
  const nickname = new RegExp(NICKNAME, 'u').exec(run);
  if (!nickname) return { bare: run, nickname: null };
  const bare = `${run.slice(0, nickname.index)} ${run.slice(nickname.index + nickname[0].length)}`.replace(/\s+/g, ' ').trim();
  return { bare, nickname: titleCase(nickname[0].replace(/["“”‘’()]|^'|'$/g, '')) };
}

/**
 * The name a text opens with in capitals, when one does and is followed by a stop, a comma, a
 * bracket, a dash or the line's end: `MARGARET "PEG" OLLERTON (b. 1893). Landlady.` → `Margaret
 * Ollerton`, nickname `Peg`. A name in two parts keeps its first (`NUMBER FOURTEEN, LANTERN STREET`
 * → `Number Fourteen`), except a person's written surname first (`OLLERTON, MARGARET` → `Margaret
 * Ollerton`). Null for a text that opens otherwise, for one capital (`I`, `A`) and for note marks (`NB`).
 */
export function capitalName(text: string, kind: ImportKind): CapitalName | null {
  const match = NAME_RUN.exec(text);
  if (!match) return null;
  // A run may reach into the words after the name (`QUEEN ST. A surgery`): shorten it, word by
  // word, to one followed by a separator or closed by an abbreviation's stop.
  for (let run = match[0]; run !== ''; run = run.replace(/[\s,]*[^\s,]+$/, '')) {
    const rest = text.slice(run.length);
    if ((AFTER_NAME.test(rest) || run.endsWith('.')) && !/^\s*,\s*\p{Lu}{2}/u.test(rest)) return readName(run, kind);
  }
  return null;
}

function readName(run: string, kind: ImportKind): CapitalName | null {
  const { bare, nickname } = withoutNickname(run);
  const letters = bare.replace(/[^\p{Lu}]/gu, '');
  if (letters.length < 2 || NOT_A_NAME.test(bare) || bare.split(/\s+/).length > MAX_NAME_WORDS) return null;
  const [lead, ...others] = bare.split(/,\s+/);
  const reversed = kind === 'character' && others.length === 1 && !/\s/.test(lead!) && others[0]!.split(/\s+/).length <= 3;
  const name = titleCase(reversed ? `${others[0]} ${lead}` : lead!);
  return { name, nickname, end: run.length };
}
