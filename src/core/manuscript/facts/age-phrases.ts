import { parseNumberWord } from '../numbers.js';
import { MONTH_PATTERN, monthsOf, ORDINAL_WORDS, parseDate, type PartialDate } from './calendar.js';

/**
 * How a stated age reads: `exact` ("was thirty"), `under` ("not yet seventeen", "under twenty"),
 * `over` ("over sixty", "past forty") or `about` ("nearly forty", "almost twelve").
 */
export type AgeBound = 'exact' | 'under' | 'over' | 'about';

/** The ages a stated age allows, youngest and oldest. */
export function boundRange(age: number, bound: AgeBound): { low: number; high: number } {
  if (bound === 'under') return { low: 0, high: age - 1 };
  if (bound === 'over') return { low: age + 1, high: 125 };
  if (bound === 'about') return { low: age - 2, high: age };
  return { low: age, high: age };
}

/** An age or birth stated in a sentence. */
export interface AgePhrase {
  kind: 'age' | 'born';
  age: number | null;
  bound: AgeBound;
  /** A past age said with its moment ("I was thirty-one when I signed, in the January of 2181"). */
  moment: PartialDate | null;
  born: PartialDate | null;
  /** "turned thirty-six last spring": the months of the birthday. */
  birthdayMonths: number[] | null;
  text: string;
  start: number;
  /** Where the owner is looked for, and the word naming them (`she`, `Ilse`), if the phrase has one. */
  subjectAt: number;
  pronoun: string | null;
}

const NUMBER = '(\\d{1,3}|(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?)|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|a\\s+hundred)';
const OWNER = "(\\p{Lu}[\\p{L}'’-]*|she|he|I|She|He)";
// "Ilse was thirty-four", "she is 34 years old", "he had turned forty", "I was sixty", "I'm sixty".
// "not yet seventeen", "nearly forty", "well over sixty": a bound, not the age itself.
const QUALIFIER = '(not\\s+yet|not\\s+quite|nearly|almost|close\\s+(?:on|to)|coming\\s+up\\s+(?:on|to)|going\\s+on|getting\\s+on\\s+for|rising|under|over|past|well\\s+(?:over|past|under)|more\\s+than|less\\s+than|older\\s+than|younger\\s+than|only|just|barely)';
const WAS_AGE = new RegExp(`${OWNER}(?:['’]m|['’]s\\s+only|['’]s\\s+just|['’]s\\s+barely|\\s+(?:was|is|'s|’s|am|had\\s+(?:just\\s+)?turned|has\\s+(?:just\\s+)?turned|(?:just\\s+)?turned|would\\s+be|will\\s+be|was\\s+now|is\\s+now))(?:\\s+${QUALIFIER})?\\s+${NUMBER}(\\s+years?\\s+old|\\s+years\\s+of\\s+age)?(?=[\\s,.;:!?—–)]|$)`, 'gu');

function boundOf(qualifier: string | undefined): AgeBound {
  const word = (qualifier ?? '').toLowerCase().replace(/\s+/g, ' ');
  if (/^(?:not yet|not quite|under|well under|less than|younger than)$/.test(word)) return 'under';
  if (/^(?:over|past|well over|well past|more than|older than)$/.test(word)) return 'over';
  if (/^(?:nearly|almost|close on|close to|coming up on|coming up to|going on|getting on for|rising)$/.test(word)) return 'about';
  return 'exact';
}

const SEASON_OR_MONTH = '(?:spring|summer|autumn|fall|winter|January|February|March|April|May|June|July|August|September|October|November|December)';
// The one year a sentence names, with the month beside it ("in the January of 2181", "March 1944").
const YEAR_IN_SENTENCE = new RegExp(`(?:\\b(${SEASON_OR_MONTH})\\s+(?:of\\s+)?)?\\b(1[5-9]\\d\\d|2\\d\\d\\d)\\b`, 'g');

