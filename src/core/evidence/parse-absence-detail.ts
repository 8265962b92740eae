import type { TextSpan } from '../../protocol/index.js';
import { findQuoted } from './quoted-text.js';

/** One item of an absence claim's scope. */
export interface ScopeItem {
  /** `path`: a VFS file or folder; `scene`: a scene id such as SCN-04; `range`: "scenes 1–8", "Act 2"; `all`: "every scene". */
  kind: 'path' | 'scene' | 'range' | 'all';
  text: string;
  span: TextSpan;
}

/** What an absence detail says was checked, and for what. */
export interface AbsenceDetail {
  scope: ScopeItem[];
  /** What was searched for: quoted terms, or the word after "for" / "mentions of". */
  terms: Array<{ text: string; span: TextSpan }>;
}

/** A scene or chapter number as a scope may write it: digits or a word up to twenty. */
export const NUMBER_WORDS = [
  'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty',
];
const NUMBER = `(?:\\d{1,4}|${NUMBER_WORDS.join('|')})`;
const JOINER = '(?:[-–—…]|\\.{2,3}|,|to|through|thru|and|&)';
const SCOPE_PATTERNS: Array<[ScopeItem['kind'], RegExp]> = [
  ['path', /\b(?:Story|Compendium)\/[^\s,;|"“”…]*|\bCanon\.md\b/g],
  // `SCN-01…08`, `SCN-01 to 03`: a range of scene ids written with the second prefix left off.
  ['range', /\bSCN-\d{1,4}\s*(?:…|\.{2,3}|[-–—]|to|through|thru)\s*\d{1,4}\b(?!-)/gi],
  ['scene', /\bSCN-[A-Za-z0-9][\w-]*/g],
  ['range', new RegExp(`\\b(?:scenes?|chapters?|acts?|parts?)\\s+${NUMBER}(?:\\s*${JOINER}\\s*${NUMBER})*\\b`, 'gi')],
  [
    'all',
    new RegExp(
      `\\b(?:all|every|each)\\s+(?:of\\s+the\\s+)?(?:${NUMBER}\\s+)?(?:scenes?|chapters?|files?|(?:character\\s+)?cards?|compendium\\s+(?:files|entries))(?:\\s+files?)?\\b` +
        '|\\b(?:the\\s+)?(?:whole|entire|full)\\s+(?:manuscript|outline|compendium|book|novel|story)\\b' +
        '|\\b(?:the\\s+)?(?:manuscript|book|novel|outline|compendium|canon)\\b(?!\\.md|\\/)',
      'gi',
    ),
  ],
];
// "for ledger", "for any mention of the ledger", "references to a locket": the first word past the filler.
const TERM_AFTER_FOR =
  /\b(?:for|mentions?\s+of|references?\s+to)\s+(?:(?:the|a|an|any|word|words|term|name|mentions?|references?|of|to)\s+)*([\p{L}\p{N}][\p{L}\p{N}'’-]*)/giu;

/** Finds the scope (files, scenes, ranges) and the searched-for terms of an absence detail. */
export function parseAbsenceDetail(detail: string, offset: number): AbsenceDetail {
  const scope: ScopeItem[] = [];
  for (const [kind, pattern] of SCOPE_PATTERNS) {
    for (const match of detail.matchAll(pattern)) {
      const start = offset + match.index;
      const end = start + match[0].length;
      // A scene id inside a path (`Story/Scenes/SCN-01`) is already in scope as that path.
      if (scope.some((item) => item.span.start <= start && end <= item.span.end)) continue;
      scope.push({ kind, text: match[0], span: { start, end } });
    }
  }
  const terms = findQuoted(detail, offset)
    .filter((quote) => quote.closed && quote.text.trim() !== '')
    .map((quote) => ({ text: quote.text.trim(), span: { start: quote.start, end: quote.end } }));
  if (terms.length === 0) {
    for (const match of detail.matchAll(TERM_AFTER_FOR)) {
      const word = match[1] ?? '';
      const start = offset + match.index + match[0].length - word.length;
      terms.push({ text: word, span: { start, end: start + word.length } });
    }
  }
  scope.sort((left, right) => left.span.start - right.span.start);
  return { scope, terms };
}
