import { jsonObjectsIn } from './json-in-text.js';
import type { PlannedCall } from './planned-call.js';

/**
 * The offline demo answers the question asked (no language model): it looks up the question's
 * names and words with the real tools and answers only with what they return. This file is the
 * lookup half: what to search for, and which tool runs to make.
 */

const STOP = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being between both but by can could ' +
    'did do does doing down during each few for from had has have having he her here hers him his how i if in into is it its ' +
    'just me more most my no nor not now of off on once only or other our out over own same she should so some such than that ' +
    'the their them then there these they this those through to too under until up very was we were what when where which ' +
    'while who whom whose why will with would you your tell show find says say said does know think anything anyone ' +
    'everything someone something scene scenes chapter chapters book story manuscript novel please happen happens happened ' +
    'mention mentioned mentions ever still really much many look describe explain'
  ).split(/\s+/),
);

/** The question's search terms: names first (capitalised runs, kept together), then the rarer words. */
export function questionTerms(question: string): { names: string[]; words: string[] } {
  const names: string[] = [];
  for (const match of question.matchAll(/\b(?:[A-Z][\p{L}'’-]+)(?:\s+[A-Z][\p{L}'’-]+)*/gu)) {
    const name = match[0].replace(/['’]s$/, '');
    const words = name.split(/\s+/).filter((word) => !STOP.has(word.toLowerCase()));
    // One capitalised word opening a sentence ("Look", "Describe") is an ordinary word, not a name.
    const opensSentence = /(?:^|[.!?]\s+)$/.test(question.slice(0, match.index));
    if (words.length === 1 && opensSentence && name.split(/\s+/).length === 1) continue;
    if (words.length > 0) names.push(words.join(' '));
  }
  const inNames = new Set(names.flatMap((name) => name.toLowerCase().split(/\s+/)));
  const words = [...new Set((question.toLowerCase().match(/[\p{L}][\p{L}'’-]{2,}/gu) ?? []).map((word) => word.replace(/['’]s$/, '')))].filter(
    (word) => !STOP.has(word) && !inNames.has(word),
  );
  return { names: [...new Set(names)], words: words.sort((left, right) => right.length - left.length) };
}

/** The sources a desk's answers cite by default (the role rules of the default agents). */
export function deskSources(desk: string): string[] {
  if (desk === 'continuity') return ['Canon.md', 'Compendium/'];
  if (desk === 'editor' || desk === 'line' || desk === 'structure') return ['Story/'];
  return [];
}

/** True when the writer asks for a check of the book rather than about something in it. */
export function asksForACheck(question: string): boolean {
  return /\b(?:continuity|consisten\w*|contradict\w*|errors?|mistakes?|problems?|issues?|check|plot holes?|wrong|broken|fix|look(?:s|ing)? (?:at|over)|review|go (?:over|through)|read through|feedback|notes? on|thoughts on|what do you think)\b/i.test(
    question,
  );
}

interface LocatorHit {
  path: string;
  lines: Array<{ line: number; text: string }>;
}

/** Files and lines a `file_locator` result in the tool messages lists. */
export function locatorHits(toolMessages: readonly string[]): LocatorHit[] {
  const hits: LocatorHit[] = [];
  for (const text of toolMessages) {
    for (const object of jsonObjectsIn(text)) {
      const result = (object as { result?: { results?: unknown; scan_mode?: unknown } } | null)?.result;
      const matches = Array.isArray(result?.results) ? (result.results as Array<Record<string, unknown>>) : [];
      for (const match of matches) {
        const lines = Array.isArray(match['lines']) ? (match['lines'] as Array<{ line: number; text: string }>) : [];
        if (typeof match['path'] === 'string' && lines.length > 0) hits.push({ path: match['path'], lines });
      }
    }
  }
  return hits;
}

/** How many of the question's words a line holds (names count double). */
export function lineScore(line: string, terms: { names: string[]; words: string[] }): number {
  const lower = line.toLowerCase();
  let score = 0;
  for (const name of terms.names) if (lower.includes(name.toLowerCase())) score += 2;
  for (const word of terms.words) if (new RegExp(`(?<![\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu').test(lower)) score += 1;
  return score;
}

/**
 * The lookups for a question: a DEEP_SCAN for its first name (or its longest word), one for the
 * next term when the first finds nothing, then a read of the lines around the best hit.
 */
export function questionCall(question: string, toolMessages: readonly string[], callsMade: number, preferred: readonly string[] = []): PlannedCall | null {
  const terms = questionTerms(question);
  // Short word runs are searched together first ("tin box"): a line with all of them is the best hit.
  const together = terms.words.length >= 2 && terms.words.length <= 3 && terms.names.length === 0 ? [terms.words.join(' ')] : [];
  const searches = [...terms.names, ...together, ...terms.words].slice(0, 2);
  if (searches.length === 0) return null;
  const hits = locatorHits(toolMessages);
  const read = toolMessages.some((text) => text.includes('"start_line"') && text.includes('"total_lines"'));
  if (hits.length === 0) {
    const next = searches[callsMade];
    return next !== undefined && callsMade < 2 ? { tool: 'file_locator', args: { search_criteria: next, scan_mode: 'DEEP_SCAN', max_results: 4 } } : null;
  }
  if (read) return null;
  // Prose of the story first, then cards; headings and front matter say least.
  const weight = (path: string, text: string): number =>
    (path.startsWith('Story/') ? 0.5 : 0) +
    (preferred.some((source) => path.startsWith(source)) ? 3 : 0) +
    (/^\s*(?:#|[\w-]+:\s)/.test(text) ? -0.75 : 0) +
    Math.min(text.length, 160) / 1000;
  const ranked = hits
    .flatMap((hit) => hit.lines.map((line) => ({ path: hit.path, line: line.line, score: lineScore(line.text, terms) + weight(hit.path, line.text) })))
    .sort((left, right) => right.score - left.score || left.path.localeCompare(right.path) || left.line - right.line);
  const best = ranked[0];
  if (!best) return null;
  return { tool: 'file_reader', args: { path: best.path, start_line: Math.max(1, best.line - 3), end_line: best.line + 6 } };
}
