import nlp from 'compromise';
import { editDistance } from '../edit-distance.js';
import type { NamedEntity, NameIndex } from '../name-index.js';
import { lineOf } from '../prose.js';
import { startsSentence, type FileProse } from '../scene-prose.js';
import type { Vocabulary } from '../vocabulary.js';

/** A capitalised name in prose that is one or two letters away from a Compendium name or alias. */
export interface NearMiss {
  text: string;
  line: number;
  /** The known form it resembles, and whose form it is. */
  form: string;
  entity: NamedEntity;
  distance: number;
  /** Weaker evidence: a single word at the start of a sentence. */
  weak: boolean;
}

const CAPITALISED_RUN = /(?<![\p{L}\p{N}])\p{Lu}\p{L}*(?:['’]\p{L}+)?(?:[ \n]\p{Lu}\p{L}*(?:['’]\p{L}+)?)*/gu;
const MAX_WORDS = 3;

function stripPossessive(word: string): string {
  return word.replace(/['’]s$/, '');
}

/**
 * `Cairnmos` for `Cairnmoss`: a word and the same word plus `s` are a singular and its plural (the
 * `Thornhills` of a `Thornhill`), unless the shorter already ends in `s` — English writes that
 * plural `-ses`, so a missing last `s` of a long `-ss` word is a slip of the pen.
 */
function isPluralPair(candidate: string, form: string): boolean {
  // (In capitals too: "THE HOLLISES" on a note are the Hollis family.)
  const [shorter, longer] = (candidate.length < form.length ? [candidate, form] : [form, candidate]).map((name) => name.toLowerCase()) as [string, string];
  if (longer === `${shorter}es`) return true;
  if (longer !== `${shorter}s`) return false;
  const lastWord = shorter.split(' ').pop()!;
  return !(lastWord.endsWith('s') && lastWord.length >= 6);
}

/** What a near-miss check may know of the file and the canon besides the form itself. */
interface NearMissGuard {
  /** True when a word is a name in its own right here (`Hal` as a person beside a `Gorse Hall`). */
  isName: (word: string) => boolean;
}

/**
 * Is `candidate` a misspelling of `form`? Multi-word names must share a word. A differing word
 * under four letters counts only as one letter's slip in a name whose other words all match
 * (`Gorse Hal` for `Gorse Hall`), starting with the same letter and not a name of its own.
 */
// What a family calls its own (`Grandma`, `Pépère`, `Auntie`): each a different person, never a
// slip of the pen for another (`Grandma` is not a misspelt `Granddad`).
const KINSHIP = /^(?:grand(?:ma|pa|mother|father|dad|mum|mom|mama|papa|ad)|gran|granny|grampa|gramps|nan|nana|nanna|mama|mamma|papa|pappy|pop|pops|mum|mom|mother|father|dad|daddy|mummy|mommy|ma|pa|auntie|aunty|aunt|uncle|nonna|nonno|oma|opa|abuela|abuelo|abuelita|abuelito|pépère|mémère|pepere|memere|babcia|dziadek)$/i;

function nearMissDistance(candidate: string, form: string, guard: NearMissGuard): number | null {
  if (candidate[0] !== form[0] || candidate === form) return null;
  if (KINSHIP.test(candidate) || KINSHIP.test(form)) return null;
  const candidateWords = candidate.split(' ');
  const formWords = form.split(' ');
  if (candidateWords.length !== formWords.length) return null;
  if (isPluralPair(candidate, form)) return null;
  const differing = candidateWords.map((_, index) => index).filter((index) => candidateWords[index] !== formWords[index]);
  if (candidateWords.length > 1 && differing.length === candidateWords.length) return null;
  const short = differing.filter((index) => candidateWords[index]!.length < 4 || formWords[index]!.length < 4);
  if (short.length > 0) return shortWordSlip(candidateWords, formWords, differing, guard);
  const distance = editDistance(candidate, form, 2);
  const limit = candidateWords.length === 1 && candidate.length < 7 ? 1 : 2;
  return distance >= 1 && distance <= limit ? distance : null;
}

/** A one-letter slip in the one short word that differs, the rest of a multi-word name intact. */
function shortWordSlip(candidateWords: readonly string[], formWords: readonly string[], differing: readonly number[], guard: NearMissGuard): 1 | null {
  if (candidateWords.length < 2 || differing.length !== 1) return null;
  const word = candidateWords[differing[0]!]!;
  const formWord = formWords[differing[0]!]!;
  if (word.length < 3 || formWord.length < 3 || word[0] !== formWord[0]) return null;
  if (guard.isName(word)) return null;
  return editDistance(word, formWord, 1) === 1 ? 1 : null;
}

/**
 * Finds misnamings such as `Merrick Glassworks` for `Marrick Glassworks`: capitalised word runs
 * (and their sub-runs of up to three words) that are not themselves a known name, are not used
 * anywhere in the Compendium or canon, start with the same letter as a known character or place
 * name or alias, and are within edit distance 1 (short single words, or a short word of a longer
 * name) or 2 of it. A plural is not a misspelling of its singular.
 */
export function findNearMisses(prose: FileProse, names: NameIndex, vocabulary: Vocabulary): NearMiss[] {
  // A surname that is an everyday word (`Moss`, `Marsh`) is near other everyday words (`Most`,
  // `March`), not misspelt as them: only the name's fuller forms are compared.
  const forms = names.forms().filter((form) => /^\p{Lu}/u.test(form) && !names.isWeakForm(form));
  // The distinctive first word of a longer name is written alone too ("Dunmorrie" of Dunmorrie
  // Light, "the tower on Dunmorrie"): compared on its own, for the entity of the whole name.
  const wordOf = new Map<string, string>();
  for (const form of forms) {
    const first = form.split(' ')[0]!;
    if (form.includes(' ') && /^\p{Lu}\p{Ll}{5,}$/u.test(first) && !names.isKnownForm(first)) wordOf.set(first, wordOf.has(first) ? '' : form);
  }
  const compared = [...forms, ...[...wordOf.entries()].filter(([, form]) => form !== '').map(([word]) => word)];
  const alone = wordsStandingAlone(prose);
  const lowerWords = lowerCaseWords(prose);
  const guard: NearMissGuard = { isName: (word) => names.isKnownForm(word) || vocabulary.has(word) || alone.has(word) };
  const found: NearMiss[] = [];
  prose.paragraphs.forEach((paragraph, paragraphIndex) => {
    const known = prose.mentions.filter((mention) => mention.paragraphIndex === paragraphIndex).map((mention) => mention.match);
    for (const run of paragraph.text.matchAll(CAPITALISED_RUN)) {
      const words: { text: string; start: number }[] = [];
      for (const word of run[0].matchAll(/\S+/g)) words.push({ text: word[0], start: run.index + word.index });
      for (let first = 0; first < words.length; first += 1) {
        for (let last = first; last < Math.min(words.length, first + MAX_WORDS); last += 1) {
          const start = words[first]!.start;
          const end = words[last]!.start + words[last]!.text.length;
          if (known.some((match) => match.start < end && start < match.end)) continue;
          const candidate = words.slice(first, last + 1).map((word, index, all) => (index === all.length - 1 ? stripPossessive(word.text) : word.text)).join(' ');
          if (names.isKnownForm(candidate) || vocabulary.has(candidate) || everydayWord(candidate, lowerWords)) continue;
          // A first word on its own is compared only where the prose writes a word on its own.
          for (const form of words.length === 1 ? compared : forms) {
            // A name that ends in a possessive (`Durnford's`, a shop) is compared without it, as the candidate is.
            const distance = nearMissDistance(candidate, stripPossessive(form), guard);
            if (distance === null) continue;
            const entity = names.entitiesFor(wordOf.get(form) || form)[0]!;
            if (entity.kind === 'character' && (petForm(candidate, stripPossessive(form)) || givenName(candidate))) continue;
            const weak = first === last && startsSentence(paragraph, start);
            found.push({ text: candidate, line: lineOf(paragraph, start), form, entity, distance, weak });
          }
        }
      }
    }
  });
  return dedupe(found);
}

const LEXICON = (nlp.model() as { one: { lexicon: Record<string, string | string[] | undefined> } }).one.lexicon;
const NAME_TAGS = /Name|Person|Place|Country|City|Region/;

/** The tags the English lexicon gives a lower-case word (none when it does not list it). */
function lexiconTags(word: string): string[] {
  const tags = LEXICON[word];
  return tags === undefined ? [] : [tags].flat();
}

/**
 * True when a single capitalised word is an everyday word ("Wait", "Water" opening a sentence):
 * in the English lexicon as something other than a name, or written in lower case in the file.
 */
function everydayWord(candidate: string, lowerWords: ReadonlySet<string>): boolean {
  if (candidate.includes(' ')) return false;
  const lower = candidate.toLowerCase();
  if (lowerWords.has(lower)) return true;
  const tags = lexiconTags(lower);
  return tags.length > 0 && !tags.some((tag) => NAME_TAGS.test(tag));
}

/** `Nance` for `Nancy`, `Bette` for `Betty`: a pet form that changes the last vowel, not a slip. */
function petForm(candidate: string, form: string): boolean {
  if (candidate.includes(' ') || form.includes(' ') || candidate.length !== form.length) return false;
  return candidate.slice(0, -1) === form.slice(0, -1) && /[aeiouy]$/i.test(candidate) && /[aeiouy]$/i.test(form);
}

/** "Amos" beside a card's "Ames": a given name of its own is another person, not a slip of the pen. */
function givenName(candidate: string): boolean {
  if (candidate.includes(' ')) return false;
  return lexiconTags(candidate.toLowerCase()).some((tag) => /^(?:MaleName|FemaleName|FirstName)$/.test(tag));
}

/** Words the file writes in lower case (everyday words, whatever their capital at a sentence's start). */
function lowerCaseWords(prose: FileProse): Set<string> {
  const words = new Set<string>();
  for (const paragraph of prose.paragraphs) for (const word of paragraph.text.matchAll(/(?<![\p{L}'’])\p{Ll}+(?![\p{L}])/gu)) words.add(word[0]);
  return words;
}

/** Capitalised words the file uses on their own, not inside a longer run of capitals (`Hal said`). */
function wordsStandingAlone(prose: FileProse): Set<string> {
  const alone = new Set<string>();
  for (const paragraph of prose.paragraphs) {
    for (const run of paragraph.text.matchAll(CAPITALISED_RUN)) {
      if (!/\s/.test(run[0])) alone.add(stripPossessive(run[0]));
    }
  }
  return alone;
}

/** One report per misnaming and line: the closest known form wins. */
function dedupe(found: readonly NearMiss[]): NearMiss[] {
  const best = new Map<string, NearMiss>();
  for (const miss of found) {
    const key = `${miss.line}:${miss.text}`;
    const current = best.get(key);
    if (!current || miss.distance < current.distance) best.set(key, miss);
  }
  return [...best.values()];
}
