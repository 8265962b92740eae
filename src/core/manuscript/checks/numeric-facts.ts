import nlp from 'compromise';
import type { Finding } from '../finding.js';
import type { LoreFile } from '../lore.js';
import { parseLabelledLine } from '../labelled-line.js';
import { findNumbers, parseNumberWord, type NumberMention } from '../numbers.js';
import { findQuantities, type Quantity } from '../quantities.js';
import { isQuoted, lineOf, sentenceAt } from '../prose.js';
import { lineText, type FileProse } from '../scene-prose.js';
import { stemsOf, stemWord } from '../word-stem.js';

/** A lore bullet that states a count: `The Skerry Light stair has 131 steps …`. */
export interface NumericFact {
  path: string;
  line: number;
  text: string;
  value: number;
  /** The number as written and the noun it counts (`131`, `steps`). */
  numberText: string;
  unit: string;
  unitStem: string;
  /** Head noun of the fact's subject (`stair`), if found. */
  subjectStem: string | null;
  /** Stems of the fact's other nouns (`skerry`, `light`, `tower`, `door`, `lamp`, `room`, `hatch`). */
  keywordStems: string[];
  /** True when the subject is a name (`Kerrow is 3 miles from Vellin`): naming it beside the count is enough. */
  subjectProper: boolean;
  /** Head noun of the note's own name (`house` of The Pilot House): a place card's lines are about it. */
  nameStem: string | null;
  /** True when the count is what the thing can hold ("licensed for twelve passengers", "seats forty"). */
  capacity: boolean;
}

// A count of what a thing can hold, not of what is in it: "licensed for twelve", "room for six", "seats forty".
// ("The loft holds fourteen tanks" is what it has: a hold is no capacity.)
const CAPACITY_BEFORE = /\b(?:licensed\s+for|room\s+for|seats?|seating|sleeps|capacity\s+(?:of|for)|built\s+for|certified\s+for|rated\s+for|can\s+(?:take|carry|seat)|could\s+(?:take|carry|seat))\s+$/i;

/** True when the count at `start` is said as a capacity. */
function saidAsCapacity(text: string, start: number): boolean {
  return CAPACITY_BEFORE.test(text.slice(Math.max(0, start - 24), start));
}

// A backstory timeline's line ("- 2002 — Thorsby show held without cattle; twenty-four heifers bought"):
// its counts are what happened that year, not what the place has.
const YEAR_LED = /^\s*(?:[-*+]\s+)?(?:c\.\s*)?(?:1[5-9]|2\d)\d\d(?:s)?\s*(?:[—–:-]|,)/;

// Words that make a count a guess: before it ("some", "about", "nearly", "upwards of") or after it ("-odd", "or so").
const APPROXIMATE_BEFORE =
  /\b(?:some|about|around|roughly|nearly|almost|approximately|maybe|perhaps|over|under|upwards of|more than|fewer than|less than|close (?:on|to)|getting on for|a good|well over|the best part of|something like|in the region of)\s+$/i;
// "-odd" right after the count ("forty-odd steps"), or "or so" after its noun ("ninety steps or so").
const APPROXIMATE_AFTER = /^(?:-odd\b|\s+odd\b|[\s-]+\p{L}+\s+(?:or so|or more|or thereabouts|or near(?:ly)? enough)\b)/iu;
// How far a guess may be from the noted count and still agree with it.
const APPROXIMATE_SHARE = 0.2;

/** Is the count at `start`…`end` written as a guess? */
function isApproximate(text: string, start: number, end: number): boolean {
  return APPROXIMATE_BEFORE.test(text.slice(Math.max(0, start - 30), start)) || APPROXIMATE_AFTER.test(text.slice(end, end + 40));
}

