import type { CharacterCard } from '../cards.js';
import { findSpeakerTags } from '../checks/speaker-tags.js';
import type { Paragraph } from '../prose.js';
import { characterOf, resolveSubject, type SubjectContext } from './resolve-subject.js';

/** Who speaks the quoted words of a paragraph, and how sure that is. */
export interface Speaker {
  card: CharacterCard;
  /** True for a tag that names them (`said Hale`, `Hale asked`); a pronoun tag keeps the resolver's word; turns taken in alternation are guesses. */
  certain: boolean;
}

const SPEECH = '(?:said|says|told|tells|asked|asks|replied|answered|called|shouted|whispered|muttered|murmured|added|snapped|cried|went\\s+on|demanded|insisted|growled|barked|sighed)';
// `"…," he said` after a quote, `She said, "…"` before one.
const PRONOUN_AFTER = new RegExp(`^[\\s,—–-]*(he|she|I)(?:\\s+\\p{L}+ly)?\\s+${SPEECH}\\b`, 'iu');
const PRONOUN_BEFORE = new RegExp(`\\b(he|she|I)(?:\\s+\\p{L}+ly)?\\s+${SPEECH}(?:\\s+\\p{L}+){0,3}[,:]?\\s*$`, 'iu');
// A beat of narration in the speaker's paragraph: `He drank. "…"`, `"…" She put the cup down.`
const PRONOUN_BEAT = /^\s*(he|she)\s+\p{Ll}+/iu;
// Narration that ends in a speech verb right before a quote: `Tom shrugged and said, "…"`.
const SPEECH_ENDS = new RegExp(`\\b${SPEECH}(?:\\s+\\p{L}+){0,3}[,:]?\\s*$`, 'iu');

function narration(paragraph: Paragraph): Array<{ start: number; end: number }> {
  const parts: Array<{ start: number; end: number }> = [];
  let at = 0;
  for (const quote of paragraph.quotes) {
    parts.push({ start: at, end: quote.start });
    at = quote.end;
  }
  parts.push({ start: at, end: paragraph.text.length });
  return parts.filter((part) => paragraph.text.slice(part.start, part.end).trim() !== '');
}

