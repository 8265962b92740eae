import type { ImportKind, SkippedItem } from '../../protocol/imports.js';
import { parseFrontMatter } from '../manuscript/front-matter.js';
import { capitalLeadEntries } from './capital-entries.js';
import { classifySection, labelledKind } from './classify-section.js';
import { labelledHeading } from './decimal-label.js';
import { definitionEntries } from './definition-list.js';
import { groupKind, noteGroups } from './grouped-notes.js';
import { notesTail } from './notes-tail.js';
import { boldLeadEntries, bulletEntries, nameFieldEntries, plainLeadEntries, tableEntries } from './split-entries.js';
import { chapterHeading, headingText, numberedChapter, splitAtChapters, splitEntities, titledOnNextLine, type TextSection } from './split-sections.js';
import type { SourceDocument } from './source-document.js';

/** A source item (or a part of one) with what it was classified as. */
export interface Classified {
  document: SourceDocument;
  text: string;
  kind: ImportKind;
  reason: string;
}

// `03 `, `Chapter 12 - `, and a label numbered within a part: `1.4 `.
export const NUMBER_PREFIX = /^(?:(?:chapter|chap|ch|scene|sc)[\s._-]*)?\d+(?:\.\d+)*[\s._:,)—–-]*/i;

// A note named for a list of entities (`Characters.md`, `Crew.md`, `Places.md`) holds one per entry.
const LIST_NAMES: ReadonlyArray<[RegExp, ImportKind]> = [
  [/^(?:(?:main|minor|major|the)[\s_-]+)?(?:characters|cast|people|persons|crew|dramatis[\s_-]*personae|cast[\s_-]*list|character[\s_-]*list|who'?s[\s_-]*who|crew[\s_-]*(?:list|sheet|manifest))$/i, 'character'],
  [/^(?:(?:the|main)[\s_-]+)?(?:places|locations|settings|place[\s_-]*list|locales|geography|gazetteer)$/i, 'place'],
];
// A note of mixed entities (`bible.md`, `world.md`, `Setting notes`): each section is read on its own.
const MIXED_NAME =
  /^(?:(?:the|a)\s+)?(?:[\p{L}' ]+[\s_—–-]+)?(?:(?:story|series|book|world|novel|setting|character|place)[\s_-]*)?(?:bible|notes|reference|world[\s_-]*building)$|^(?:world|setting|station|glossary|background|timeline|lore|reference|research|notes|world[\s_-]*building)$/iu;
// Section headings that are no entity's name: scene breaks and times of day in a chapter.
const NOT_A_NAME = /^(?:\d+|[ivxlc]+\.?|\*+|#+|scene\b.*|part\b.*|later|morning|afternoon|evening|night|dawn|dusk|midnight|noon|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b.*|before|after|then|now|epilogue|prologue|interlude)$/i;
const MAX_ENTITY_WORDS = 220;
// One to four capitalised words: a name, not a topic (`ideas`, `the plot so far`).
const PROPER_NAME = /^(?:(?:the|st\.?|dr\.?|mr\.?|mrs\.?)\s+)?\p{Lu}[\p{Ll}'’.-][\p{L}'’.-]*(?:\s+(?:of\s+|the\s+|de\s+)?\p{Lu}[\p{Ll}'’.-][\p{L}'’.-]*){0,3}$/u;
// Folders that say their notes are lore, whatever they describe.
const LORE_FOLDER = /^(?:lore|world|world[\s_-]*building|history|timelines?|glossary|objects|items|background|events|themes)$/i;

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
}

function sectionText(section: TextSection): string {
  return `${section.lines.join('\n').trimEnd()}\n`;
}

function partOf(item: Classified, section: TextSection, index: number, kind: ImportKind, reason: string): Classified {
  const group = section.part === undefined ? [] : [section.part];
  return {
    document: {
      ...item.document,
      id: `${item.document.id}#${index + 1}`,
      origin: [item.document.origin, ...group, section.heading].join(' › '),
      name: section.heading,
      folders: [...item.document.folders, ...group],
    },
    text: sectionText(section),
    kind,
    reason,
  };
}

function bodyLines(text: string): string[] {
  const lines = text.split('\n');
  return lines.slice(parseFrontMatter('note', lines).bodyStart - 1);
}

/** The list kind a name says (`Characters`, `The Crew`, `Places`), if any. */
function listKind(name: string): ImportKind | null {
  return LIST_NAMES.find(([pattern]) => pattern.test(name.trim()))?.[1] ?? null;
}

/**
 * The entries of a list whose paragraphs open with names in capitals, one card each (one alone
 * only when the list's own name says it is a list); its other words stay a lore note of the
 * list. A text with sub-headings is read by its headings instead.
 */
function capitalEntries(item: Classified, lines: readonly string[], listed: ImportKind): Classified[] | null {
  if (lines.filter((line) => /^#{1,6}\s/.test(line)).length > 1) return null;
  const { entries: found, rest } = capitalLeadEntries(lines, listed);
  const list = item.document.name;
  const named = groupKind(list) !== null || listKind(list) !== null;
  if (found.length === 0 || (found.length === 1 && !named)) return null;
  return withRest(item, found.map((section, index) => partOf(item, section, index, listed, `an entry of the list "${list}"`)), rest);
}

/** A list's cards, and a lore note of the list's words that name no entry, when it has any. */
function withRest(item: Classified, cards: Classified[], rest: readonly string[]): Classified[] {
  if (wordCount(rest.join(' ')) === 0) return cards;
  const list = item.document.name;
  const note: TextSection = { heading: list, lines: [`# ${list}`, '', ...rest] };
  return [...cards, partOf(item, note, cards.length, 'lore', `the words of the list "${list}" that name no entry`)];
}

/**
 * The terms of a definition list (`Eilidh Baird` over `: Green eyes.` lines), one card each: of
 * the list's kind when it says one, else of each term's own words (then only two terms or more
 * make a list).
 */
function definedEntries(item: Classified, lines: readonly string[], listed: ImportKind | null): Classified[] | null {
  const { entries: found, rest } = definitionEntries(lines);
  if (found.length === 0 || (listed === null && found.length < 2)) return null;
  const list = item.document.name;
  const cards = found.map((section, index) => {
    const kind = listed ?? classifySection(section.heading, sectionText(section));
    return partOf(item, section, index, kind, `a term of the list "${list}"`);
  });
  return withRest(item, cards, rest);
}

/**
 * The entries of a list written as a definition list, a table, as bullets or as paragraphs that
 * open with a name, one card each: their kind is the list's when it says one, the columns' (`Eyes`, `Age` make
 * characters) or else each entry's own words.
 */
function entries(item: Classified, listed: ImportKind | null): Classified[] | null {
  const lines = bodyLines(item.text);
  const defined = definedEntries(item, lines, listed);
  if (defined) return defined;
  const rows = tableEntries(lines);
  const named = rows.length > 0 ? rows : nameFieldEntries(lines);
  const bullets = named.length > 0 ? named : bulletEntries(lines, listed !== null);
  const bold = bullets.length === 0 && listed !== null ? boldLeadEntries(lines) : bullets;
  const found = bold.length === 0 && listed !== null ? plainLeadEntries(lines) : bold;
  if (found.length === 0 && listed !== null) return capitalEntries(item, lines, listed);
  if (found.length === 0 || (rows.length === 0 && found.length < 2)) return null;
  return found.map((section, index) => {
    const text = sectionText(section);
    const kind = listed ?? classifySection(section.heading, text);
    return partOf(item, section, index, kind, `${rows.length > 0 ? 'a row' : 'an entry'} of the list "${item.document.name}"`);
  });
}

/** True when a section reads like a note on one entity: named, short, no scene of dialogue. */
function entityLike(section: TextSection): boolean {
  const text = section.lines.slice(1).join('\n');
  const dialogue = (text.match(/["“][^"”\n]{2,}["”]/g) ?? []).length;
  return !NOT_A_NAME.test(section.heading) && section.heading.split(/\s+/).length <= 6 && dialogue <= 1 && wordCount(text) <= MAX_ENTITY_WORDS * 2;
}

/**
 * The sections of a note about several entities, when the item is one: named like a notes file
 * (`world.md`, `Crew.md`), or — without a number in its name — made of short named sections most of
 * which speak of a person or a place. A text with "Chapter …" headings, in a folder of chapters or
 * whose sections are scenes (dialogue, long prose, "Morning" or "II" headings) is not.
 */
function entitySections(item: Classified, name: string): TextSection[] | null {
  if (item.kind === 'outline' || item.document.hint !== null) return null;
  const lines = bodyLines(item.text);
  if (lines.some((line) => chapterHeading(line) !== null)) return null;
  // Groups as top headings (`# People`, `# Places`) with an entry per `##` split at the groups first.
  const groups = lines.filter((line) => /^#\s+\S/.test(line)).length >= 2;
  const sections = splitEntities(lines, groups ? [1, 2, 3] : [2, 1, 3]);
  if (sections.length < 2) return null;
  // "## Appearance", "## History", "## Notes": the parts of one card, not several cards.
  if (sections.filter((section) => CARD_PART.test(section.heading)).length * 2 >= sections.length) return null;
  const named = MIXED_NAME.test(name) || listKind(name) !== null;
  if (named) return item.kind === 'chapter' && !sections.every(entityLike) && item.reason.startsWith('folder') ? null : sections;
  if (item.kind === 'chapter' && item.reason.startsWith('folder')) return null;
  if (NUMBER_PREFIX.test(item.document.name) || !sections.every(entityLike)) return null;
  const words = sections.reduce((total, section) => total + wordCount(section.lines.join(' ')), 0);
  if (words / sections.length > MAX_ENTITY_WORDS) return null;
  const entities = sections.filter((section) => classifySection(section.heading, sectionText(section)) !== 'lore').length;
  return entities * 2 >= sections.length ? sections : null;
}

/** The chapters of one text that holds several ("Chapter …" or "Part …" lines), in order. */
function novelChapters(item: Classified, skipped: SkippedItem[]): Classified[] | null {
  if (item.kind !== 'chapter' || (item.document.hint !== null && item.document.order !== null)) return null;
  const lines = bodyLines(item.text);
  const split = splitAtChapters(lines);
  const { parts } = split;
  const marked = split.sections.filter((section) => chapterHeading(section.heading) !== null).length;
  // Chapters headed by their number alone (`# One`, `# Two`), every section but a title page so
  // numbered: "## I", "## II", "## Morning" are scene breaks of one chapter.
  const unnumbered = split.sections.filter((section) => numberedChapter(section.heading) === null);
  const titlePageOnly = unnumbered.length === 0 || (unnumbered.length === 1 && unnumbered[0] === split.sections[0] && wordCount(unnumbered[0]!.lines.slice(1).join(' ')) < 60);
  const numberedAlone = marked < 2 && split.sections.length - unnumbered.length - marked >= 2 && titlePageOnly;
  // The title page before them joins the preface.
  const sections = numberedAlone ? split.sections.filter((section) => !unnumbered.includes(section)) : split.sections;
  const preface = numberedAlone && unnumbered.length > 0 ? [...split.preface, ...unnumbered[0]!.lines] : split.preface;
  if (sections.length < 2 || (marked < 2 && !numberedAlone && parts.length === 0 && !sections.every((section) => /^(?:part|book)\b/i.test(section.heading)))) return null;
  for (const part of parts) skipped.push({ origin: `${item.document.origin} › ${part}`, reason: 'a part heading without text of its own' });
  const chapters: TextSection[] = sections.map(titledOnNextLine);
  const prefaceWords = wordCount(preface.join(' '));
  if (prefaceWords >= 60) chapters.unshift({ heading: item.document.name, lines: [...preface] });
  else if (preface.some((line) => line.trim() !== '')) skipped.push({ origin: `${item.document.origin} › before the first chapter`, reason: `a title page (${prefaceWords} words)` });
  const numbers = chapters.map((section) => numberedChapter(section.heading)?.number ?? null);
  const ascending = numbers.every((number, index) => number !== null && (index === 0 || number > numbers[index - 1]!));
  return chapters.map((section, index) => {
    const number = ascending ? numbers[index]! : index + 1;
    const part = partOf(item, section, index, 'chapter', `a chapter of "${item.document.name}"`);
    return { ...part, document: { ...part.document, name: `${String(number).padStart(2, '0')} ${section.heading}`, order: (item.document.order ?? 0) * 10_000 + index } };
  });
}

// Headings of the parts of one card (`### Appearance` under `## Mara`), never of an entity.
const CARD_PART = /^(?:appearance|looks|description|background|back[\s_-]*story|history|biography|bio|personality|character|temperament|notes?|family|relationships?|details|role|arc|voice|quirks|traits|motivations?|goals?|secrets?|fears?|habits|facts|stats|physical|overview|summary)$/i;

/** The cards one section of a notes file becomes: its entries, its own sub-sections, or itself. */
function sectionCards(item: Classified, section: TextSection, index: number, listed: ImportKind | null): Classified[] {
  const part = partOf(item, section, index, listed ?? 'lore', `a section of the note "${item.document.name}"`);
  const group = listKind(section.heading);
  const inner = entries(part, group ?? listed);
  if (inner) return inner.map((entry) => ({ ...entry, reason: `${entry.reason} in "${item.document.name}"` }));
  // A group of entities (`## Officers` with a `###` section per person) is split again.
  const subsections = splitEntities(section.lines.slice(1));
  if (subsections.length >= 2 && !subsections.some((sub) => CARD_PART.test(sub.heading)) && (group !== null || subsections.every(entityLike))) {
    const parent: Classified = { ...part, document: { ...part.document, origin: item.document.origin } };
    return subsections.flatMap((sub, subIndex) => sectionCards(parent, sub, subIndex, group ?? listed));
  }
  const own = classifySection(section.heading, part.text);
  // Under a heading that names its kind (`## Locations`), an entry's pronouns (`the minister and
  // his wife live here`) do not make it a person; only its own labels or tags say otherwise.
  const kind = listed === null || !entityLike(section) ? own : labelledKind(section.heading, part.text) ?? listed;
  return [{ ...part, kind }];
}

const MIN_SENTENCE_WORDS = 8;

/** True for a line that is a sentence of prose: several words and a closing stop. */
function sentenceLine(line: string): boolean {
  return wordCount(line) >= MIN_SENTENCE_WORDS && /[.!?]["”’)]?$/.test(line.trim());
}

/**
 * A notes file kept as one document with a group heading per kind (`# Characters`, `# Places`,
 * `# Chronology`): each group becomes what its heading says — the outline, or one card per entry
 * of people or places (bullets, bold-named paragraphs, tables or sub-headings). Null when the text
 * is not such a file.
 */
function groupedNotes(item: Classified, skipped: SkippedItem[]): Classified[] | null {
  if (item.document.hint !== null) return null;
  const found = noteGroups(bodyLines(item.text));
  if (found === null) return null;
  // A person's or a place's own card with "## History" and "## Notes" parts is one card, not a bible.
  if ((item.kind === 'character' || item.kind === 'place') && found.groups.every((group) => group.kind === 'lore' || CARD_PART.test(group.heading))) return null;
  const preface = found.preface.filter((line) => !/^#/.test(line));
  const prefaceWords = wordCount(preface.join(' '));
  const result: Classified[] = [];
  // A title page is a few short lines; a sentence of notes before the first section is kept.
  if (prefaceWords >= 60 || preface.some(sentenceLine)) result.push({ ...item, text: `${found.preface.join('\n').trimEnd()}\n`, kind: 'lore', reason: `the opening of the notes "${item.document.name}"` });
  else if (prefaceWords > 0) skipped.push({ origin: `${item.document.origin} › before the first section`, reason: `a title page (${prefaceWords} words)` });
  found.groups.forEach((group, index) => {
    const reason = `the section "${group.heading}" of the notes "${item.document.name}"`;
    if (group.kind === 'outline') result.push({ ...partOf(item, group, index, 'outline', reason) });
    else if (group.kind === 'lore') result.push(...sectionCards(item, group, index, null));
    else result.push(...sectionCards(item, group, index, group.kind));
  });
  return result;
}

/**
 * A chapter whose first line is its number alone (`## 3`, `CHAPTER ONE`) with the title on the
 * line under it (`**The Well**`) gets one heading, `# 3: The Well`, as the chapters of a split
 * novel do; any other item is returned as it is.
 */
function titledChapter(item: Classified): Classified {
  if (item.kind !== 'chapter') return item;
  const lines = item.text.split('\n');
  const bodyStart = parseFrontMatter('note', lines).bodyStart - 1;
  const first = lines.findIndex((line, index) => index >= bodyStart && line.trim() !== '');
  if (first < 0) return item;
  const heading = headingText(lines[first]!);
  const section = titledOnNextLine({ heading, lines: [`# ${heading}`, ...lines.slice(first + 1)] });
  return section.heading === heading ? item : { ...item, text: [...lines.slice(0, first), ...section.lines].join('\n') };
}

/**
 * What one source item becomes: a notes file with a group heading per kind splits into its groups;
 * a text holding a whole novel splits into its chapters; a note of
 * several entities into one card per section, each classified by its own words; a list (a table
 * with a row per person, bullets with a place each) into one card per entry. Anything else stays
 * whole. A chapter headed by its number alone takes the title line under it; one named with a
 * label numbered within its part (`1.4 The Ledger`) keeps the label in its heading.
 */
export function expandItem(item: Classified, skipped: SkippedItem[]): Classified[] {
  return expandParts(item, skipped).map(titledChapter).map(labelledChapter);
}

/** A chapter named with a label numbered within its part (`1.4 The Ledger`) keeps it in its heading. */
function labelledChapter(item: Classified): Classified {
  return item.kind === 'chapter' ? { ...item, text: labelledHeading(item.document.name, item.text) } : item;
}

/**
 * One plain text holding the book and then its notes ("======== WRITING NOTES ========", or a
 * "WHO'S WHO" line after the chapters): the book and the notes, each read on its own. Null for
 * any other item.
 */
function bookThenNotes(item: Classified): [Classified, Classified] | null {
  if (item.document.hint !== null) return null;
  const lines = bodyLines(item.text);
  const tail = notesTail(lines);
  if (tail === null) return null;
  const book: Classified = { ...item, text: `${lines.slice(0, tail).join('\n').trimEnd()}\n`, kind: 'chapter', reason: `the chapters before the notes in "${item.document.name}"` };
  const notes: Classified = {
    document: { ...item.document, id: `${item.document.id}#notes`, origin: `${item.document.origin} › notes`, name: `${item.document.name} notes` },
    text: `${lines.slice(tail).join('\n').trimEnd()}\n`,
    kind: 'lore',
    reason: `the notes after the chapters in "${item.document.name}"`,
  };
  return [book, notes];
}

/** The parts one source item splits into, before chapters take their titles. */
function expandParts(item: Classified, skipped: SkippedItem[]): Classified[] {
  const halves = bookThenNotes(item);
  if (halves) return halves.flatMap((half) => expandParts(half, skipped));
  const name = item.document.name.replace(NUMBER_PREFIX, '').trim();
  const grouped = groupedNotes(item, skipped);
  if (grouped) return grouped;
  const chapters = novelChapters(item, skipped);
  if (chapters) return chapters;
  if (item.kind === 'chapter' && item.reason.startsWith('folder')) return [item];
  const listed = listKind(name);
  const sections = entitySections(item, name);
  if (sections) return sections.flatMap((section, index) => sectionCards(item, section, index, listed));
  if (item.kind === 'outline') return [item];
  const named = listed !== null || MIXED_NAME.test(name);
  if (item.kind === 'chapter') {
    if (!named) return [item];
    // A list named for its entities (`Characters.md` as one table) is read as the list, whatever its length.
    // So is a notes file of `Name:` entries (`world.txt` of a writing app).
    const rows = listed !== null ? entries(item, listed) : nameFieldEntries(bodyLines(item.text)).length >= 2 ? entries(item, null) : null;
    return rows ?? [{ ...item, kind: 'lore', reason: `its name "${item.document.name}" (a note, not a chapter)` }];
  }
  const listedEntries = entries(item, listed);
  if (listedEntries && (named || item.kind !== 'lore' || listedEntries.length >= 2)) return listedEntries;
  // A note named like a person or a place (`Maisie`, `Quarry Cottage`) is weighed by its own words.
  if (item.kind === 'lore' && !named && item.document.hint === null && PROPER_NAME.test(name) && !item.document.folders.some((folder) => LORE_FOLDER.test(folder.trim()))) {
    const own = classifySection(name, item.text.startsWith('#') ? item.text : `# ${name}\n${item.text}`);
    if (own !== 'lore') return [{ ...item, kind: own, reason: `its words about ${own === 'character' ? 'a person' : 'a place'} ("${item.document.name}")` }];
  }
  return [item];
}