// Counts of time are common in prose and rarely about the same thing, so they need more context.
// Measures (metres, degrees, feet) say how big a thing is here and now, as often as what the notes fix.
const GENERIC_UNITS = new Set(['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'time', 'night', 'man', 'person', 'mile', 'metre', 'meter', 'degree', 'foot', 'inch', 'yard', 'kilometre', 'kilometer', 'centimetre', 'percent', 'kilo', 'kilogram', 'gram', 'litre', 'liter']);
const IGNORED_NOUNS = new Set(['day', 'thing', 'way', 'time', 'part', 'place', 'lot', 'end', 'its', 'his', 'her', 'their', 'this', 'oclock']);

function nextWord(text: string, number: NumberMention): string | null {
  const match = /^[\s-]+(\p{L}+)/u.exec(text.slice(number.end));
  return match ? match[1]! : null;
}

const NOT_COUNTED = new Set([
  'and', 'or', 'of', 'to', 'the', 'a', 'an', 'in', 'on', 'at', 'from', 'by', 'with', 'for', 'per', 'o', 'than', 'more', 'less',
  'or', 'nor', 'but', 'if', 'when', 'was', 'were', 'is', 'are', 'had', 'has', 'have', 'who', 'which', 'that', 'years', 'year',
].filter((word) => word !== 'years' && word !== 'year'));
const CALENDAR = /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/;

/** The word after a number is what it counts unless it is a function word or a date (`14 November`). */
function isCountedNoun(word: string): boolean {
  return word.length > 1 && !NOT_COUNTED.has(word.toLowerCase()) && !CALENDAR.test(word) && !/^\p{Lu}/u.test(word);
}

// Card fields that are traits, not counts of things.
const TRAIT_LABELS = new Set(['age', 'born', 'died', 'height', 'name', 'aliases', 'eyes', 'hair', 'status', 'died_in', 'scene', 'chapter']);

/**
 * A labelled count read as a sentence about the card's subject: `Steps: 48 from the door to the cap`
 * → "The Mill has 48 steps from the door to the cap"; `Tower: 112 steps to the lamp` → "The Mill
 * tower: 112 steps to the lamp". Null when the value does not start with a number.
 */
function labelledCount(name: string, label: string, value: string): string | null {
  if (TRAIT_LABELS.has(label) || !/^\s*(?:\d[\d,]*|[a-z]+(?:-[a-z]+)?)\b/i.test(value)) return null;
  const first = findNumbers(value)[0];
  if (first === undefined || value.slice(0, first.start).trim() !== '') return null;
  const words = label.replace(/_/g, ' ');
  const counted = nextWord(value, first);
  if (counted !== null && isCountedNoun(counted)) return `${name} ${words}: ${value.trim()}`;
  const rest = value.slice(first.end).trim();
  return `${name} has ${first.text} ${words}${rest === '' ? '' : ` ${rest}`}`;
}

/**
 * Cards read as lore: a labelled count (`Rooms: 14`, `Steps: 131`) is the card's subject having that
 * many, and every body line of a place card is a statement ("The house has fourteen rooms."). A
 * character card's prose tells a life ("looks at it fifty times a night"), not counts of things.
 */
export function cardsAsLore(cards: ReadonlyArray<{ kind: string; path: string; source: LoreFile['source']; name: { value: string; line: number }; fields: ReadonlyMap<string, { value: string; line: number }>; bodyStart: number }>): LoreFile[] {
  return cards.map((card) => {
    const facts: Array<{ value: string; line: number }> = [];
    const labelled = new Set<number>();
    for (const [label, field] of card.fields) {
      const value = labelledCount(card.name.value, label, field.value);
      if (value === null) continue;
      facts.push({ value, line: field.line });
      labelled.add(field.line);
    }
    for (let line = card.bodyStart; card.kind === 'place' && line <= card.source.lines.length; line += 1) {
      const text = card.source.lines[line - 1]!.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').trim();
      if (text === '' || labelled.has(line) || /^#/.test(text)) continue;
      // A body line in the field style (`- Steps: 112 from the door`) reads like a field.
      const field = parseLabelledLine(text);
      const value = field === null ? null : labelledCount(card.name.value, field.label, field.value);
      facts.push({ value: value ?? text, line });
    }
    return { source: card.source, path: card.path, name: card.name, facts, timeline: [], problems: [] };
  });
}

/** The sentence of `text` that holds `offset`. */
function sentenceOf(text: string, offset: number): string {
  const start = Math.max(...[...text.slice(0, offset + 1).matchAll(/[.!?]\s+(?=\p{Lu}|\d)/gu)].map((match) => match.index + match[0].length), 0);
  const end = /[.!?](?:\s|$)/.exec(text.slice(offset));
  return text.slice(start, end ? offset + end.index + 1 : text.length);
}

/** Every count stated in the lore bullets (timeline bullets excluded: their numbers are days). */
export function extractNumericFacts(lore: readonly LoreFile[]): NumericFact[] {
  const facts: NumericFact[] = [];
  for (const file of lore) {
    const timelineLines = new Set(file.timeline.map((entry) => entry.line));
    // A note named like a place (`The Pilot House`, `Harrow Mill`) speaks of it in every line.
    const title = file.name.value.trim();
    // (A note may name it in sentence case, "The barn", "The south mill".)
    const nameStem = /^(?:The\s+)?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)*$/u.test(title) || /^The\s+[\p{Ll}'’-]+(?:\s+[\p{Ll}'’-]+){0,2}$/u.test(title) ? stemWord(title.split(/\s+/).pop()!) : null;
    for (const located of file.facts) {
      if (timelineLines.has(located.line) || YEAR_LED.test(located.value)) continue;
      // Canon.md bullets end with their source, "(Compendium/…#L8)": not part of the fact.
      const stated = located.value.replace(/\s*\([^()]*#L\d+[^()]*\)\s*$/, '');
      // A note's field line counts its label: "holds: 5 (three forward, two aft)" has five holds.
      const field = parseLabelledLine(stated);
      const counted = field === null ? null : labelledCount('', field.label, field.value)?.trim();
      const fact = { line: located.line, value: counted?.startsWith('has ') ? counted : stated };
      let nounPhrases: string[] | null = null;
      for (const number of findQuantities(fact.value)) {
        if (number.ordinal || /\bday\s*$/i.test(fact.value.slice(0, number.start))) continue;
        const unit = number.unit;
        if (unit === null || !isCountedNoun(unit)) continue;
        const unitStem = stemWord(unit);
        const numberStems = stemsOf(number.text);
        nounPhrases ??= nlp(fact.value).nouns().out('array') as string[];
        // The subject is that of the count's own sentence (a paragraph of description holds several).
        const sentence = sentenceOf(fact.value, number.start);
        // The thing that has the count is named just before it ("the orchard: fourteen apple trees",
        // "the stair has 131 steps"), else it is the sentence's first noun.
        const sentenceNouns = (nlp(sentence).nouns().out('array') as string[]).filter((phrase) => !phrase.includes(number.text) && !number.text.includes(phrase));
        const countAt = sentence.indexOf(number.text);
        const before = sentenceNouns.filter((phrase) => {
          const at = sentence.indexOf(phrase);
          return at >= 0 && at + phrase.length <= countAt && !/^(?:it|this|that|there|which)$/i.test(phrase.trim());
        });
        const ownPhrase = before.at(-1) ?? sentenceNouns[0];
        const subjectPhrase = ownPhrase ?? nounPhrases!.find((phrase) => !phrase.includes(number.text));
        const subjectWords = subjectPhrase?.match(/\p{L}+/gu) ?? [];
        const subjectStem = subjectWords.length > 0 ? stemWord(subjectWords[subjectWords.length - 1]!) : null;
        const keywordStems = [...new Set(nounPhrases!.flatMap((phrase) => [...stemsOf(phrase)]))].filter(
          (stem) => stem !== unitStem && !numberStems.has(stem) && stem.length > 2 && !IGNORED_NOUNS.has(stem) && !NOT_COUNTED.has(stem) && parseNumberWord(stem) === null,
        );
        const subjectProper = subjectPhrase !== undefined && /(?:^|\s)\p{Lu}/u.test(subjectPhrase.trim().replace(/^(?:the|a|an)\s+/i, ''));
        facts.push({ path: file.path, line: fact.line, text: fact.value, value: number.value, numberText: number.text, unit, unitStem, subjectStem, keywordStems, subjectProper, nameStem, capacity: saidAsCapacity(fact.value, number.start) });
      }
    }
  }
  return facts;
}

// "all ninety-six steps", "the whole three-mile drive", "every one of its twelve rooms": a count of
// the whole of a thing the notes already count.
const TOTALITY = /\b(?:all(?:\s+of)?(?:\s+(?:the|its|their|his|her))?|the\s+(?:whole|entire|full)|every\s+one\s+of\s+(?:the|its|their|his|her)|each\s+of\s+(?:the|its|their))\s+$/i;

// "nine steps cut into the outer bank", "six windows set in the back wall": a count placed somewhere by its own words.
// ("down the six steps into the back court": the place may follow the noun straight away.)
const PLACED_AFTER = /^[\s-]*(?:\p{L}+\s+)?(?:(?:cut|carved|set|built|dug|hewn|leading|running|going|let)\s+(?:into|in|up|down|to|from|along|through|on)|into|onto|out\s+of)\s+(?:the|a|an|its|their|his|her)\s+((?:\p{L}+\s+){0,2}\p{L}+)/iu;

/** True when a count's own words place it in something the fact is not about. */
function placedElsewhere(after: string, fact: NumericFact): boolean {
  const placed = PLACED_AFTER.exec(after);
  if (placed === null) return false;
  const stems = placed[1]!.split(/\s+/).map(stemWord);
  const known = new Set([fact.subjectStem, fact.nameStem, ...fact.keywordStems].filter((stem) => stem !== null));
  return !stems.some((stem) => known.has(stem));
}

const ELIDED_UNIT = new Set(['at', 'on', 'in', 'to', 'upstairs', 'downstairs', 'below', 'above', 'behind', 'more', 'besides', 'facing']);

/** The sum of a fact's counts of its noun in its own sentence, the noun said once ("nine windows on the front and five at the back"); null for one count. */
function partsSum(fact: NumericFact): number | null {
  const parts = findQuantities(fact.text).filter((quantity) => !quantity.ordinal && quantity.unit !== null && (stemWord(quantity.unit) === fact.unitStem || ELIDED_UNIT.has(quantity.unit.toLowerCase())));
  return parts.length > 1 && parts.some((part) => stemWord(part.unit!) === fact.unitStem) ? parts.reduce((sum, part) => sum + part.value, 0) : null;
}

/** The nearest noun before a count that the notes count ("the Kirk Steps, all thirty-nine of them"), or null. */
function antecedent(before: string, units: ReadonlySet<string>): string | null {
  const words = before.match(/\p{L}+/gu) ?? [];
  return words.slice(-8).reverse().find((word) => word.length > 2 && units.has(stemWord(word))) ?? null;
}

const DEFINITE_BEFORE = /\b(?:the|its|those|these|all)\s+$/i;

/** A quantity as the scene says it: `ninety steps`, `a mile and a half`. */
function said(number: Quantity): string {
  return number.unit !== null && !number.text.includes(number.unit) ? `${number.text} ${number.unit}` : number.text;
}

/** True when the subject is next to the count: within a few words after its unit (`three-mile drive`, `the mile and a half to the signal house`) or before it (`the drive ran two miles`). */
function attached(sentence: string, at: number, end: number, subjectStems: readonly string[]): boolean {
  const before = sentence.slice(0, at).match(/\p{L}+/gu) ?? [];
  const after = sentence.slice(end).match(/\p{L}+/gu) ?? [];
  return [...before.slice(-8), ...after.slice(0, 4)].some((word) => subjectStems.includes(stemWord(word)));
}

/**
 * Counts in the scene that contradict a lore count: the same counted noun (`ninety steps` vs
 * `131 steps`) in a passage about the same thing. "About the same thing" means the passage (this
 * paragraph and the one before) shares the fact's subject and another of its nouns, or three of
 * its nouns; for common units (years, miles, men) the subject must stand next to the count too. A
 * count of a whole (`all ninety-six steps`) is about the one thing the notes count in that noun. A
 * count that agrees with any fact it could be about is no contradiction.
 * In lenient mode the subject must always be in the same sentence. A chapter's title counts as part
 * of every passage of the chapter.
 */
export function numericFactFindings(prose: FileProse, facts: readonly NumericFact[], strict: boolean, chapterTitle = ''): Finding[] {
  return countFindings(prose, facts, strict, chapterTitle).map(({ finding }) => finding);
}

/**
 * The counts of a whole book that contradict the notes, chapter by chapter (see
 * numericFactFindings), except where the book gives one noted count two or more other values, three
 * times or more, and never the noted one: "three heifers", "four heifers", "three heifers" against
 * "seven heifers out-wintered there" is a count that changes as the story goes (sold, lost, born),
 * not a slip.
 */
export function bookCountFindings(chapters: ReadonlyArray<{ prose: FileProse; title: string }>, facts: readonly NumericFact[]): Finding[] {
  const found = chapters.flatMap(({ prose, title }) => countFindings(prose, facts, true, title));
  // One noted count: its line and the noun it counts (a paragraph of notes counts several things).
  const keyOf = (entry: { finding: Finding; unit: string }): string => `${entry.finding.canon!.path}:${entry.finding.canon!.line}:${entry.unit}`;
  const byFact = new Map<string, number[]>();
  for (const entry of found) byFact.set(keyOf(entry), [...(byFact.get(keyOf(entry)) ?? []), entry.value]);
  const changing = (key: string): boolean => {
    const values = byFact.get(key) ?? [];
    return values.length >= 3 && new Set(values).size >= 2;
  };
  return found.filter((entry) => !changing(keyOf(entry))).map(({ finding }) => finding);
}

// Words that pick out some of a count's things: "the two end cottages", "the four front windows".
const SUBSET_WORDS = /\b(?:end|front|back|rear|corner|upper|lower|top|bottom|middle|outer|inner|other|remaining|empty|spare|northern|southern|eastern|western|north|south|east|west|side|near|far|nearest|farthest|furthest|new|old|main)\b/i;

function countFindings(prose: FileProse, facts: readonly NumericFact[], strict: boolean, chapterTitle: string): Array<{ finding: Finding; value: number; unit: string }> {
  const findings: Array<{ finding: Finding; value: number; unit: string }> = [];
  const units = new Set(facts.map((fact) => fact.unitStem));
  prose.paragraphs.forEach((paragraph, index) => {
    let windowStems: Set<string> | null = null;
    for (const number of findQuantities(paragraph.text)) {
      if (number.ordinal) continue;
      const sentence = sentenceAt(paragraph, number.start);
      // "up the Kirk Steps, all thirty-nine of them": the count is of the noun named before it;
      // "all six of her holds": of the noun after it.
      const ofWhole = TOTALITY.test(paragraph.text.slice(sentence.start, number.start)) ? /^\s+of\s+(?:the|her|his|its|their)\s+(\p{L}+)/iu.exec(paragraph.text.slice(number.end, number.end + 40)) : null;
      const unit = /^\s+of\s+them\b/i.test(paragraph.text.slice(number.end, number.end + 12)) ? antecedent(paragraph.text.slice(sentence.start, number.start), units) : ofWhole !== null && units.has(stemWord(ofWhole[1]!)) ? ofWhole[1]! : number.unit;
      if (unit === null || !units.has(stemWord(unit))) continue;
      const unitStem = stemWord(unit);
      // The chapter's title ("The Orchard") says what its every passage is about.
      const passage = (windowStems ??= stemsOf(`${chapterTitle}\n${prose.paragraphs[index - 1]?.text ?? ''}\n${paragraph.text}`));
      const sentenceText = paragraph.text.slice(sentence.start, sentence.end);
      const sentenceStems = stemsOf(sentenceText);
      const sameUnit = facts.filter((fact) => fact.unitStem === unitStem);
      const whole = strict && TOTALITY.test(paragraph.text.slice(sentence.start, number.start)) && new Set(sameUnit.map((fact) => fact.value)).size === 1;
      const after = paragraph.text.slice(number.end, number.end + 80);
      const saidDefinite = DEFINITE_BEFORE.test(paragraph.text.slice(Math.max(0, number.start - 12), number.start));
      // "three of the windows" is some of them; only "all twelve of the windows" counts the whole.
      if (/^\s+of\s/i.test(after) && !TOTALITY.test(paragraph.text.slice(sentence.start, number.start))) continue;
      const capacity = saidAsCapacity(paragraph.text, number.start);
      const unitEnd = number.end + (number.text.includes(unit) ? 0 : unit.length + 1);
      const of = /^\s+of\s+(?=\p{Lu})/u.exec(paragraph.text.slice(unitEnd, unitEnd + 8));
      const ownerMention = of ? prose.mentions.find((mention) => mention.paragraphIndex === index && mention.match.start === unitEnd + of[0].length) : undefined;
      const ownerPlace = ownerMention && ownerMention.match.entities.length === 1 && ownerMention.match.entities[0]!.kind === 'place' ? ownerMention.match.entities[0]!.id : null;
      // "the two end cottages", "the three upper rooms": a word between the count and its noun picks
      // out some of them, unless the sentence counts them all.
      const unitAt = paragraph.text.indexOf(unit, number.end);
      const between = unitAt < 0 ? '' : paragraph.text.slice(number.end, unitAt);
      const picked = TOTALITY.test(paragraph.text.slice(sentence.start, number.start)) ? null : SUBSET_WORDS.exec(between)?.[0] ?? null;
      // "the two sides of the room": the count belongs to the thing named after it.
      const ofThing = unitAt < 0 ? null : /^\s+of\s+(?:the|a|an|this|that|his|her|its|their)\s+(\p{Ll}+)/u.exec(paragraph.text.slice(unitAt + unit.length, unitAt + unit.length + 40));
      const related = sameUnit.filter((fact) => {
        // (Unless the notes count that very part: "nine windows on the front".)
        if (picked !== null && !new RegExp(`\\b${picked}\\b`, 'i').test(fact.text)) return false;
        if (ofThing !== null && ![fact.subjectStem, fact.nameStem, ...fact.keywordStems].includes(stemWord(ofThing[1]!))) return false;
        // "eleven passengers" aboard says nothing of a boat "licensed for twelve passengers".
        if (fact.capacity && !capacity) return false;
        if (placedElsewhere(number.text.includes(unit) ? after : after.replace(new RegExp(`^\\s*${unit}`, 'i'), ''), fact)) return false;
        if (whole) return true;
        // Both said as what it holds, and the notes give one such count of that noun: the same thing.
        if (fact.capacity && capacity && sameUnit.filter((other) => other.capacity).length === 1) return true;
        const hits = fact.keywordStems.filter((stem) => passage.has(stem)).length;
        const subjects = [fact.subjectStem, fact.nameStem].filter((stem) => stem !== null);
        const subjectNear = subjects.some((stem) => passage.has(stem));
        const subjectInSentence = subjects.some((stem) => sentenceStems.has(stem));
        // "the eleven trees", "its fourteen rooms": a definite count names the whole set, so when the
        // notes count that noun only once, the subject nearby is enough ("four looms" may be a few of them).
        const definite = sameUnit.length === 1 && saidDefinite;
        // "the barn's four stalls": the count belongs to the subject it follows.
        const owner = /(\p{L}+)['’]s\s+$/u.exec(paragraph.text.slice(Math.max(0, number.start - 30), number.start))?.[1] ?? /^\s+of\s+the\s+(\p{L}+)['’]s\s/u.exec(paragraph.text.slice(number.end, number.end + 40))?.[1];
        const possessed = owner !== undefined && subjects.includes(stemWord(owner));
        // "the four chimneys of Calderbeck": a count another place with its own card owns.
        if (ownerPlace !== null && ownerPlace !== fact.path) return false;
        const about = (subjectNear && (hits >= 2 || definite)) || hits >= 3 || possessed || (fact.subjectProper && subjectInSentence);
        if (!about) return false;
        if (!strict) return subjectInSentence;
        return !GENERIC_UNITS.has(fact.unitStem) || attached(sentenceText, number.start - sentence.start, number.end - sentence.start + (number.text.includes(unit) ? 0 : unit.length + 1), subjects);
      });
      // One number, one finding: the first fact it contradicts (lore files come before Canon.md).
      const fact = related[0];
      // "He had swept two steps": a few of them, said without "the" or "all", counts no whole.
      const some = fact !== undefined && !whole && !saidDefinite && number.value < fact.value * 0.35;
      if (some) continue;
      if (fact === undefined || related.some((other) => other.value === number.value)) continue;
      // "nine windows on the front and five at the back" has fourteen in all.
      if (related.some((other) => partsSum(other) === number.value)) continue;
      // A round count said as a guess ("some three hundred looms", "forty-odd steps") is no contradiction of one near it.
      const rough = isApproximate(paragraph.text, number.start, number.end);
      if (rough && related.some((other) => Math.abs(other.value - number.value) <= APPROXIMATE_SHARE * other.value)) continue;
      const line = lineOf(paragraph, number.start);
      // A count said in speech is a character's word ("Four storeys down, she fell"): a warning at most.
      const spoken = isQuoted(paragraph, number.start);
      findings.push({ value: number.value, unit: fact.unitStem, finding: {
        kind: 'canon_fact_contradiction',
        severity: rough || spoken ? 'warning' : 'error',
        message: `The scene says "${number.unit === unit ? said(number) : `${number.text} ${unit}`}", but the lore says ${fact.numberText} ${fact.unit}: "${fact.text}"`,
        path: prose.source.path,
        line,
        quote: lineText(prose.source, line),
        canon: { path: fact.path, line: fact.line, value: fact.text },
      } });
    }
  });
  return findings;
}