/** Names a quote speaks to (`"…, Colonel."`, `"Tench, …"`): its speaker is someone else. */
function addressed(context: SubjectContext, paragraphIndex: number): Set<CharacterCard> {
  const paragraph = context.prose.paragraphs[paragraphIndex]!;
  const cards = new Set<CharacterCard>();
  for (const mention of context.prose.mentions) {
    if (mention.paragraphIndex !== paragraphIndex || !mention.quoted) continue;
    const before = paragraph.text.slice(Math.max(0, mention.match.start - 2), mention.match.start);
    const after = paragraph.text.slice(mention.match.end, mention.match.end + 2);
    const card = characterOf(mention);
    if (card && (/[,"“]\s*$/.test(before) || /^\s*[,.!?]/.test(after))) cards.add(card);
  }
  return cards;
}

/** The speaker a paragraph's own tags and beats name, if they agree on one. */
function taggedSpeaker(context: SubjectContext, paragraphIndex: number, tags: ReadonlyMap<number, CharacterCard[]>): Speaker | null {
  const paragraph = context.prose.paragraphs[paragraphIndex]!;
  const named = tags.get(paragraphIndex) ?? [];
  if (named.length > 0) return new Set(named).size === 1 ? { card: named[0]!, certain: true } : null;
  const found: Speaker[] = [];
  for (const part of narration(paragraph)) {
    const text = paragraph.text.slice(part.start, part.end);
    if (SPEECH_ENDS.test(text) && part.end < paragraph.text.length) {
      // The one character named in the sentence that leads into the quote.
      const lead = Math.max(0, ...[...text.matchAll(/[.!?]\s+/g)].map((match) => match.index + match[0].length)) + part.start;
      const cards = new Set(context.prose.mentions.filter((mention) => mention.paragraphIndex === paragraphIndex && !mention.quoted && mention.match.start >= lead && mention.match.end <= part.end).map(characterOf));
      if (cards.size === 1 && !cards.has(null)) {
        found.push({ card: [...cards][0]!, certain: true });
        continue;
      }
    }
    const pronoun = PRONOUN_AFTER.exec(text) ?? PRONOUN_BEFORE.exec(text) ?? PRONOUN_BEAT.exec(text);
    if (pronoun === null) continue;
    if (pronoun[1] === 'I') {
      if (context.firstPerson && context.pointOfView) found.push({ card: context.pointOfView, certain: true });
      continue;
    }
    const offset = part.start + pronoun.index + pronoun[0].toLowerCase().indexOf(pronoun[1]!.toLowerCase());
    const subject = resolveSubject(context, paragraphIndex, offset, pronoun[1]!.toLowerCase());
    if (subject) found.push({ card: subject.card, certain: subject.certain });
  }
  return found.length > 0 && found.every((speaker) => speaker.card === found[0]!.card) ? found[0]! : null;
}

/**
 * Who speaks in each paragraph with dialogue: the name its tag gives (`said Hale`, `Hale said, "…"`),
 * else a pronoun tag or beat (`he said`, `He drank. "…"`) tied by the resolver, else — in a run of
 * paragraphs of bare dialogue — the turn taken in alternation with the last two speakers (the
 * narrator of a first-person chapter is one of them). A speaker is never the one the words address.
 */
export function dialogueSpeakers(context: SubjectContext): Map<number, Speaker> {
  const tags = new Map<number, CharacterCard[]>();
  for (const tag of findSpeakerTags(context.prose)) {
    const card = characterOf(tag.mention);
    if (card) tags.set(tag.mention.paragraphIndex, [...(tags.get(tag.mention.paragraphIndex) ?? []), card]);
  }
  const speakers = new Map<number, Speaker>();
  const narrator = context.firstPerson ? context.pointOfView : null;
  context.prose.paragraphs.forEach((paragraph, index) => {
    if (paragraph.quotes.length === 0) return;
    const speaker = taggedSpeaker(context, index, tags) ?? (unknownBeat(context, index) ? null : alternate(context, index, speakers, narrator));
    if (speaker && !addressed(context, index).has(speaker.card)) speakers.set(index, speaker);
  });
  return speakers;
}

// Words that open a sentence of narration without naming anyone.
const SENTENCE_OPENERS = new Set([
  'The', 'A', 'An', 'It', 'Then', 'But', 'And', 'There', 'This', 'That', 'These', 'Those', 'He', 'She', 'I', 'They', 'We', 'You', 'His',
  'Her', 'Its', 'Their', 'My', 'Our', 'When', 'Now', 'So', 'If', 'As', 'At', 'In', 'On', 'For', 'With', 'No', 'Yes', 'One', 'Someone',
  'Nobody', 'Everyone', 'Outside', 'Inside', 'Behind', 'Somewhere', 'After', 'Before', 'Still', 'Even', 'Only', 'Just', 'All', 'Both',
  'Silence', 'Nothing', 'Something', 'Everything', 'Later', 'Again', 'Once', 'Here', 'Over', 'Under', 'Down', 'Up', 'Out', 'From',
]);

/**
 * True when the narration right after a quote opens with a name the cast does not know ("Granny let
 * go of her face"): the words are that person's, so no turn is guessed for a known one.
 */
function unknownBeat(context: SubjectContext, paragraphIndex: number): boolean {
  const paragraph = context.prose.paragraphs[paragraphIndex]!;
  for (const quote of paragraph.quotes) {
    const match = /^\s+(\p{Lu}\p{Ll}+)\s+\p{Ll}+/u.exec(paragraph.text.slice(quote.end));
    if (match === null || SENTENCE_OPENERS.has(match[1]!)) continue;
    const at = quote.end + match[0].indexOf(match[1]!);
    if (!context.prose.mentions.some((mention) => mention.paragraphIndex === paragraphIndex && mention.match.start === at)) return true;
  }
  return false;
}

/** A bare line of dialogue takes the turn of the speaker two lines before, when the line between was another's or untagged. */
function alternate(context: SubjectContext, index: number, speakers: ReadonlyMap<number, Speaker>, narrator: CharacterCard | null): Speaker | null {
  const paragraphs = context.prose.paragraphs;
  const bare = (at: number): boolean => paragraphs[at] !== undefined && paragraphs[at]!.quotes.length > 0;
  if (!bare(index - 1) || !bare(index - 2)) return null;
  const twoBefore = speakers.get(index - 2);
  const oneBefore = speakers.get(index - 1);
  if (twoBefore === undefined) return null;
  if (oneBefore !== undefined && oneBefore.card === twoBefore.card) return null;
  // The line between is the other's turn (the narrator's, in a first-person chapter, when untagged).
  if (oneBefore === undefined && narrator === twoBefore.card) return null;
  // Turns alternate only between two: a third voice in the run makes the turn unknown.
  const voices = new Set<CharacterCard>();
  for (let at = index - 1; bare(at) && at >= index - 8; at -= 1) {
    const known = speakers.get(at);
    if (known) voices.add(known.card);
  }
  if (voices.size > 2) return null;
  return { card: twoBefore.card, certain: false };
}
