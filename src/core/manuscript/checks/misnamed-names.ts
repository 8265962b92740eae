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

/** Is `candidate` a misspelling of `form`? Multi-word names must share a word; short words never count. */
function nearMissDistance(candidate: string, form: string): number | null {
  if (candidate[0] !== form[0] || candidate === form) return null;
  const candidateWords = candidate.split(' ');
  const formWords = form.split(' ');
  if (candidateWords.length !== formWords.length) return null;
  if (form === `${candidate}s` || candidate === `${form}s` || candidate === `${form}es`) return null;
  const differing = candidateWords.filter((word, index) => word !== formWords[index]);
  if (candidateWords.length > 1 && differing.length === candidateWords.length) return null;
  if (differing.some((word) => word.length < 4)) return null;
  const distance = editDistance(candidate, form, 2);
  const limit = candidateWords.length === 1 && candidate.length < 7 ? 1 : 2;
  return distance >= 1 && distance <= limit ? distance : null;
}

/**
 * Finds misnamings such as `Merrick Glassworks` for `Marrick Glassworks`: capitalised word runs
 * (and their sub-runs of up to three words) that are not themselves a known name, are not used
 * anywhere in the Compendium or canon, start with the same letter as a known character or place
 * name or alias, and are within edit distance 1 (short single words) or 2 of it.
 */
export function findNearMisses(prose: FileProse, names: NameIndex, vocabulary: Vocabulary): NearMiss[] {
  const forms = names.forms().filter((form) => /^\p{Lu}/u.test(form));
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
          if (names.isKnownForm(candidate) || vocabulary.has(candidate)) continue;
          for (const form of forms) {
            const distance = nearMissDistance(candidate, form);
            if (distance === null) continue;
            const entity = names.entitiesFor(form)[0]!;
            const weak = first === last && startsSentence(paragraph, start);
            found.push({ text: candidate, line: lineOf(paragraph, start), form, entity, distance, weak });
          }
        }
      }
    }
  });
  return dedupe(found);
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