/** The moment a sentence dates itself to, when it names exactly one year. */
function sentenceMoment(sentence: string): PartialDate | null {
  const years = [...sentence.matchAll(YEAR_IN_SENTENCE)];
  // A year of birth ("born in 1924, she is seventy-nine") dates the birth, not the age.
  if (years.length !== 1 || /\b(?:ago|since|until|till|before|after|born)\b|(?<![\p{L}.])b\.\s*\d/iu.test(sentence)) return null;
  const [match] = years;
  const months = match![1] ? monthsOf(match![1]) : null;
  return { year: Number(match![2]), month: months && months.length === 1 ? months[0]! : null, day: null };
}
// "turned nineteen herself in March", "turned thirty-seven in the February snow".
const TURNED_WHEN = new RegExp(`\\bturned\\s+${NUMBER}\\s+(?:(?:herself|himself|myself|themselves)\\s+)?(?:(?:last|this)\\s+)?(?:in\\s+(?:the\\s+)?)?(spring|summer|autumn|fall|winter|January|February|March|April|May|June|July|August|September|October|November|December)\\b`, 'giu');
// "in all her eighty years on this earth": the years of a life so far are its age ("all his forty
// years at the pit" are years of work).
// ("for all his twelve years": said of a child, the years are his age.)
const ALL_HIS_YEARS = new RegExp(`\\b(?:for\\s+)?all\\s+(her|his|my)\\s+${NUMBER}\\s+years(?:\\s+(?:of\\s+life|on\\s+(?:this\\s+)?earth|in\\s+this\\s+world|alive|of\\s+living)\\b|(?<=for\\s+all\\s+\\S+\\s+\\S+\\s+years)(?=\\s*,))`, 'giu');
// "born in nineteen-twelve", "born in eighteen ninety-three": a year in words.
const BORN_WORD_YEAR = /\bborn\s+in\s+(eighteen|nineteen|twenty)[\s-]+((?:hundred\s+and\s+)?[a-z]+(?:-[a-z]+)?)\b/giu;
const CENTURIES: Record<string, number> = { eighteen: 1800, nineteen: 1900, twenty: 2000 };

/** The year a year in words gives ("nineteen-twelve" → 1912), or null. */
function wordYear(century: string, rest: string): number | null {
  const value = parseNumberWord(rest.toLowerCase().replace(/^hundred\s+and\s+/, ''));
  return value !== null && value >= 1 && value <= 99 ? CENTURIES[century.toLowerCase()]! + value : null;
}

