import type { ParseProblem } from './finding.js';
import type { SourceText } from './file-ref.js';
import { listField, parseFrontMatter, textField } from './front-matter.js';
import { parseLabelledLine, parseQuestionLine, stripMarkdown, type Located } from './labelled-line.js';
import { genderOfTitle, titleOf, type Gender } from './name-forms.js';

export type { Gender } from './name-forms.js';

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

// Labels of facts a card states, and the many ways writers write them (folded onto one key).
const KEY_ALIASES: Record<string, string> = {
  alias: 'aliases', 'also known as': 'aliases', aka: 'aliases', 'a.k.a.': 'aliases', nickname: 'aliases', nicknames: 'aliases', 'known as': 'aliases',
  'other names': 'aliases', 'other name': 'aliases', called: 'aliases', 'also called': 'aliases', 'goes by': 'aliases', 'also goes by': 'aliases',
  'pet name': 'aliases', 'pet names': 'aliases', bynames: 'aliases', byname: 'aliases', 'nick name': 'aliases', 'nick names': 'aliases',
  eye: 'eyes', 'eye colour': 'eyes', 'eye color': 'eyes', 'eye colours': 'eyes', 'colour of eyes': 'eyes', eyecolor: 'eyes', eyecolour: 'eyes',
  'hair colour': 'hair', 'hair color': 'hair', haircolor: 'hair', haircolour: 'hair',
  'died in': 'died_in', 'died_in': 'died_in', died: 'died', dies: 'died', death: 'died', 'dies in': 'died_in', 'date of death': 'died', deceased: 'died', fate: 'died',
  'date of birth': 'born', dob: 'born', birthday: 'born', birthdate: 'born', 'birth date': 'born',
  'place of birth': 'birthplace', birthplace: 'birthplace', 'born in': 'birthplace', hometown: 'birthplace',
  'dominant hand': 'handedness', hand: 'handedness', hands: 'handedness', handed: 'handedness', handedness: 'handedness',
  sex: 'gender', pronouns: 'gender',
  type: 'kind',
};
const BODY_FIELD_KEYS = new Set([
  'name', 'role', 'eyes', 'hair', 'age', 'status', 'died_in', 'died', 'born', 'birthplace', 'handedness', 'gender', 'height', 'build', 'kind',
  'aliases', 'occupation', 'job', 'scars', 'scar', 'marks', 'distinguishing marks', 'distinguishing features', 'features', 'appearance',
  ...Object.keys(KEY_ALIASES),
]);

// Words a full stop abbreviates inside a name: titles (`Cmdr.`, `Dr.`) and initials (`J.`).
const NAME_ABBREVIATION = /(?:^|\s)(?:Mr|Mrs|Ms|Mx|Dr|Prof|Sgt|Capt|Cmdr|Cdr|Lt|Col|Gen|Adm|Maj|Insp|Supt|Rev|Cpl|Pte|Fr|St|Jr|Sr|\p{Lu})$/u;

