import type { CharacterCard } from '../cards.js';
import { givenNameOf } from '../name-forms.js';
import { isQuoted, type Paragraph } from '../prose.js';

// A card that names its character the narrator: "Narrator.", "Role: narrator", "She narrates the book".
const NARRATOR_FIELD = /^(?:role|pov|point of view|voice|narration|narrator)$/i;
const NARRATOR_LINE = /^\s*(?:[-*]\s*)?(?:\*\*)?(?:the\s+)?narrator\b(?!['’]s)/i;
const NARRATOR_SENTENCE = /\b(?:is|as)\s+(?:the\s+|our\s+)?(?:first-person\s+)?narrator\b(?!['’]s)|\b(?:she|he|they)\s+narrates\b|\btells\s+the\s+story\b/i;
// The card's own name in apposition at a line's start: "Tess Adair — the narrator.", "Ilse Marten, the narrator, …".
const NARRATOR_APPOSITION = /^\s*((?:\p{Lu}[\p{L}'’.-]*\s+){0,3}\p{Lu}[\p{L}'’.-]*)\s*(?:[—–]|\s-|,)\s*(?:the|our)\s+narrator(?![\p{L}'’-])/u;
// "narrator" in brackets after the card's own name: "Name: Dr. Ilse Varga, station medic (narrator)".
const NARRATOR_BRACKETED = /\((?:[^()]*[,;]\s*)?(?:the\s+|our\s+)?(?:first-person\s+)?narrator\s*\)/i;
// A note tagged as the narrator's (`#character #narrator`); a tag has no space after its `#`.
const NARRATOR_TAG = /(?:^|\s)#narrator(?![\w-])/i;

/** True when a character card says its character tells the story. */
export function saysNarrator(card: CharacterCard): boolean {
  for (const [key, field] of card.fields) if (NARRATOR_FIELD.test(key) && /\bnarrator\b(?!['’]s)|\bfirst[\s-]person\b|^\s*(?:yes|true)\s*$/i.test(field.value)) return true;
  const body = card.source.lines.slice(Math.max(0, card.bodyStart - 1));
  const given = givenNameOf(card.name.value) ?? card.name.value;
  const apposed = (line: string): boolean => NARRATOR_APPOSITION.exec(line)?.[1]!.split(/\s+/).includes(given) ?? false;
  const bracketed = (line: string): boolean => {
    const match = NARRATOR_BRACKETED.exec(line);
    return match !== null && [...(line.slice(0, match.index).match(/\p{Lu}[\p{L}'’-]*/gu) ?? [])].includes(given);
  };
  return body.some((line) => NARRATOR_TAG.test(line) || (!/^\s*#/.test(line) && (NARRATOR_LINE.test(line) || NARRATOR_SENTENCE.test(line) || bracketed(line) || apposed(line))));
}

/** The one card that says it narrates, or null when none or several do. */
export function narratorCard(cards: readonly CharacterCard[]): CharacterCard | null {
  const found = cards.filter(saysNarrator);
  return found.length === 1 ? found[0]! : null;
}

const FIRST_PERSON = /\b(?:I|[Mm]e|[Mm]y|[Mm]yself)\b/g;

/** True when a chapter is told in the first person: `I`/`me`/`my` outside quotes in several places. */
export function toldInFirstPerson(paragraphs: readonly Paragraph[]): boolean {
  let count = 0;
  for (const paragraph of paragraphs) {
    for (const match of paragraph.text.matchAll(FIRST_PERSON)) {
      if (!isQuoted(paragraph, match.index)) count += 1;
      if (count >= 3) return true;
    }
  }
  return false;
}

// What a first-person narrator calls family, by the relation a card names ("The narrator's mother").
// ("Father" and "Mother" alone are left out: they are priests' and abbesses' titles too.)
const KIN_FORMS: ReadonlyArray<{ relation: RegExp; forms: string[] }> = [
  { relation: /^grand(?:mother|ma)$|^gran(?:ny)?$|^nan$/i, forms: ['Gran', 'Granny', 'Nan', 'Nana', 'Nanna', 'Grandma'] },
  { relation: /^grand(?:father|pa|ad)$/i, forms: ['Grandad', 'Granda', 'Grandpa'] },
  { relation: /^mother$/i, forms: ['Mum', 'Mam', 'Mom', 'Ma', 'Mammy', 'Mummy'] },
  { relation: /^father$/i, forms: ['Dad', 'Da', 'Daddy', 'Pa'] },
];
const RELATION = '(grandmother|grandma|granny|gran|nan|grandfather|grandpa|grandad|mother|father)';

/**
 * What the narrator calls the family the cards name: "Mum" for the one card that says it is "the
 * narrator's mother" (or "Nell's mother", "mother of Nell", by the narrator's given name), "Dad",
 * "Gran", "Grandad" likewise. Nothing without one narrator card, and nothing for a relation two
 * cards claim.
 */
export function narratorKin(cards: readonly CharacterCard[]): Map<string, string[]> {
  const narrator = narratorCard(cards);
  const kin = new Map<string, string[]>();
  if (narrator === null) return kin;
  const given = givenNameOf(narrator.name.value) ?? narrator.name.value;
  const names = ['the\\s+narrator', given.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')].join('|');
  const of = new RegExp(`\\b(?:(?:${names})(?:\\s+\\p{Lu}[\\p{L}'’-]+)?['’]s\\s+(?:own\\s+)?${RELATION}|${RELATION}\\s+(?:of|to)\\s+(?:${names})\\b)`, 'iu');
  const claims = new Map<number, CharacterCard[]>();
  for (const card of cards) {
    if (card === narrator) continue;
    const match = of.exec(card.source.lines.join('\n'));
    const relation = match?.[1] ?? match?.[2];
    const index = relation === undefined ? -1 : KIN_FORMS.findIndex((entry) => entry.relation.test(relation));
    if (index >= 0) claims.set(index, [...(claims.get(index) ?? []), card]);
  }
  for (const [index, claimed] of claims) if (claimed.length === 1) kin.set(claimed[0]!.path, KIN_FORMS[index]!.forms);
  return kin;
}
