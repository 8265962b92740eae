import nlp from 'compromise';
import type { NameIndex } from '../name-index.js';
import { lineOf } from '../prose.js';
import { startsSentence, type FileProse } from '../scene-prose.js';

/** A capitalised name that no card covers: a suggestion for a new Compendium entry, never a fact. */
export interface ProposedName {
  text: string;
  /** `person`/`place` when compromise recognised it, else `unknown`. */
  guess: 'person' | 'place' | 'unknown';
  count: number;
  first: { path: string; line: number };
}

const NOT_NAMES = new Set(['I', 'Mr', 'Mrs', 'Ms', 'Dr', 'Miss', 'St', 'Sir', 'God', 'Mum', 'Mam', 'Dad', 'OK', 'Oh', 'Aye', 'No', 'Yes']);
// A full stop may only end an honorific or an initial (`Mrs. Baird`, `H. Vane`), never a sentence.
// Shouted words (`THE LIGHT WAS DARK`) are not names, so a word needs a lower-case second letter.
const WORD = "(?:(?:Mr|Mrs|Ms|Dr|St|Sgt|\\p{Lu})\\.|\\p{Lu}\\p{Ll}\\p{L}*(?:['’]\\p{L}+)?)";
const RUN = new RegExp(`(?<![\\p{L}\\p{N}])${WORD}(?:[ \\n]${WORD})*`, 'gu');
const LEADING_COMMON = /^(?:The|A|An|And|But|Then|When|If|So|Or|Yes|No|Oh|Now|Not|Only|Just|Still|Even|What|Who|Why|How|Because|Maybe|Please|In|On|At|By|From|To|For|With|After|Before|Of)\s+/;
const CALENDAR = /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/;
const MAX_PROPOSALS = 40;

/**
 * compromise's guess for a name on its own. Tagging whole paragraphs would give it more context but
 * costs a second per scene; names are short, and the guess is only a label on a suggestion.
 */
function guessKind(text: string, cache: Map<string, ProposedName['guess']>): ProposedName['guess'] {
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const doc = nlp(text);
  const guess = doc.people().found ? 'person' : doc.places().found ? 'place' : 'unknown';
  cache.set(text, guess);
  return guess;
}

/**
 * Proposes unknown names from the prose: capitalised runs that are not at the start of a sentence
 * (or are longer than one word) and are not a known name or alias, labelled with compromise's
 * people/places detection. These are only suggestions; no check treats them as facts.
 */
export function proposeNames(files: readonly FileProse[], names: NameIndex, exclude: ReadonlySet<string> = new Set()): ProposedName[] {
  const proposals = new Map<string, ProposedName>();
  const guesses = new Map<string, ProposedName['guess']>();
  for (const prose of files) {
    for (const [paragraphIndex, paragraph] of prose.paragraphs.entries()) {
      const known = prose.mentions.filter((mention) => mention.paragraphIndex === paragraphIndex).map((mention) => mention.match);
      for (const run of paragraph.text.matchAll(RUN)) {
        const lead = LEADING_COMMON.exec(run[0])?.[0].length ?? 0;
        const start = run.index + lead;
        const end = run.index + run[0].length;
        const text = run[0].slice(lead).replace(/\s+/g, ' ').replace(/['’]s$/, '').replace(/\.$/, '');
        if (known.some((match) => match.start < end && start < match.end)) continue;
        if (NOT_NAMES.has(text) || exclude.has(text) || names.isKnownForm(text) || text.length < 3 || CALENDAR.test(text) || /^I['’]/.test(text)) continue;
        if (/^[\p{Lu}\s.'’]+$/u.test(text)) continue;
        const guess = guessKind(text, guesses);
        if (!text.includes(' ') && startsSentence(paragraph, start) && guess === 'unknown') continue;
        const existing = proposals.get(text);
        if (existing) {
          existing.count += 1;
          continue;
        }
        proposals.set(text, { text, guess, count: 1, first: { path: prose.source.path, line: lineOf(paragraph, start) } });
      }
    }
  }
  return [...proposals.values()].sort((a, b) => b.count - a.count || a.text.localeCompare(b.text)).slice(0, MAX_PROPOSALS);
}
