import { tally } from './dialogue-stats.js';
import type { ProseDocument, ProseWord } from './prose-document.js';
import type { PovSignals, PovVerdict } from './prose-report.js';
import { isCapitalized } from './speech-words.js';

/** Grammatical person of a pronoun. */
export type Person = 'first' | 'second' | 'third';

const PRONOUN_PERSON = new Map<string, Person>([
  ...['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves'].map((word) => [word, 'first'] as const),
  ...['you', 'your', 'yours', 'yourself', 'yourselves'].map((word) => [word, 'second'] as const),
  ...['he', 'him', 'his', 'himself', 'she', 'her', 'hers', 'herself', 'they', 'them', 'their', 'theirs', 'themselves'].map(
    (word) => [word, 'third'] as const,
  ),
]);
// Verbs that open a character's mind: narration that uses them for several people is omniscient.
const INTERIOR_LEMMAS = new Set([
  'think', 'wonder', 'know', 'feel', 'realize', 'realise', 'remember', 'wish', 'hope', 'fear', 'want', 'believe',
  'suspect', 'decide', 'sense', 'imagine', 'doubt', 'worry', 'regret', 'recall', 'understand', 'guess',
]);
const SENTENCE_OPENERS = new Set(['ADV', 'CCONJ', 'SCONJ', 'INTJ']);
const SUBJECT_PRONOUNS = new Set(['i', 'he', 'she', 'they', 'we', 'you']);
const MIN_PRONOUNS = 5;
const DOMINANT_SHARE = 0.25;

/** The person of a word if it is a personal pronoun ("I’m" counts as "I"). */
export function pronounPerson(word: ProseWord): Person | null {
  const base = word.normal.split(/['\u2019]/)[0] ?? '';
  return PRONOUN_PERSON.get(base) ?? null;
}

/** Counts pronouns by person among the words that pass `include`. */
export function countPersons(words: readonly ProseWord[], include: (word: ProseWord) => boolean): { first: number; second: number; third: number } {
  const counts = { first: 0, second: 0, third: 0 };
  for (const word of words) {
    const person = include(word) ? pronounPerson(word) : null;
    if (person !== null) counts[person] += 1;
  }
  return counts;
}

/** The subject of a thinking verb at `index`, when it opens its sentence ("Then Mara knew"), else null. */
function interiorSubject(words: readonly ProseWord[], index: number): string | null {
  const subject = words[index - 1];
  if (subject === undefined || subject.quote >= 0 || subject.sentence !== words[index]?.sentence) return null;
  const named = isCapitalized(subject.text) && subject.pos === 'PROPN';
  if (!named && !SUBJECT_PRONOUNS.has(subject.normal)) return null;
  for (let cursor = index - 2, skipped = 0; ; cursor -= 1, skipped += 1) {
    const before = words[cursor];
    if (before === undefined || before.sentence !== subject.sentence) break;
    if (skipped >= 2 || !SENTENCE_OPENERS.has(before.pos)) return null;
  }
  return named ? subject.text : subject.normal;
}

function verdictOf(counts: { first: number; second: number; third: number }, interior: Record<string, number>): PovVerdict {
  const total = counts.first + counts.second + counts.third;
  if (total < MIN_PRONOUNS) return 'unclear';
  if (counts.first >= DOMINANT_SHARE * total && counts.first >= counts.second) return 'first';
  if (counts.second >= DOMINANT_SHARE * total) return 'second';
  const mindsEntered = Object.entries(interior).filter(([subject, uses]) => isCapitalized(subject) && uses >= 2).length;
  return mindsEntered >= 2 ? 'third-omniscient' : 'third-limited';
}

/**
 * Point-of-view signals from narration only (speech is excluded: characters say "I" in any POV).
 * Third person is "limited" unless two or more named characters each think or feel in narration.
 */
export function povSignals(document: ProseDocument, declared: string | null): PovSignals {
  const counts = countPersons(document.words, (word) => word.quote < 0);
  const subjects: string[] = [];
  document.words.forEach((word, index) => {
    if (word.quote >= 0 || word.pos !== 'VERB' || !INTERIOR_LEMMAS.has(word.lemma)) return;
    const subject = interiorSubject(document.words, index);
    if (subject !== null) subjects.push(subject);
  });
  const interior = tally(subjects);
  return {
    verdict: verdictOf(counts, interior),
    declared,
    first_person: counts.first,
    second_person: counts.second,
    third_person: counts.third,
    interior: Object.fromEntries(Object.entries(interior).slice(0, 10)),
  };
}
