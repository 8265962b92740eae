import type { CharacterCard } from '../cards.js';
import type { Finding } from '../finding.js';
import type { NamedEntity } from '../name-index.js';
import { isQuoted, lineOf, sentenceAt, type Paragraph } from '../prose.js';
import { lineText, type FileProse, type Mention } from '../scene-prose.js';

/**
 * How an eye-colour mention was tied to a character. Certain: `possessive` (`Hester’s grey eyes`)
 * and `sentence` (`Morag wiped her blue eyes`: the one character named before the eyes in the
 * sentence, and the pronoun fits). Guesses: `nearby` (one character named before, no pronoun),
 * `pronoun` (an earlier name the pronoun fits) and `point_of_view`.
 */
export type Attribution = 'possessive' | 'sentence' | 'nearby' | 'pronoun' | 'point_of_view';

/** `grey eyes` in prose, tied to the character whose eyes they are. */
export interface EyeColourMention {
  colour: string;
  /** The colour words, normalised (`gray` → `grey`). */
  hues: string[];
  line: number;
  character: CharacterCard;
  attribution: Attribution;
}

const HUE = 'grey|gray|blue|green|brown|hazel|black|amber|violet';
// "<colour> eyes", optionally with a shade before it and a second hue (`blue-grey`, `grey-green`).
const EYE_COLOUR = new RegExp(`(?<![\\p{L}])((?:(?:pale|light|dark|deep|bright|clear|cold|steel|sea|ice|washed-out)[- ])?(?:${HUE})(?:[- ](?:${HUE}))?)\\s+eyes?(?![\\p{L}])`, 'giu');
const PRONOUN_BEFORE = /\b(her|his)\s+(?:\p{L}+\s+){0,2}$/iu;
const OTHER_POSSESSOR = /(?:\b(?:my|your|their|our)\s+|\p{L}+['’]s\s+)(?:\p{L}+\s+){0,2}$/iu;

/** The colour words of a description, with `gray` folded to `grey`. */
export function huesOf(text: string): string[] {
  return [...text.toLowerCase().matchAll(new RegExp(HUE, 'g'))].map((match) => (match[0] === 'gray' ? 'grey' : match[0]));
}

function characterOf(mention: Mention): CharacterCard | null {
  const characters = mention.match.entities.filter((entity: NamedEntity) => entity.kind === 'character');
  return characters.length === 1 ? (characters[0]!.card as CharacterCard) : null;
}

function genderFits(card: CharacterCard, pronoun: string | null): boolean {
  if (pronoun === null || card.gender === null) return true;
  return (pronoun.toLowerCase() === 'her') === (card.gender === 'female');
}

/**
 * Finds `<colour> eyes` and decides whose eyes they are, deterministically:
 * 1. a possessive name right before (`Hester Vane’s green eyes`) — certain;
 * 2. otherwise the one character named earlier in the same sentence — certain when a fitting
 *    `her`/`his` stands before the colour, a guess without one;
 * 3. otherwise, after `her`/`his`, the nearest character named earlier in this or the previous
 *    paragraph whose card's pronouns fit, else the point-of-view character — a guess.
 * Eyes owned by someone unnamed (`her father’s grey eyes`, `your eyes`) are skipped.
 */
export function findEyeColourMentions(prose: FileProse, pointOfView: CharacterCard | null): EyeColourMention[] {
  const found: EyeColourMention[] = [];
  prose.paragraphs.forEach((paragraph, paragraphIndex) => {
    for (const match of paragraph.text.matchAll(EYE_COLOUR)) {
      const attributed = attribute(prose, paragraph, paragraphIndex, match.index, pointOfView);
      if (attributed === null) continue;
      found.push({ colour: match[1]!, hues: huesOf(match[1]!), line: lineOf(paragraph, match.index), ...attributed });
    }
  });
  return found;
}

function attribute(prose: FileProse, paragraph: Paragraph, paragraphIndex: number, offset: number, pointOfView: CharacterCard | null): Pick<EyeColourMention, 'character' | 'attribution'> | null {
  const quoted = isQuoted(paragraph, offset);
  const sentence = sentenceAt(paragraph, offset);
  const inParagraph = prose.mentions.filter((mention) => mention.paragraphIndex === paragraphIndex && mention.quoted === quoted);
  const possessive = inParagraph.find((mention) => mention.match.possessive && /^['’]s\s+(?:\p{L}+[\s-]+){0,2}$/u.test(paragraph.text.slice(mention.match.end, offset)));
  if (possessive) {
    const character = characterOf(possessive);
    return character ? { character, attribution: 'possessive' } : null;
  }
  const before = paragraph.text.slice(sentence.start, offset);
  if (OTHER_POSSESSOR.test(before)) return null;
  const pronoun = PRONOUN_BEFORE.exec(before)?.[1] ?? null;
  // Only names before the eyes: in "the blue eyes wide, and Hester understood" Hester is not the owner.
  const inSentence = new Set(
    inParagraph
      .filter((mention) => mention.match.start >= sentence.start && mention.match.start < offset)
      .map(characterOf)
      .filter((card): card is CharacterCard => card !== null && genderFits(card, pronoun)),
  );
  if (inSentence.size === 1) return { character: [...inSentence][0]!, attribution: pronoun === null ? 'nearby' : 'sentence' };
  if (inSentence.size > 1 || pronoun === null) return null;
  // Walk back through earlier mentions (this paragraph, then the one before) for the nearest fit.
  // Possessives (`the harbourmaster’s desk`) are rarely what a pronoun points back to.
  const earlier = prose.mentions
    .filter((mention) => (mention.paragraphIndex === paragraphIndex && mention.match.start < sentence.start) || mention.paragraphIndex === paragraphIndex - 1)
    .filter((mention) => !mention.match.possessive)
    .reverse();
  for (const mention of earlier) {
    const character = characterOf(mention);
    if (character && genderFits(character, pronoun)) return { character, attribution: 'pronoun' };
  }
  return pointOfView && genderFits(pointOfView, pronoun) ? { character: pointOfView, attribution: 'point_of_view' } : null;
}

/** Eye colours in prose that no colour on the character's card agrees with. */
export function eyeColourFindings(prose: FileProse, pointOfView: CharacterCard | null): Finding[] {
  const findings: Finding[] = [];
  for (const mention of findEyeColourMentions(prose, pointOfView)) {
    const card = mention.character;
    if (card.eyes === null) continue;
    const canonHues = huesOf(card.eyes.value);
    if (canonHues.length === 0 || mention.hues.some((hue) => canonHues.includes(hue))) continue;
    const certain = mention.attribution === 'possessive' || mention.attribution === 'sentence';
    findings.push({
      kind: 'eye_colour_mismatch',
      severity: certain ? 'error' : 'warning',
      message: `${card.name.value}'s eyes are "${mention.colour}" here, but the card says "${card.eyes.value}"${certain ? '' : ` (the eyes were tied to ${card.name.value} by ${mention.attribution.replace(/_/g, ' ')}; check who is meant)`}.`,
      path: prose.source.path,
      line: mention.line,
      quote: lineText(prose.source, mention.line),
      canon: { path: card.path, line: card.eyes.line, value: card.eyes.value },
    });
  }
  return findings;
}