const COME_MONTH = new RegExp(`(?:(\\p{Lu}[\\p{L}'’-]+),\\s+who\\s+)?\\b(?:would|will)\\s+be\\s+${NUMBER}\\s+come\\s+(January|February|March|April|May|June|July|August|September|October|November|December|spring|summer|autumn|winter)\\b`, 'giu');
const YEAR_OLD = new RegExp(`\\b${NUMBER}-year-old\\b`, 'giu');
// "Dinny Foley, who was twenty that winter": the age in a relative clause after the name.
const WHO_WAS = new RegExp(`(\\p{Lu}[\\p{L}'’-]+),\\s+who\\s+(?:was|is)\\s+${NUMBER}(?:\\s+years?\\s+old)?(?=[\\s,.;:!?—–)]|$)`, 'gu');
// "Ilse, aged 34,", "young Jory, twenty years old and a tributer".
const APPOSITION = new RegExp(`(\\p{Lu}[\\p{L}'’-]+),\\s+(?:aged\\s+)?${NUMBER}(?:,|\\s+years?\\s+(?:old|of\\s+age)(?:,|\\s+and\\b|[.;]))`, 'gu');
// "Nell was born in the autumn of 1866, in October": a season of a year, and the month if it follows.
const BORN_SEASON = /\bborn\s+in\s+the\s+(?:spring|summer|autumn|fall|winter)\s+of\s+((?:1[5-9]|2\d)\d\d)(?:,?\s+in\s+(January|February|March|April|May|June|July|August|September|October|November|December))?/gu;
// "At nineteen she has been on the floors five years": an age now, said in the present tense.
// "At seventy-nine, Granddad is the oldest man on the float": the owner may be named.
// Told in the past, the same: "At seventeen he had the notion", "At forty, she was the oldest on the line" (not "At
// seventeen she had married", a time before).
const AT_AGE_NOW = new RegExp(`(?:^|[.;]\\s+)At\\s+${NUMBER},?\\s+(she|he|I|\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?)\\s+(?:has|is|am|does|can|knows|works|keeps|runs|lives|still|already|was|knew|could|kept|ran|lived|worked|had\\s+(?:the|a|an|no|his|her|my|some|enough|more|less|all)\\b)\\b`, 'gu');
// "Sparrow stood in the doorway with her hands behind her back, ten years old and small for it": the
// age set off after what the sentence's named subject does.
const SUBJECT_THEN_AGE = new RegExp(`^(\\s*)(\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?)\\s+[^,.;:!?"“”]{3,90},\\s+${NUMBER}\\s+years?\\s+old(?:,|\\s+and\\b|[.;])`, 'u');
// "He had been sixty-four at Christmas": an age at a feast or a birthday of the year just gone.
const HAD_BEEN_AT = new RegExp(`\\b(she|he|I|\\p{Lu}[\\p{L}'’-]+)\\s+had\\s+been\\s+${NUMBER}(?:\\s+years?\\s+old)?\\s+(?:at|on|by)\\s+(?:Christmas|Easter|Whitsun|Michaelmas|Hogmanay|New\\s+Year|(?:his|her|my)\\s+(?:last\\s+)?birthday)\\b`, 'gu');
// "Thirty-three years old and still walking home to his mother's": a fragment whose owner is the
// she or he it goes on to name.
const AGE_FRAGMENT = new RegExp(`^(\\s*)${NUMBER}\\s+years?\\s+old(?:,|\\s+and\\b)`, 'iu');
const AGED = new RegExp(`(\\p{Lu}[\\p{L}'’-]+)(?:\\s+\\p{Lu}[\\p{L}'’-]+)?,?\\s+aged\\s+${NUMBER}\\b`, 'gu');
const BIRTHDAY = /\b(her|his|my)\s+([a-z]+(?:-[a-z]+)?)\s+birthday\b/giu;
// "born on 3 May 1951", "born May 3rd", "born on the third of September, 1951", "born in 1951".
// A day is one or two digits, never the start of a year: "born February 1884" is no 18 February.
const BORN_ON = new RegExp(`\\b(?:was\\s+)?[Bb]orn\\s+(?:(?:in|at)\\s+\\p{Lu}[\\p{L}'’-]*(?:\\s+\\p{Lu}[\\p{L}'’-]*){0,2},?\\s+)?(?:on\\s+|in\\s+)?((?:the\\s+)?(?:(?:\\d{1,2}(?:st|nd|rd|th)?|${ORDINAL_WORDS})\\s+(?:of\\s+)?[A-Z][a-z]+|[A-Z][a-z]+\\s+(?:the\\s+)?(?:\\d{1,2}(?!\\d)(?:st|nd|rd|th)?|${ORDINAL_WORDS}))(?:,?\\s+\\d{4})?|\\d{4}|[A-Z][a-z]+\\s+\\d{4})`, 'gu');
// The notes' shorthand for born: "MARGARET OLLERTON (b. 29 Aug 1893)", "Horace Quayle, b. November 1881".
const B_DATE = new RegExp(`(?<![\\p{L}.])b\\.\\s*((?:(?:c\\.|ca\\.|circa)\\s*)?(?:\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH_PATTERN}\\s+|${MONTH_PATTERN}\\s+(?:\\d{1,2}(?:st|nd|rd|th)?,?\\s+)?)?\\d{4})\\b`, 'gu');
// A past age ("when she was twelve", "the winter I was twelve", "at thirty she had…") or a hypothetical one is not her age now.
const PAST_CONTEXT = /\b(?:when|since|until|till|after|before|by\s+the\s+time|if|unless|as\s+if|once|back\s+then|at\s+the\s+age|used\s+to)\b[^.;!?]{0,40}$/i;
// "I remember the winter I was twelve" (mid-sentence; "The next day she was forty" is the story's own day).
const PAST_TIME_CLAUSE = /\bthe\s+(?:[a-z]+\s+)?(?:winter|summer|spring|autumn|fall|year|day|night|time|week|month|morning|evening)\s+(?:that\s+|when\s+)?$/;
// "Michel was nine years old again": an age lived once more in memory.
const PAST_AFTER = /^[^.;!?]{0,12}\b(?:when|before|at\s+the\s+time|back\s+then|that\s+summer|that\s+year|in\s+those|ago|again)\b/i;

