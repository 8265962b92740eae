import type { CharacterCard } from './cards.js';
import { titleOf } from './name-forms.js';

// A nickname the card gives only in quotes: `Colonel Arthur "the Badger" Haverstock`, `called him "Tiger"`, `Known as: "Bun"`.
const NICKNAME_AFTER = /\b(?:call(?:s|ed|ing)?|known\s+as|nicknamed|dubbed)\s*:?\s+(?:(?:him|her|them)\s+)?(?:(?:only|just|simply|always)\s+)?["“]([^"”\n]{2,30})["”]/giu;
const QUOTED = /["“]([^"”\n]{2,30})["”]/gu;
// Titles every other person shares, which never name one person on their own.
const SHARED_TITLES = /^(?:Mr|Mrs|Ms|Miss|Mx|Old|Young|Little|Madame|Monsieur|Herr|Frau|Señor|Señora)\.?$/;

/** With a leading lower-case article, the form a sentence's first word takes too (`the Badger` → `The Badger`). */
function withCapital(form: string): string[] {
  return /^(?:the|a|an)\s/.test(form) ? [form, form[0]!.toUpperCase() + form.slice(1)] : [form];
}

const looksLikeName = (text: string): boolean => /\p{Lu}/u.test(text) && text.split(/\s+/).length <= 4 && !/[.!?,;]/.test(text);

/** Nicknames a character card gives in quotes: inside its name, or after "called", "known as", "nicknamed". */
export function quotedNicknames(card: CharacterCard): string[] {
  const found = new Set<string>();
  const nameLine = card.source.lines[card.name.line - 1] ?? '';
  for (const match of nameLine.matchAll(QUOTED)) if (looksLikeName(match[1]!.trim())) withCapital(match[1]!.trim()).forEach((form) => found.add(form));
  for (const line of card.source.lines) {
    for (const match of line.matchAll(NICKNAME_AFTER)) if (looksLikeName(match[1]!.trim())) withCapital(match[1]!.trim()).forEach((form) => found.add(form));
  }
  return [...found];
}

/**
 * `the Colonel` for the one character whose name carries that title (`Colonel Lionel Haverstock`),
 * when no one else in the cast has it; titles everyone shares (`Mr`, `Mrs`) never count.
 */
export function uniqueTitleForms(characters: readonly CharacterCard[]): Map<string, string[]> {
  const holders = new Map<string, CharacterCard[]>();
  for (const card of characters) {
    const title = titleOf(card.name.value)?.replace(/\.$/, '');
    if (!title || SHARED_TITLES.test(title)) continue;
    holders.set(title, [...(holders.get(title) ?? []), card]);
  }
  const forms = new Map<string, string[]>();
  for (const [title, cards] of holders) if (cards.length === 1) forms.set(cards[0]!.path, withCapital(`the ${title}`));
  return forms;
}
