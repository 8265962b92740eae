import type { CharacterCard, PlaceCard } from './cards.js';
import { derivedNameForms, givenNameOf, isCommonWordForm, titleOf } from './name-forms.js';
import { shortFormsOf } from './short-forms.js';
import { quotedNicknames, statedBynames, uniqueTitleForms } from './card-nicknames.js';
import { statedFullName } from './card-full-name.js';

/** A Compendium entry that can be named in prose: a character or a place, with all its forms. */
export interface NamedEntity {
  /** The card's path, a stable id. */
  id: string;
  kind: 'character' | 'place';
  name: string;
  /** Name and aliases as written on the card, then the forms derived from the name and learned from the text. */
  forms: string[];
  /** Derived forms that are also everyday words (`Will`, `Price`): not matched at a sentence's start. */
  weakForms?: string[];
  card: CharacterCard | PlaceCard;
}

/** A name or alias found in text. */
export interface NameMatch {
  /** The matched text, exactly as written (without a possessive ending). */
  text: string;
  start: number;
  end: number;
  /** Every entity that uses this form; more than one means the form is ambiguous. */
  entities: NamedEntity[];
  /** True for `Mara’s` / `Mara's`. */
  possessive: boolean;
}

const ESCAPE = /[.*+?^${}()|[\]\\]/g;
const APOSTROPHES = /['’]/g;

/** Curly and straight apostrophes are the same letter to a reader; match either. */
function formPattern(form: string): string {
  return form
    .split(APOSTROPHES)
    .map((part) => part.replace(ESCAPE, '\\$&').replace(/\s+/g, '\\s+'))
    .join("['’]");
}

// Words before a surname that keep it the card's: titles and kin ("Mr Bevan", "Old Bevan", "Aunt Bevan").
const SURNAME_LEADS = /^(?:mr|mrs|ms|miss|dr|doctor|master|mister|sir|lady|lord|old|young|little|big|captain|capt|colonel|major|sergeant|reverend|rev|father|mother|sister|brother|aunt|auntie|uncle|granny|grandad|grandpa|grandma|nurse|constable|inspector|professor|judge|widow|the|and|but|then|when|if|so|as|at|by|for|from|to|with|said|asked|old|poor|dear)$/i;

/**
 * True when a surname form stands after a given name the card does not carry: "Elin Bevan" is
 * another of the Bevans, not Hywel Bevan.
 */
function kinWithOtherName(entity: NamedEntity, form: string, before: string): boolean {
  if (entity.kind !== 'character' || form.includes(' ')) return false;
  const words = entity.name.trim().split(/\s+/);
  if (words.length < 2 || words[words.length - 1] !== form) return false;
  const lead = /(\p{Lu}\p{Ll}+)\s+$/u.exec(before);
  if (lead === null || SURNAME_LEADS.test(lead[1]!) || isCommonWordForm(lead[1]!)) return false;
  return !entity.forms.some((known) => known.split(/\s+/).includes(lead[1]!));
}

/**
 * Finds Compendium names and aliases in prose deterministically, the way NovelCrafter's Codex does:
 * whole words only, the longest form wins (`Dr. Colm Reddaway` before `Reddaway`), proper names
 * are case-sensitive, and a lower-case alias (`the harbourmaster`) also matches capitalised at a
 * sentence start. Nothing is guessed: unknown names are left to the proposal step.
 */
export class NameIndex {
  readonly entities: readonly NamedEntity[];
  private readonly byForm = new Map<string, NamedEntity[]>();
  private readonly pattern: RegExp | null;

  constructor(entities: readonly NamedEntity[]) {
    this.entities = entities;
    for (const entity of entities) {
      for (const form of new Set(entity.forms.map((form) => form.trim()).filter((form) => form !== ''))) {
        for (const variant of this.variants(form)) {
          const list = this.byForm.get(variant) ?? [];
          if (!list.includes(entity)) list.push(entity);
          this.byForm.set(variant, list);
        }
      }
    }
    const forms = [...this.byForm.keys()].sort((a, b) => b.length - a.length || a.localeCompare(b));
    this.pattern = forms.length === 0 ? null : new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms.map(formPattern).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  }

  private variants(form: string): string[] {
    const folded = form.replace(APOSTROPHES, "'");
    if (/^\p{Ll}/u.test(folded)) return [folded, folded[0]!.toUpperCase() + folded.slice(1)];
    // A name in capitals on a badge, a sign or a letterhead ("her name on a badge: OONA"); not for
    // names that are everyday words, nor for initials.
    const shouted = folded.toUpperCase();
    if (/^\p{Lu}\p{Ll}{2,}(?:\s+\p{Lu}\p{Ll}+)*$/u.test(folded) && !isCommonWordForm(folded)) return [folded, shouted];
    return [folded];
  }

  /** Every name or alias in `text`, left to right, longest form first at each position. */
  find(text: string): NameMatch[] {
    if (this.pattern === null) return [];
    const matches: NameMatch[] = [];
    for (const match of text.matchAll(this.pattern)) {
      const key = match[0].replace(/\s+/g, ' ').replace(APOSTROPHES, "'");
      const entities = (this.byForm.get(key) ?? []).filter((entity) => !kinWithOtherName(entity, key, text.slice(Math.max(0, match.index - 40), match.index)));
      const end = match.index + match[0].length;
      matches.push({ text: match[0], start: match.index, end, entities, possessive: /^['’]s(?![\p{L}\p{N}])/u.test(text.slice(end)) });
    }
    return matches;
  }

  /** True when `text` is exactly a known name or alias (case-sensitive, apostrophes folded). */
  isKnownForm(text: string): boolean {
    return this.byForm.has(text.replace(/\s+/g, ' ').replace(APOSTROPHES, "'"));
  }

  /** Every known form, for near-miss comparison. */
  forms(): string[] {
    return [...this.byForm.keys()];
  }

  /** True when every entity using this form has it only as a derived everyday word (`Will`, `Rose`). */
  isWeakForm(form: string): boolean {
    const entities = this.entitiesFor(form);
    const key = form.replace(/\s+/g, ' ').replace(APOSTROPHES, "'");
    return entities.length > 0 && entities.every((entity) => entity.weakForms?.includes(key) ?? false);
  }

  /** Entities using exactly this form. */
  entitiesFor(form: string): NamedEntity[] {
    return this.byForm.get(form.replace(/\s+/g, ' ').replace(APOSTROPHES, "'")) ?? [];
  }

  /**
   * Resolves a name as written in an outline or front matter (`Hester`, `Dr. Reddaway`,
   * `hester vane`) to one entity: exact form first, then case-insensitive; null when unknown or
   * ambiguous.
   */
  resolve(name: string): NamedEntity | null {
    const exact = this.entitiesFor(name.trim());
    if (exact.length === 1) return exact[0]!;
    const lower = name.trim().toLowerCase().replace(APOSTROPHES, "'");
    const loose = this.entities.filter((entity) => entity.forms.some((form) => form.toLowerCase().replace(APOSTROPHES, "'") === lower));
    return loose.length === 1 ? loose[0]! : null;
  }
}

/** Extra forms per card path: nicknames learned from the text, or anything else known about a name. */
export type LearnedForms = ReadonlyMap<string, readonly string[]>;

/**
 * Short forms of each character's given name (`Tom` for Thomas, `Peg` for Margaret) that no one
 * else in the cast can claim: not another card's name or derived form, nor another given name's
 * short form too (`Kate` when both a Katherine and a Catherine are on cards).
 */
function ownedShortForms(characters: readonly CharacterCard[], explicit: ReadonlySet<string>): Map<string, string[]> {
  const claims = new Map<string, string[]>();
  for (const card of characters) {
    const given = givenNameOf(card.name.value);
    for (const form of given === null ? [] : shortFormsOf(given)) claims.set(form, [...(claims.get(form) ?? []), card.path]);
  }
  const derivedBy = new Map<string, Set<string>>();
  for (const card of characters) {
    for (const form of derivedNameForms(card.name.value, card.gender)) derivedBy.set(form, (derivedBy.get(form) ?? new Set()).add(card.path));
  }
  const owned = new Map<string, string[]>();
  for (const [form, paths] of claims) {
    if (paths.length !== 1 || explicit.has(form)) continue;
    if ([...(derivedBy.get(form) ?? [])].some((path) => path !== paths[0])) continue;
    owned.set(paths[0]!, [...(owned.get(paths[0]!) ?? []), form]);
  }
  return owned;
}

/**
 * Title + surname forms (`Mr. Pell`, `Mrs Rigg`) that one card's name carries outright (`Mr. Josiah
 * Pell`): readers give them to that person, not to a son or daughter who could be called so too.
 */
function titleCarriers(characters: readonly CharacterCard[], fullNames: ReadonlyMap<string, string | null>): Map<string, string> {
  const claims = new Map<string, string[]>();
  for (const card of characters) {
    const name = fullNames.get(card.path) ?? card.name.value;
    const title = titleOf(name)?.replace(/\.$/, '');
    if (!title) continue;
    const carried = derivedNameForms(name, card.gender).filter((form) => form.split(' ').length === 2 && form.replace(/\.(?= )/, '').startsWith(`${title} `));
    for (const form of carried) claims.set(form, [...(claims.get(form) ?? []), card.path]);
  }
  return new Map([...claims].filter(([, paths]) => paths.length === 1).map(([form, paths]) => [form, paths[0]!] as const));
}

/**
 * Builds the index from character and place cards: each card's name and aliases, the forms a
 * reader uses for a person (first name, surname, title + surname; see `derivedNameForms`) and any
 * learned forms. A derived form that another entry states outright (an alias, a place's name)
 * is left to that entry; derived forms two people share stay ambiguous.
 */
const KIN_TITLE = /^(uncle|aunt|auntie|aunty|granny|grandma|grandad|granddad|grandpa|cousin)\s+\p{Lu}/iu;

/**
 * "my uncle" for the one card called `Uncle Tom`: how a narrator names their own kin. Only a kin
 * word one card alone carries as a title gives the form.
 */
function kinForms(characters: readonly CharacterCard[], stated: (card: CharacterCard) => string[]): Map<string, string[]> {
  const carriers = new Map<string, string[]>();
  for (const card of characters) {
    for (const word of new Set(stated(card).map((form) => KIN_TITLE.exec(form)?.[1]?.toLowerCase()).filter((word) => word !== undefined))) {
      const key = word.replace(/^(?:auntie|aunty)$/, 'aunt');
      carriers.set(key, [...(carriers.get(key) ?? []), card.path]);
    }
  }
  const forms = new Map<string, string[]>();
  for (const [word, paths] of carriers) if (paths.length === 1) forms.set(paths[0]!, [...(forms.get(paths[0]!) ?? []), `my ${word}`]);
  return forms;
}

export function buildNameIndex(characters: readonly CharacterCard[], places: readonly PlaceCard[], learned: LearnedForms = new Map()): NameIndex {
  const titled = uniqueTitleForms(characters);
  // A card named by one word may give the whole name in its prose: the reader's forms come from that.
  const fullNames = new Map(characters.map((card) => [card.path, statedFullName(card)] as const));
  const nicknames = new Map(characters.map((card) => [card.path, [...quotedNicknames(card), ...statedBynames(card), ...(titled.get(card.path) ?? [])]] as const));
  const stated = (card: CharacterCard | PlaceCard): string[] => [...new Set([card.name.value, ...card.aliases.map((alias) => alias.value), ...(nicknames.get(card.path) ?? []), ...(learned.get(card.path) ?? [])])];
  const explicit = new Set([...characters, ...places].flatMap((card) => stated(card).map((form) => form.replace(APOSTROPHES, "'"))));
  const shortForms = ownedShortForms(characters, explicit);
  const titledSurnames = titleCarriers(characters, fullNames);
  const kin = kinForms(characters, stated);
  const entity = (card: CharacterCard | PlaceCard): NamedEntity => {
    const own = stated(card);
    const named = card.kind === 'character' ? [...derivedNameForms(fullNames.get(card.path) ?? card.name.value, card.gender), ...(shortForms.get(card.path) ?? [])] : [];
    const derived = [...new Set([...named, ...(kin.get(card.path) ?? [])])].filter((form) => !own.includes(form) && !explicit.has(form.replace(APOSTROPHES, "'")) && (titledSurnames.get(form) ?? card.path) === card.path);
    return {
      id: card.path,
      kind: card.kind,
      name: card.name.value,
      forms: [...own, ...derived],
      weakForms: derived.filter(isCommonWordForm),
      card,
    };
  };
  return new NameIndex([...characters.map(entity), ...places.map(entity)]);
}
