import type { TextSpan } from '../../protocol/index.js';
import { NUMBER_WORDS, type AbsenceDetail } from './parse-absence-detail.js';

/**
 * Words that name part of a book. Left over in a scope after its files, folders, scene ids and
 * ranges are read ("SCN-01 and the pub scene", "the prologue", "Callum's chapters"), they name
 * something the search did not cover, so the claim would be verified over less than it says.
 */
const SCOPE_NOUNS = new Set([
  'scene', 'scenes', 'chapter', 'chapters', 'act', 'acts', 'part', 'parts', 'section', 'sections',
  'prologue', 'prologues', 'epilogue', 'epilogues', 'interlude', 'interludes', 'afterword', 'foreword', 'preface',
  'appendix', 'glossary', 'card', 'cards', 'note', 'notes', 'draft', 'drafts', 'compendium', 'canon', 'outline',
  'manuscript', 'book', 'books', 'novel', 'story', 'stories', 'page', 'pages', 'entry', 'entries', 'beat', 'beats',
  'lore', 'volume', 'volumes', 'episode', 'episodes', 'sequel', 'flashback', 'flashbacks',
]);
/** Words that pick some of a book's parts without naming them: "the rest", "the last scene", "the first three". */
const SELECTORS = new Set([
  ...NUMBER_WORDS,
  'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth',
  'last', 'final', 'next', 'previous', 'penultimate', 'opening', 'closing', 'middle', 'remaining', 'rest', 'other',
  'others', 'else', 'elsewhere', 'everything', 'everywhere', 'anywhere', 'earlier', 'later', 'latter', 'former',
  'dozen', 'half', 'hundred', 'several', 'some', 'most', 'many', 'few',
]);
/** A count that reports a result, not a place: "(0 hits)", "12 files". */
const COUNT = /^\s*(?:hits?|matches|results?|occurrences?|instances?|lines?|files?|times?)\b/i;
/** Where a scope written after the term starts: `for "locket" in SCN-01…SCN-08`. */
const TRAILING_SCOPE = /^["”'’»]?\s*[,;:]?\s*(?:in|within|across|through|throughout|inside|over|from|among)\b/i;
/** Where such a trailing scope ends: a new clause. */
const CLAUSE_END = /[;.!?(]|\s[—–-]\s|\s—|—\s/;

/** A phrase of the scope that names part of the book but resolved to no file. */
export interface UnnamedScope {
  text: string;
  span: TextSpan;
  /** Its words, each marked when it names or picks part of a book (a title word, "scene", "last"). */
  words: Array<{ text: string; flagged: boolean }>;
}

/** The end of the scope before the first term: where "for" / "mentions of" / "references to" starts. */
function beforeTermWords(prefix: string): number {
  let end = prefix.length;
  for (const match of prefix.matchAll(/\b(?:for|mentions?\s+of|references?\s+to)\b/gi)) end = match.index;
  return end;
}

function flagged(word: string, first: boolean, next: string): boolean {
  const lower = word.toLowerCase().replace(/['’]s$/, '');
  if (/^\d+$/.test(word)) return !COUNT.test(next);
  if (SCOPE_NOUNS.has(lower) || SELECTORS.has(lower)) return true;
  // A capitalised word mid-phrase is a name or a title: "The Drowned Bell", "Callum's scenes".
  return !first && /^\p{Lu}\p{Ll}/u.test(word);
}

/**
 * The parts of an absence detail's scope that name something (a scene by its title, "the
 * prologue", "the last scene", "Callum's chapters", a bare number) but are none of the files,
 * folders, scene ids and ranges the scope resolved. Read are the words before the first term,
 * and a scope written after the last one (`for "locket" in …`); results and remarks are not.
 */
export function unnamedScope(detail: string, offset: number, parsed: AbsenceDetail): UnnamedScope[] {
  const covered: TextSpan[] = [...parsed.scope.map((item) => item.span), ...parsed.terms.map((term) => term.span)];
  const firstTerm = parsed.terms.reduce((least, term) => Math.min(least, term.span.start), offset + detail.length);
  const lastTerm = parsed.terms.reduce((most, term) => Math.max(most, term.span.end), offset);
  const segments: TextSpan[] = [{ start: offset, end: offset + beforeTermWords(detail.slice(0, firstTerm - offset)) }];
  const after = detail.slice(lastTerm - offset);
  if (parsed.terms.length > 0 && TRAILING_SCOPE.test(after)) {
    const end = CLAUSE_END.exec(after);
    segments.push({ start: lastTerm, end: lastTerm + (end ? end.index : after.length) });
  }
  const found: UnnamedScope[] = [];
  for (const segment of segments) {
    const text = detail.slice(segment.start - offset, segment.end - offset);
    // Split into phrases at scope items, terms, commas and "and"; report a phrase once.
    let phraseStart = -1;
    let words: UnnamedScope['words'] = [];
    // Where the phrase's first naming word starts, with a "the" before it: "the pub scene", not "checked the pub scene".
    let shownStart = -1;
    const close = (end: number): void => {
      if (phraseStart >= 0 && shownStart >= 0) {
        const span = { start: segment.start + shownStart, end: segment.start + end };
        found.push({ text: text.slice(shownStart, end).trim(), span, words });
      }
      phraseStart = -1;
      shownStart = -1;
      words = [];
    };
    for (const match of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’_]*|[,;|]/gu)) {
      const at = segment.start + match.index;
      const word = match[0];
      const inside = covered.some((span) => span.start <= at && at < span.end);
      if (inside || /^[,;|]$/.test(word) || /^(?:and|or|plus|nor)$/i.test(word)) {
        close(match.index);
        continue;
      }
      if (phraseStart < 0) phraseStart = match.index;
      // The first word of the detail or of a sentence in it may be capitalised without being a name.
      const before = detail.slice(0, at - offset).trimEnd();
      const first = before === '' || /[.!?:]$/.test(before);
      const naming = flagged(word, first, text.slice(match.index + word.length));
      if (naming && shownStart < 0) shownStart = /\bthe\s+$/i.test(text.slice(phraseStart, match.index)) ? text.slice(0, match.index).search(/\bthe\s+$/i) : match.index;
      words.push({ text: word, flagged: naming });
    }
    close(text.length);
  }
  return found;
}