/** A `Name:` field's name without the sentences after it: `Cmdr. Ada Voss. Everyone calls her Vee.` → `Cmdr. Ada Voss`. */
function nameOnly(value: string): string {
  // A description after the name: "Dr. Ilse Varga, station medic (narrator)", "Kaz Wolny — purser".
  const described = /\s*(?:\(|[—–]|\s-\s|,\s*(?=\p{Ll}|["“]))/u.exec(value);
  const name = described && described.index > 0 ? value.slice(0, described.index) : value;
  for (const stop of name.matchAll(/\.\s+(?=\p{Lu})/gu)) {
    if (!NAME_ABBREVIATION.test(name.slice(0, stop.index))) return name.slice(0, stop.index).trim();
  }
  return name.trim();
}

// What a parenthesis after a name says when it is no other name: a role, a date, a state.
const NOT_A_BYNAME = /^(?:pov|mc|narrator|protagonist|antagonist|deceased|dead|minor|main|villain|lead|viewpoint|née|nee|b\.|d\.)\b|\d/i;

/** The other name a parenthesis after the name gives: `Earl Hollis (Granddad)` → `Granddad`; null for `(narrator)`, `(b. 1917)`. */
function parenthesisedByname(value: string): string | null {
  // `Peigi MacAulay, “Granny Peigi”`: a quoted other name after a comma is one too.
  const quoted = /^[^,“”"]+,\s*["“]([^"“”]{2,40})["”]\s*$/.exec(value.trim())?.[1]?.trim();
  if (quoted !== undefined) return quoted;
  const inner = /^[^()]+\(([^()]+)\)\s*$/.exec(value.trim())?.[1]?.trim() ?? '';
  const words = inner.split(/\s+/);
  return /^\p{Lu}/u.test(inner) && words.length <= 4 && !NOT_A_BYNAME.test(inner) ? inner : null;
}

/** `CHAR-owen-tresk.md` → `Owen Tresk`, the name of last resort. */
function nameFromFile(path: string): string {
  const stem = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '').replace(/^(?:CHAR|PLACE|LORE)[-_]/i, '');
  return stem.split(/[-_\s]+/).filter(Boolean).map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' ');
}

/** A two-column table row, `| Eyes | grey |`, read as a labelled line. */
function tableField(line: string): { label: string; value: string } | null {
  const match = /^\s*\|\s*([^|]+?)\s*\|\s*([^|]*?)\s*\|\s*$/.exec(line.replace(/\*\*|__/g, ''));
  if (!match || /^:?-+:?$/.test(match[1]!)) return null;
  return { label: match[1]!.toLowerCase().replace(/[\s_-]+/g, ' '), value: match[2]! };
}

// A questionnaire's question names the field it asks for: "What colour are her eyes?", "Which hand?".
const QUESTION_KEYS: Array<[RegExp, string]> = [
  [/\beyes?\b/, 'eyes'],
  [/\bhair\b/, 'hair'],
  [/\bwhere\b.*\bborn\b|\bbirth\s*place\b|\bhome\s*town\b/, 'birthplace'],
  [/\bborn\b|\bbirth(?:day|date)?\b|\bdate of birth\b/, 'born'],
  [/\bhow old\b|\bage\b/, 'age'],
  [/\bhand(?:ed|edness)?\b/, 'handedness'],
  [/^(?:when|how|where)\b.*\b(?:die|dies|died)\b/, 'died'],
  [/\bhow tall\b|\bheight\b/, 'height'],
  [/\bphysical(?:ly)?\b|\bappearance\b|\blooks?\s+like\b|\bdistinguishing\b|\bscars?\b|\bmarks?\b|\bfeatures\b/, 'appearance'],
];
// A question about someone else ("What colour are her mother's eyes?") is not about the card's person.
const ASKS_ABOUT_OTHER = /\b(?:mother|father|mum|mom|dad|brother|sister|husband|wife|son|daughter|parents?|children|kids?|grand\w+|aunt|uncle|cousin|friend|partner|lover)\b/;
// "Haven't decided.", "TBD", "?": a field the writer has not filled in yet.
const UNDECIDED = /^(?:haven['’]t\s+decided|not\s+(?:yet\s+)?decided|undecided|unknown|not\s+sure|unsure|don['’]t\s+know|no\s+idea|tb[cd]|n\/a|\?+)(?=$|[\s.,;:!—–-])/i;

/** The field a questionnaire question asks for, or null when it asks for none the checks read. */
function questionKey(question: string): string | null {
  const asked = question.toLowerCase();
  if (ASKS_ABOUT_OTHER.test(asked)) return null;
  return QUESTION_KEYS.find(([pattern]) => pattern.test(asked))?.[1] ?? null;
}

// A trait written as a line of its own without a colon, as in plain-text notes: "eyes grey", "hair
// white, what's left of it", "b. 03/11/1888", "d. 16/04/1941", "born 1888".
const BARE_FIELD = /^\s*(?:[-*+]\s+)?(eyes|eye colou?r|hair|b\.|d\.|born|died|age)\s+(?=[\p{L}\d])(.{1,80})$/iu;

/** A `label value` line with no colon, for the few labels no sentence opens with; null otherwise. */
function bareField(text: string): { label: string; value: string } | null {
  const match = BARE_FIELD.exec(text);
  if (match === null) return null;
  const label = match[1]!.toLowerCase();
  const value = match[2]!.trim();
  // A field is a short note; a line that runs on into sentences ("Born 1975; blue eyes … He walks
  // with a limp") is prose, read as such.
  if (value.length > 50 || /[;]|[.!?]\s+\p{Lu}/u.test(value)) return null;
  // "Hair like a hayrick": a sentence, not a field; a date or an age must start with a number or a month.
  if (/^(?:b\.|d\.|born|died|age)$/.test(label) ? !/^(?:\d|c\.|circa|about|in\s+\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*)/iu.test(value) : /^(?:like|as|was|is|were|are|that|of)\b/i.test(value)) return null;
  return { label: label === 'b.' ? 'born' : label === 'd.' ? 'died' : label, value };
}

/** True when a field's value says it is not filled in yet. */
function undecided(value: string): boolean {
  return UNDECIDED.test(value.trim());
}

/** Parses the parts every card shares; tolerant of missing or broken front matter. */
export function parseCardBase(source: SourceText): CardBase {
  const frontMatter = parseFrontMatter(source.path, source.lines);
  const problems: ParseProblem[] = frontMatter.problem ? [frontMatter.problem] : [];
  const fields = new Map<string, Located<string>>();
  // The first statement of a field wins, but `aliases:` and `nicknames:` both name the person: every name is kept.
  const addField = (key: string, value: string, line: number): void => {
    if (value === '' || undecided(value)) return;
    const existing = fields.get(key);
    if (existing && key === 'aliases') existing.value = `${existing.value}, ${value}`;
    else if (!existing) fields.set(key, { value, line });
  };
  for (const key of Object.keys(frontMatter.data)) {
    const label = key.toLowerCase().replace(/[_-]+/g, ' ');
    const normal = KEY_ALIASES[label] ?? KEY_ALIASES[key.toLowerCase()] ?? key.toLowerCase();
    const list = listField(frontMatter.data, key).join(', ');
    const value = normal === 'aliases' ? list : textField(frontMatter.data, key) ?? list;
    addField(normal, value, frontMatter.keyLines.get(key) ?? 1);
  }
  let heading: Located<string> | null = null;
  // A question whose answer is on the next line (`### When was she born?` then `March 1971.`).
  let asked: string | null = null;
  for (let line = frontMatter.bodyStart; line <= source.lines.length; line += 1) {
    const text = source.lines[line - 1]!;
    const match = /^#\s+(.+?)\s*$/.exec(text);
    if (match && heading === null) heading = { value: match[1]!, line };
    if (text.trim() === '') continue;
    const question = parseQuestionLine(text);
    if (question) {
      const key = questionKey(question.question);
      asked = key !== null && question.answer === '' ? key : null;
      if (key !== null) addField(key, question.answer, line);
      continue;
    }
    const labelled = parseLabelledLine(text) ?? tableField(text) ?? bareField(text);
    const field = labelled && BODY_FIELD_KEYS.has(labelled.label) ? labelled : null;
    if (field) addField(KEY_ALIASES[field.label] ?? field.label.replace(/ /g, '_'), field.value, line);
    else if (asked !== null && !/^\s*#/.test(text)) addField(asked, stripMarkdown(text.replace(/\*\*|__/g, '').replace(/^\s*(?:[-*+]\s+)?(?:A[.:]\s*)?/, '')), line);
    asked = null;
  }
  const nameField = fields.get('name');
  const name = (nameField ? { value: nameOnly(nameField.value), line: nameField.line } : null) ?? heading ?? { value: nameFromFile(source.path), line: 1 };
  if (!fields.has('name')) {
    problems.push({ code: 'card_name_missing', message: `${source.path} has no "name:" field; using "${name.value}".`, path: source.path, line: name.line });
  }
  const aliasField = fields.get('aliases');
  const aliasListed = aliasField ? aliasField.value.split(/[,;]|\s+or\s+/).map((alias) => alias.trim()).filter((alias) => alias !== '' && alias !== name.value) : [];
  const aliases = aliasListed.map((value) => ({ value, line: aliasField!.line }));
  return { source, path: source.path, name, aliases, fields, bodyStart: frontMatter.bodyStart, problems };
}

/** A stated gender (`gender: female`, `pronouns: she/her`), else the title's, else the card prose's pronouns. */
function cardGender(base: CardBase): Gender {
  const stated = base.fields.get('gender')?.value.toLowerCase() ?? '';
  if (/\b(?:female|woman|girl|f|she|her)\b/.test(stated)) return 'female';
  if (/\b(?:male|man|boy|m|he|him)\b/.test(stated)) return 'male';
  return genderOfTitle(titleOf(base.name.value)) ?? guessGender(base.source, base.bodyStart);
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

/**
 * A person's other name in brackets after their name (`# Earl Hollis (Granddad)`, `Name: Ramón Ochoa (Mr. Ochoa)`):
 * the name without it, and the other name as an alias. A place's brackets describe it and stay.
 */
function withByname(base: CardBase): CardBase {
  const written = base.fields.get('name')?.value ?? base.name.value;
  const byname = parenthesisedByname(written);
  if (byname === null) return base;
  const cut = written.includes('(') ? written.lastIndexOf('(') : written.lastIndexOf(',');
  const name = { value: written.slice(0, cut).trim(), line: base.name.line };
  // "the Maighstir" opens a sentence as "The Maighstir".
  const forms = /^the\s/.test(byname) ? [byname, `T${byname.slice(1)}`] : [byname];
  const aliases = [...base.aliases, ...forms.filter((form) => !base.aliases.some((alias) => alias.value === form)).map((value) => ({ value, line: base.name.line }))];
  return { ...base, name: base.fields.has('name') ? base.name : name, aliases };
}

/** Parses a character card. */
export function parseCharacterCard(source: SourceText): CharacterCard {
  const base = withByname(parseCardBase(source));
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
    gender: cardGender(base),
  };
}

/** Parses a place card. */
export function parsePlaceCard(source: SourceText): PlaceCard {
  const base = parseCardBase(source);
  return { ...base, kind: 'place', placeKind: base.fields.get('kind') ?? null };
}
