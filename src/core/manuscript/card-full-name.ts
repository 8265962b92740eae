import type { CharacterCard } from './cards.js';
import { titleOf } from './name-forms.js';

const NAME_WORD = "\\p{Lu}[\\p{Ll}'’]+(?:-\\p{Lu}\\p{Ll}+)?";
const PARTICLE = '(?:van|von|de|da|del|della|di|du|la|le|ter|ten|bin|ibn|al)';
const ESCAPE = /[.*+?^${}()|[\]\\]/g;

/** The card's first line of prose: not a heading or tag line, a list item, a table row or a `Field:` line. */
function openingLine(card: CharacterCard): string | null {
  for (const raw of card.source.lines.slice(Math.max(0, card.bodyStart - 1))) {
    const line = raw.replace(/[*_]/g, '').trim();
    if (line === '' || /^#/.test(line)) continue;
    if (/^(?:[-+|>]|\d+[.)]\s)/.test(line) || /^[\p{L} ]{1,30}:/u.test(line)) return null;
    return line;
  }
  return null;
}

/**
 * The full name a card named by one word (a page called `Kasimir`) gives at the start of its prose:
 * "Kasimir Wolny. Retired lecturer…", "Tess Adair — the narrator", "Captain Ruth Sandoval, master
 * of the ship". The name must be followed by a stop, a dash, a comma or "is"/"was", so a sentence
 * that only begins with the name ("Declan Drives…", "Oona plays patience") gives nothing.
 */
export function statedFullName(card: CharacterCard): string | null {
  const given = card.name.value.trim();
  if (!/^\p{Lu}\p{Ll}+$/u.test(given)) return null;
  const line = openingLine(card);
  if (line === null) return null;
  const pattern = new RegExp(`^(?:(\\p{Lu}\\p{L}*\\.?)\\s+)?${given.replace(ESCAPE, '\\$&')}((?:\\s+(?:${PARTICLE}\\s+)?${NAME_WORD}){1,2})(?=\\s*(?:[.,;:(—–]|\\s-\\s|$)|\\s+(?:is|was)\\b)`, 'u');
  const match = pattern.exec(line);
  if (!match) return null;
  if (match[1] !== undefined && titleOf(`${match[1]} ${given}`) === null) return null;
  return `${match[1] === undefined ? '' : `${match[1]} `}${given}${match[2]!}`.replace(/\s+/g, ' ');
}
