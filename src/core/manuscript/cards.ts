import type { ParseProblem } from './finding.js';
import type { SourceText } from './file-ref.js';
import { listField, parseFrontMatter, textField } from './front-matter.js';
import { parseLabelledLine, type Located } from './labelled-line.js';

/** What every Compendium card has: a name, its aliases and where each field was stated. */
export interface CardBase {
  source: SourceText;
  path: string;
  name: Located<string>;
  aliases: Located<string>[];
  /** Every field found (front matter first, then `Label: value` lines of the body), by lower-case key. */
  fields: Map<string, Located<string>>;
  /** First line after the front matter. */
  bodyStart: number;
  problems: ParseProblem[];
}

/** Which pronouns a card's prose uses for the character; null when unclear. */
export type Gender = 'female' | 'male' | null;

/** A character card (`Compendium/Characters/CHAR-*.md`). */
export interface CharacterCard extends CardBase {
  kind: 'character';
  eyes: Located<string> | null;
  hair: Located<string> | null;
  age: Located<string> | null;
  /** `alive`, `dead` or whatever the card says, lower-cased. */
  status: Located<string> | null;
  diedIn: Located<string> | null;
  /** Guessed from the pronouns of the card's prose; used only to resolve `she`/`he` in scenes. */
  gender: Gender;
}

/** A place card (`Compendium/Places/PLACE-*.md`). */
export interface PlaceCard extends CardBase {
  kind: 'place';
  placeKind: Located<string> | null;
}

const BODY_FIELD_KEYS = new Set(['name', 'aliases', 'alias', 'also known as', 'aka', 'role', 'eyes', 'eye colour', 'eye color', 'hair', 'age', 'status', 'died in', 'died_in', 'kind', 'type']);
const KEY_ALIASES: Record<string, string> = { alias: 'aliases', 'also known as': 'aliases', aka: 'aliases', 'eye colour': 'eyes', 'eye color': 'eyes', 'died in': 'died_in', type: 'kind' };

/** `CHAR-owen-tresk.md` → `Owen Tresk`, the name of last resort. */
function nameFromFile(path: string): string {
  const stem = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '').replace(/^(?:CHAR|PLACE|LORE)[-_]/i, '');
  return stem.split(/[-_\s]+/).filter(Boolean).map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' ');
}

/** Parses the parts every card shares; tolerant of missing or broken front matter. */
export function parseCardBase(source: SourceText): CardBase {
  const frontMatter = parseFrontMatter(source.path, source.lines);
  const problems: ParseProblem[] = frontMatter.problem ? [frontMatter.problem] : [];
  const fields = new Map<string, Located<string>>();
  for (const key of Object.keys(frontMatter.data)) {
    const normal = KEY_ALIASES[key.toLowerCase()] ?? key.toLowerCase();
    const value = key.toLowerCase() === 'aliases' ? listField(frontMatter.data, key).join(', ') : textField(frontMatter.data, key);
    if (value !== null && value !== '') fields.set(normal, { value, line: frontMatter.keyLines.get(key) ?? 1 });
  }
  let heading: Located<string> | null = null;
  for (let line = frontMatter.bodyStart; line <= source.lines.length; line += 1) {
    const text = source.lines[line - 1]!;
    const match = /^#\s+(.+?)\s*$/.exec(text);
    if (match && heading === null) heading = { value: match[1]!, line };
    const labelled = parseLabelledLine(text);
    if (labelled && BODY_FIELD_KEYS.has(labelled.label) && labelled.value !== '') {
      const key = KEY_ALIASES[labelled.label] ?? labelled.label.replace(/ /g, '_');
      if (!fields.has(key)) fields.set(key, { value: labelled.value, line });
    }
  }
  const name = fields.get('name') ?? heading ?? { value: nameFromFile(source.path), line: 1 };
  if (!fields.has('name')) {
    problems.push({ code: 'card_name_missing', message: `${source.path} has no "name:" field; using "${name.value}".`, path: source.path, line: name.line });
  }
  const aliasField = fields.get('aliases');
  const aliasListed = aliasField ? aliasField.value.split(',').map((alias) => alias.trim()).filter((alias) => alias !== '' && alias !== name.value) : [];
  const aliases = aliasListed.map((value) => ({ value, line: aliasField!.line }));
  return { source, path: source.path, name, aliases, fields, bodyStart: frontMatter.bodyStart, problems };
}

/** Counts the card prose's pronouns; a clear majority decides, otherwise null. */
function guessGender(source: SourceText, bodyStart: number): Gender {
  const prose = source.lines.slice(bodyStart - 1).join(' ');
  const female = (prose.match(/\b(?:she|her|hers|herself)\b/gi) ?? []).length;
  const male = (prose.match(/\b(?:he|him|his|himself)\b/gi) ?? []).length;
  if (female > male * 2 && female >= 2) return 'female';
  if (male > female * 2 && male >= 2) return 'male';
  return null;
}

/** Parses a character card. */
export function parseCharacterCard(source: SourceText): CharacterCard {
  const base = parseCardBase(source);
  const field = (key: string): Located<string> | null => base.fields.get(key) ?? null;
  const status = field('status');
  return {
    ...base,
    kind: 'character',
    eyes: field('eyes'),
    hair: field('hair'),
    age: field('age'),
    status: status === null ? null : { value: status.value.toLowerCase(), line: status.line },
    diedIn: field('died_in'),
    gender: guessGender(source, base.bodyStart),
  };
}

/** Parses a place card. */
export function parsePlaceCard(source: SourceText): PlaceCard {
  const base = parseCardBase(source);
  return { ...base, kind: 'place', placeKind: base.fields.get('kind') ?? null };
}