function numberValue(text: string): number | null {
  const clean = text.toLowerCase().replace(/\s+/g, ' ');
  if (clean === 'a hundred') return 100;
  const value = /^\d+$/.test(clean) ? Number(clean) : parseNumberWord(clean);
  return value !== null && value > 0 && value < 125 ? value : null;
}

const ORDINAL_AGE = (word: string): number | null => {
  const value = parseNumberWord(word);
  return value !== null && /(?:st|nd|rd|th)$/i.test(word) ? value : null;
};

/** Ages and births stated in `text[from, to)`, with where to look for each one's owner. */
export function agePhrases(text: string, from = 0, to = text.length): AgePhrase[] {
  const sentence = text.slice(from, to);
  const found: AgePhrase[] = [];
  // An age said plainly, now, by nobody in particular, unless the phrase says otherwise.
  type Said = Pick<AgePhrase, 'kind' | 'text'> & Partial<Omit<AgePhrase, 'kind' | 'text' | 'start' | 'subjectAt'>> & { at: number; subjectAt: number };
  const add = (phrase: Said): void => {
    const { at, subjectAt, ...given } = phrase;
    const rest = { age: null, bound: 'exact' as const, moment: null, born: null, birthdayMonths: null, pronoun: null, ...given };
    // "Edith Kearton, twenty-two, on the chapel steps in the September of 1946": a sentence that names
    // its one year says when the age was.
    if (rest.kind === 'age' && rest.moment === null && rest.birthdayMonths === null) rest.moment = sentenceMoment(sentence);
    // One statement, one phrase: "I turned sixty in May" is read once, not as "turned sixty in May" and "I turned sixty".
    const start = from + at;
    const same = found.find((other) => other.start === start || (other.kind === rest.kind && other.start < start + rest.text.length && start < other.start + other.text.length));
    if (same) {
      // The reading that starts at the owner's word ("She had turned", "Ilse turned") lends it to the one with the month.
      if (start < same.start) Object.assign(same, { pronoun: rest.pronoun, subjectAt: from + subjectAt });
      return;
    }
    found.push({ ...rest, start, subjectAt: from + subjectAt });
  };
  // "He had turned seventy the autumn before": a birthday last autumn, so seventy now.
  const lastSeason = (end: number): boolean => /^\s+the\s+(?:spring|summer|autumn|fall|winter|year)\s+before\b(?!\s+(?:the|his|her|their|that|this|a|an|my|we|he|she|they|I)\b)/i.test(sentence.slice(end));
  const past = (index: number, end: number): boolean => PAST_CONTEXT.test(sentence.slice(0, index)) || PAST_TIME_CLAUSE.test(sentence.slice(0, index)) || (PAST_AFTER.test(sentence.slice(end)) && !lastSeason(end));
  // "who would be eighteen come February": seventeen now, with a birthday in February to come.
  for (const match of sentence.matchAll(COME_MONTH)) {
    const age = numberValue(match[2]!);
    // "Bert, who would be eighteen come February": the name before "who" owns it.
    const subjectAt = match[1] === undefined ? match.index : match.index + match[1].length;
    if (age !== null && age > 1) add({ kind: 'age', age: age - 1, birthdayMonths: monthsOf(match[3]!), text: match[0], at: match.index, subjectAt });
  }
  for (const match of sentence.matchAll(TURNED_WHEN)) {
    const age = numberValue(match[1]!);
    if (age !== null) add({ kind: 'age', age, birthdayMonths: monthsOf(match[2]!), text: match[0], at: match.index, subjectAt: match.index });
  }
  for (const match of sentence.matchAll(WAS_AGE)) {
    const age = numberValue(match[3]!);
    const end = match.index + match[0].length;
    // A past age counts only where the sentence dates it: then it is the age at that moment.
    const at = age !== null && past(match.index, end) ? sentenceMoment(sentence) : null;
    if (age === null || (past(match.index, end) && at === null)) continue;
    // "It was twelve" or "was twelve minutes": only a person followed by nothing counted has an age.
    if (/^(?:It|This|That|There|Which|What)$/.test(match[1]!)) continue;
    // "Eli was one, at the front": one of several, unless said as an age ("was one year old").
    if (age === 1 && match[4] === undefined) continue;
    // ("had turned seventy at Candlemas", "turned seventy the autumn before": when, not what.)
    if (match[4] === undefined && /^\s+(?:\p{L}+)/u.test(sentence.slice(end)) && !/^\s+(?:and|but|now|then|already|today|that|this|last|next|in|on|at|years?|or|when|while|as|,)\b|^\s+the\s+(?:spring|summer|autumn|fall|winter|year|month|week|day|morning|evening|night)\b/i.test(sentence.slice(end))) continue;
    const owner = match[1]!;
    const pronoun = /^(?:she|he|i)$/i.test(owner) ? owner.toLowerCase() : null;
    // The owner's word ends where the verb starts: a name there is the mention that owns the age.
    add({ kind: 'age', age, bound: boundOf(match[2]), moment: at, text: match[0], pronoun, at: match.index, subjectAt: match.index + owner.length });
  }
  for (const match of sentence.matchAll(ALL_HIS_YEARS)) {
    const age = numberValue(match[2]!);
    const pronoun = match[1]!.toLowerCase() === 'her' ? 'she' : match[1]!.toLowerCase() === 'his' ? 'he' : 'i';
    if (age !== null && age >= 10 && !past(match.index, match.index + match[0].length)) add({ kind: 'age', age, text: match[0], pronoun, at: match.index, subjectAt: match.index });
  }
  for (const match of sentence.matchAll(YEAR_OLD)) {
    const age = numberValue(match[1]!);
    const end = match.index + match[0].length;
    if (age === null || past(match.index, end)) continue;
    // "the thirty-four-year-old Ilse" (the name follows) or "Ilse, a thirty-four-year-old widow".
    const after = /^\s+(\p{Lu}[\p{L}'’-]+)/u.exec(sentence.slice(end));
    const before = /(\p{Lu}[\p{L}'’-]+),\s+(?:a|an|the)\s+$/u.exec(sentence.slice(0, match.index));
    if (after) add({ kind: 'age', age, text: match[0], at: match.index, subjectAt: end + after[0].length });
    else if (before) add({ kind: 'age', age, text: match[0], at: match.index, subjectAt: match.index });
  }
  for (const match of sentence.matchAll(WHO_WAS)) {
    const age = numberValue(match[2]!);
    if (age !== null && !past(match.index, match.index + match[0].length)) add({ kind: 'age', age, text: match[0], at: match.index, subjectAt: match.index + match[1]!.length });
  }
  const subjectThen = SUBJECT_THEN_AGE.exec(sentence);
  if (subjectThen && !/^(?:The|A|An|It|He|She|I|We|They|This|That|There|Then|When|But|And|So|In|On|At|By|For|With|From)$/.test(subjectThen[2]!.split(/\s+/)[0]!)) {
    const age = numberValue(subjectThen[3]!);
    const ownerAt = subjectThen[1]!.length;
    const at = subjectThen[0].lastIndexOf(subjectThen[3]!);
    // "Ada can see Tommy at the end wheel, fourteen years old": the age is of the name nearest before it.
    const nameEnd = ownerAt + subjectThen[2]!.length;
    const nearer = [...subjectThen[0].slice(nameEnd, at).matchAll(/(?<=\s)\p{Lu}[\p{Ll}'’-]+/gu)].pop();
    const subjectAt = nearer === undefined ? nameEnd : nameEnd + nearer.index + nearer[0].length;
    if (age !== null && !past(at, subjectThen[0].length)) add({ kind: 'age', age, text: subjectThen[0].slice(at).replace(/[,.;]$/, ''), at, subjectAt });
  }
  for (const match of sentence.matchAll(HAD_BEEN_AT)) {
    const age = numberValue(match[2]!);
    const owner = match[1]!;
    const pronoun = /^(?:she|he|i)$/i.test(owner) ? owner.toLowerCase() : null;
    if (age !== null && !/^(?:It|This|That|There)$/.test(owner)) add({ kind: 'age', age, bound: 'exact', text: match[0], pronoun, at: match.index, subjectAt: match.index + owner.length });
  }
  for (const match of sentence.matchAll(AT_AGE_NOW)) {
    const age = numberValue(match[1]!);
    const at = match.index + match[0].indexOf('At');
    const owner = match[2]!;
    const ownerAt = match.index + match[0].lastIndexOf(owner);
    // A name owns the age through its mention, which ends where the name does.
    const pronoun = /^(?:she|he|i)$/i.test(owner) ? owner.toLowerCase() : null;
    if (age !== null) add({ kind: 'age', age, text: match[0].slice(match[0].indexOf('At')), pronoun, at, subjectAt: pronoun === null ? ownerAt + owner.length : ownerAt });
  }
  const fragment = AGE_FRAGMENT.exec(sentence);
  const fragmentAge = fragment ? numberValue(fragment[2]!) : null;
  const fragmentOwner = fragment ? /\b(she|he|her|his)\b/i.exec(sentence.slice(fragment[0].length)) : null;
  if (fragment && fragmentAge !== null && fragmentOwner && !PAST_AFTER.test(sentence.slice(fragment[0].length))) {
    const at = fragment[1]!.length;
    add({ kind: 'age', age: fragmentAge, text: fragment[0].trim(), pronoun: fragmentOwner[1]!.toLowerCase(), at, subjectAt: at });
  }
  for (const pattern of [APPOSITION, AGED]) {
    for (const match of sentence.matchAll(pattern)) {
      const age = numberValue(match[match.length - 1]!);
      if (age !== null && !past(match.index, match.index + match[0].length)) add({ kind: 'age', age, text: match[0], at: match.index, subjectAt: match.index + match[0].length });
    }
  }
  for (const match of sentence.matchAll(BIRTHDAY)) {
    const age = ORDINAL_AGE(match[2]!);
    if (age !== null && age < 125) add({ kind: 'age', age, text: match[0], pronoun: match[1]!.toLowerCase(), at: match.index, subjectAt: match.index });
  }
  for (const match of sentence.matchAll(BORN_WORD_YEAR)) {
    const year = wordYear(match[1]!, match[2]!);
    if (year !== null) add({ kind: 'born', born: { year, month: null, day: null }, text: match[0], at: match.index, subjectAt: match.index });
  }
  for (const match of sentence.matchAll(BORN_SEASON)) {
    const months = match[2] ? monthsOf(match[2]) : null;
    add({ kind: 'born', born: { year: Number(match[1]), month: months?.length === 1 ? months[0]! : null, day: null }, text: match[0], at: match.index, subjectAt: match.index });
  }
  for (const match of [...sentence.matchAll(BORN_ON), ...sentence.matchAll(B_DATE)]) {
    const born = parseDate(match[1]!);
    if (born !== null) add({ kind: 'born', born, text: match[0], at: match.index, subjectAt: match.index });
  }
  return found;
}

/** An age field's value (`34`, `thirty-four`, `34 (in 1962)`); null when it states none. */
export function ageFieldValue(value: string): number | null {
  const match = new RegExp(`^\\s*(?:about\\s+|around\\s+|c\\.\\s*)?${NUMBER}\\b`, 'i').exec(value);
  return match ? numberValue(match[1]!) : null;
}
