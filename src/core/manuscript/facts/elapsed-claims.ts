import type { Finding } from '../finding.js';
import { parseNumberWord } from '../numbers.js';
import { isQuoted, lineOf, sentenceAt, type Paragraph } from '../prose.js';
import type { SourceText } from '../file-ref.js';
import { stemWord } from '../word-stem.js';
import { WEEKDAYS, WEEKDAY_PATTERN, dayNumber, formatDate, parseDate, weekdayIndex, weekdayOf, type PartialDate } from './calendar.js';
import type { ChapterWhen } from './compare-ages.js';
import type { CharacterCard } from '../cards.js';
import type { Death } from './deaths.js';

/** Days a unit of elapsed time stands for. */
const UNIT_DAYS: Record<string, number> = { day: 1, days: 1, week: 7, weeks: 7, fortnight: 14, fortnights: 14 };
const COUNT = '(\\d{1,3}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty(?:-[a-z]+)?|thirty)';
const UNIT = '(days?|weeks?|fortnights?)';
// "He has been dead nine days", "she had been dead for a week".
// ("Dai had been dead a fortnight now": by name too.)
const DEAD_FOR = new RegExp(`\\b(he|she|\\p{Lu}[\\p{Ll}'’-]+)\\s+(?:has|had|'d|’d|'s|’s)\\s+been\\s+dead\\s+(?:for\\s+|these\\s+|now\\s+)?${COUNT}\\s+${UNIT}`, 'giu');
// "ten days since the funeral", "a week after the burial", "two days since his death".
const SINCE_FUNERAL = new RegExp(`\\b${COUNT}\\s+${UNIT}(?:\\s+to\\s+the\\s+day)?\\s+(?:since|after)\\s+(?:the|his|her)\\s+(funeral|burial|death)\\b`, 'giu');
// "on the Wednesday, two days after we found him", "Friday, a week after she died": a weekday said
// to fall that long after a death.
// ("on the Friday, the day after he fell": a day after.)
const WEEKDAY_AFTER_DEATH = new RegExp(
  `\\b(${WEEKDAY_PATTERN}),?\\s+(?:${COUNT}\\s+${UNIT}|the\\s+(day))\\s+after\\s+(?:(?:[\\p{L}]+\\s+){1,2}found\\s+(him|her)(?:\\s+dead)?|(he|she)\\s+(?:died|drowned|fell|was\\s+killed))\\b`,
  'giu',
);
// "three weeks since they pulled Amos out", "a fortnight since the Scarth": since an event the
// clause names, by the dead person in it or by an earlier chapter's title.
// "five weeks to the day since we lost Edna" is exact.
const SINCE_EVENT = new RegExp(`\\b${COUNT}\\s+(?:full\\s+|whole\\s+|clear\\s+)?${UNIT}(?:\\s+to\\s+the\\s+day)?(?:\\s+now|\\s+already)?\\s+since\\s+(?!(?:the|his|her)\\s+(?:funeral|burial|death)\\b)([^.;:!?"“”]{3,60})`, 'giu');
// A chapter that opens so long after an event: "Three days after the letter, Maura sits…". Only at
// the very start of a chapter does it date the chapter; further in it may tell of any day.
const OPENS_AFTER_EVENT = new RegExp(`^\\s*${COUNT}\\s+(?:full\\s+|whole\\s+|clear\\s+)?${UNIT}\\s+after\\s+((?:the|that)\\s+[^.;:!?"“”]{3,60})`, 'giu');
// A span only hoped for, felt or supposed: no claim of how long it was.
const ROUGH = /\b(?:maybe|perhaps|like|felt|seemed|as\s+if|as\s+though|if|would|will)\b/i;
// A count said as a guess ("nearly a week", "hardly a fortnight"): wrong only when far out.
const APPROXIMATE = /\b(?:about|around|nearly|almost|some|or\s+so|more\s+than|over|only|barely|hardly|scarcely|just|not\s+yet|well)\b/i;
/** True when a guessed span is far from the days that passed: less than half or more than twice, and by more than three days. */
const farOut = (passed: number, said: number): boolean => Math.abs(passed - said) > 3 && (passed > 2 * said || 2 * passed < said);
const FUNERAL_WORD = /\b(?:funeral|burial|buried|interred|requiem)\b/i;

function count(word: string): number | null {
  if (/^\d+$/.test(word)) return Number(word);
  return word.toLowerCase() === 'a' ? 1 : parseNumberWord(word.toLowerCase());
}

function dayIndexOf(date: PartialDate | null, year: number | null): number | null {
  const whole = date?.year ?? year;
  return date !== null && whole !== null && date.month !== null && date.day !== null ? dayNumber(whole, date.month, date.day) : null;
}

/** One dated line that says when the funeral is: a date beside "funeral" or "burial" (the outline's, a notice's). */
function funeralDates(sources: readonly SourceText[], year: number | null): Array<{ day: number; path: string; line: number; text: string; date: PartialDate }> {
  const dates: Array<{ day: number; path: string; line: number; text: string; date: PartialDate }> = [];
  for (const source of sources) {
    source.lines.forEach((text, index) => {
      if (!FUNERAL_WORD.test(text)) return;
      const date = parseDate(text);
      const day = dayIndexOf(date, year);
      if (date !== null && day !== null) dates.push({ day, path: source.path, line: index + 1, text: text.trim(), date: { ...date, year: date.year ?? year } });
    });
  }
  return dates;
}

/** The one earlier death the pronoun can mean, with its date, or null. */
function deathMeant(pronoun: string | null, position: number, deaths: readonly Death[], whenOf: (position: number) => ChapterWhen, genderOf: (death: Death) => 'male' | 'female' | null): { death: Death; date: PartialDate & { year: number; month: number; day: number } } | null {
  const gender = pronoun === null ? null : /^(?:she|her)$/i.test(pronoun) ? 'female' : 'male';
  const earlier = deaths.filter((death) => death.position !== null && death.position > 0 && death.position <= position && (gender === null || (genderOf(death) ?? gender) === gender));
  if (earlier.length !== 1) return null;
  const when = whenOf(earlier[0]!.position!);
  const year = when.date?.year ?? when.year;
  if (when.date === null || year === null || when.date.month === null || when.date.day === null) return null;
  return { death: earlier[0]!, date: { year, month: when.date.month, day: when.date.day } };
}

/** "on the Wednesday, two days after we found him" against the weekday the death fell on. */
function weekdayAfterDeath(
  match: RegExpMatchArray,
  paragraph: Paragraph,
  position: number,
  deaths: readonly Death[],
  whenOf: (position: number) => ChapterWhen,
  genderOf: (death: Death) => 'male' | 'female' | null,
): Omit<Finding, 'path' | 'line'> | null {
  const at = match.index ?? 0;
  if (isQuoted(paragraph, at) || ROUGH.test(paragraph.text.slice(sentenceAt(paragraph, at).start, at + match[0].length))) return null;
  const weekday = weekdayIndex(match[1]!);
  const amount = match[4] !== undefined ? 1 : count(match[2]!);
  const meant = deathMeant(match[5] ?? match[6] ?? null, position, deaths, whenOf, genderOf);
  if (weekday === null || amount === null || meant === null) return null;
  const days = amount * UNIT_DAYS[(match[3] ?? 'day').toLowerCase()]!;
  const expected = (weekdayOf(meant.date.year, meant.date.month, meant.date.day) + days) % 7;
  if (expected === weekday) return null;
  return {
    kind: 'elapsed_time_mismatch',
    severity: 'error',
    message: `This says ${WEEKDAYS[weekday]} was ${match[4] !== undefined ? 'the day' : `${match[2]} ${match[3]}`} after the death, but the death was on ${formatDate(meant.date)}, so that day is a ${WEEKDAYS[expected]}.`,
    quote: '',
    canon: { path: meant.death.path, line: meant.death.line, value: meant.death.text },
  };
}

export interface ElapsedChapter {
  path: string;
  position: number;
  paragraphs: readonly Paragraph[];
  /** The chapter's title, when it has one ("The Scarth"). */
  title?: string | null;
  /** What the chapter's outline entry says happens in it, when it has one. */
  plan?: string | null;
}

/** What an elapsed-time check needs to know of names: the characters a clause names. */
export type NamedIn = (clause: string) => readonly CharacterCard[];

// A heading's own number is no part of its title: "Chapter One: The Havergal", "4. The Scarth".
// ("Six: Breach", "IV. The Weir": a number in words or Roman figures too.)
const CHAPTER_PREFIX = /^(?:(?:chapter|ch\.?)\s+)?([\p{L}\d-]+)\s*[.:)—–-]\s*(?=\S)/iu;
function withoutNumber(title: string): string {
  const prefix = CHAPTER_PREFIX.exec(title);
  const numeral = prefix?.[1] ?? '';
  const isNumber = /^\d+$/.test(numeral) || /^[IVXLC]+$/.test(numeral) || parseNumberWord(numeral.toLowerCase()) !== null || /^(?:chapter|ch\.?)\s/i.test(title);
  return prefix && isNumber ? title.slice(prefix[0].length) : title;
}
const titleKey = (title: string): string => withoutNumber(title.trim()).toLowerCase().replace(/^the\s+/, '').replace(/[’']/g, "'");

/**
 * The one earlier death of the people a clause names, with its day: undefined when none of them died
 * before `position` or several did, null when the one death's day is not known.
 */
function namedDeath(
  named: readonly CharacterCard[],
  position: number,
  deaths: readonly Death[],
  whenOf: (position: number) => ChapterWhen,
): { death: Death; day: number; path: string; line: number; text: string } | null | undefined {
  const died = deaths.filter((death) => named.includes(death.card) && death.position !== null && death.position > 0 && death.position <= position);
  if (died.length !== 1) return undefined;
  const death = died[0]!;
  const when = whenOf(death.position!);
  const day = dayIndexOf(when.date, when.year);
  return day === null ? null : { death, day, path: death.path, line: death.line, text: death.text };
}

/** What the elapsed-time checks know of the book, to find the day an event happened. */
interface EventContext {
  chapters: readonly ElapsedChapter[];
  deaths: readonly Death[];
  whenOf: (position: number) => ChapterWhen;
  namedIn: NamedIn;
  genderOf: (death: Death) => 'male' | 'female' | null;
  /** Lines of the notes and the outline that give a full date. */
  datedLines: ReadonlyArray<{ day: number; path: string; line: number; text: string }>;
}

/** The day an event happened, and where that is said; `inferred` when only its common noun ties them. */
interface EventDay {
  day: number;
  path: string;
  line: number;
  text: string;
  anchor: string;
  inferred: boolean;
}

// Nouns after "since the" that are no event of the story ("since the morning", "since the first").
const NOT_EVENTS = new Set(['morning', 'afternoon', 'evening', 'night', 'day', 'week', 'month', 'year', 'time', 'start', 'beginning', 'end', 'first', 'last', 'one', 'other', 'war', 'summer', 'winter', 'spring', 'autumn', 'weekend', 'holidays']);

/** The common noun an event is named by ("the storm", "the lump-room went down" → `lump-room`), or null. */
export function eventNoun(event: string): string | null {
  const match = /^(?:the|that)\s+([\p{Ll}][\p{Ll}-]{2,})(?=$|\s|[,.;])/u.exec(event.trim().replace(/[*_]/g, ''));
  const noun = match?.[1] ?? null;
  return noun === null || NOT_EVENTS.has(noun) ? null : noun;
}

/** A test for a noun and its plural as a whole word. */
function nounTest(noun: string): RegExp {
  const stem = stemWord(noun).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}-])${stem}(?:s|es)?(?![\\p{L}-])`, 'iu');
}

// What may follow an event's noun where a line tells the event: a stop, a bracket, or a verb
// ("the storm;", "the lump-room (collapses 22 June)", "the breach kills", "the wreck was").
const EVENT_AFTER = /^(?:\s*(?:$|[;:,.()—–-])|\s+(?:\p{Ll}+(?:s|ed)|is|was|were|has|had|went|goes|fell|falls|broke|came|comes|hit|hits|struck|strikes|sank|sinks|blew|blows|burst|bursts|begins|began)\b)/u;

/** True when a line tells the event its noun names, not only something of it ("the lump-room floor"). */
function toldAsEvent(text: string, noun: string): boolean {
  const names = new RegExp(nounTest(noun).source, 'giu');
  return [...text.matchAll(names)].some((match) => EVENT_AFTER.test(text.slice(match.index + match[0].length)));
}

/**
 * The day of an event named by its common noun ("since the storm", "since the breach"): the one
 * earlier death told with it ("Killed in the airlock breach, ch. 6"), else the one date a note
 * gives it ("the old lump-room (collapses 22 June)"), else the first earlier chapter whose outline
 * entry names it ("Entry 3 (Sun 4 Mar): the storm"). Null when none does, or the notes disagree.
 */
function nounEventDay(noun: string, position: number, context: EventContext): EventDay | null {
  const names = nounTest(noun);
  const { whenOf } = context;
  const died = context.deaths.filter((death) => death.position !== null && death.position > 0 && death.position <= position && names.test(death.text));
  if (died.length === 1) {
    const when = whenOf(died[0]!.position!);
    const day = dayIndexOf(when.date, when.year);
    if (day !== null) return { day, path: died[0]!.path, line: died[0]!.line, text: died[0]!.text, anchor: `the ${noun}`, inferred: true };
  }
  const mentioned = context.datedLines.filter((line) => names.test(line.text));
  // Where they disagree, the lines that tell the event itself ("the lump-room collapses") over those
  // that only name a part of it ("warns of the lump-room floor").
  const dated = new Set(mentioned.map((line) => line.day)).size > 1 ? mentioned.filter((line) => toldAsEvent(line.text, noun)) : mentioned;
  if (mentioned.length > 0) return dated.length > 0 && new Set(dated.map((line) => line.day)).size === 1 ? { ...dated[0]!, anchor: `the ${noun}`, inferred: true } : null;
  const planned = context.chapters.filter((chapter) => chapter.position < position && chapter.plan && names.test(chapter.plan)).sort((a, b) => a.position - b.position)[0];
  if (planned === undefined) return null;
  const when = whenOf(planned.position);
  const day = dayIndexOf(when.date, when.year);
  return day === null ? null : { day, path: planned.path, line: 1, text: planned.plan!, anchor: `the ${noun} (planned for "${planned.title ?? planned.path}")`, inferred: true };
}

/**
 * The day an event named after "since" happened: the one earlier death of a person the clause
 * names ("since they carried Hywel up"), else the earlier chapter the clause is titled as ("since
 * the Scarth" after the chapter "The Scarth"), else what the notes and the outline say of the
 * event's noun. Null when it names none of these, or could mean several.
 */
function eventDay(event: string, noun: string | null, position: number, context: EventContext): EventDay | null {
  const { chapters, deaths, whenOf, namedIn, genderOf } = context;
  const named = namedIn(event);
  const died = namedDeath(named, position, deaths, whenOf);
  if (died !== undefined) return died === null ? null : { day: died.day, path: died.path, line: died.line, text: died.text, anchor: `death of ${died.death.card.name.value}`, inferred: false };
  if (named.length > 0) return null;
  // "since I'd found him", "since they buried her": the one earlier death the pronoun can mean.
  const found = /\b(?:found|buried|bury|pulled|carried|laid|lost|drowned|killed)\b[^,;]*?\b(him|her)\b/i.exec(event);
  if (found !== null) {
    const meant = deathMeant(found[1]!, position, deaths, whenOf, genderOf);
    const day = meant === null ? null : dayIndexOf(meant.date, meant.date.year);
    return meant === null || day === null ? null : { day, path: meant.death.path, line: meant.death.line, text: meant.death.text, anchor: `death of ${meant.death.card.name.value}`, inferred: false };
  }
  const head = titleKey(event);
  // "since the Havergal had tied up": a title that is a name, then what happened to it.
  const titledAs = (title: string): boolean => titleKey(title) === head || (/^(?:the\s+)?\p{Lu}/u.test(title.trim()) && /\p{Lu}/u.test(event) && head.startsWith(`${titleKey(title)} `) && /^\s*(?:had|has|was|were|came|went|sailed|docked|tied|arrived|left|sank|burned|fell|opened|closed)\b/i.test(head.slice(titleKey(title).length)));
  const titled = chapters.filter((chapter) => chapter.position < position && chapter.title && titledAs(chapter.title));
  if (titled.length > 1) return null;
  if (titled.length === 0) return noun === null ? null : nounEventDay(noun, position, context);
  const when = whenOf(titled[0]!.position);
  const day = dayIndexOf(when.date, when.year);
  return day === null ? null : { day, path: titled[0]!.path, line: 1, text: titled[0]!.title!, anchor: `chapter "${titled[0]!.title}"`, inferred: false };
}

/** Every line of the notes and the outline that gives a full date (the story's year where it gives none). */
function datedLinesOf(sources: readonly SourceText[], year: number | null): EventContext['datedLines'] {
  return sources.flatMap((source) =>
    source.lines.flatMap((text, index) => {
      const day = dayIndexOf(parseDate(text), year);
      return day === null ? [] : [{ day, path: source.path, line: index + 1, text: text.trim() }];
    }),
  );
}

/** One span the prose says has passed, with what it is counted from. */
interface SpanClaim {
  chapter: ElapsedChapter;
  paragraph: Paragraph;
  at: number;
  /** The claim as said, up to the event it is counted from. */
  said: string;
  days: number;
  exact: boolean;
  approximate: boolean;
  today: number;
  todayDate: PartialDate;
  anchor: 'death' | 'funeral' | 'event';
  pronoun: string | null;
  event: string | null;
  /** The common noun the event is named by, when it is ("the storm"). */
  noun: string | null;
}

/** The spans a chapter's prose says have passed since a death, a funeral or an event (speech and wishes left out). */
function spanClaims(chapter: ElapsedChapter, today: number, date: PartialDate): SpanClaim[] {
  const claims: SpanClaim[] = [];
  for (const paragraph of chapter.paragraphs) {
    const found = [
      ...[...paragraph.text.matchAll(DEAD_FOR)].map((match) => ({ match, amount: match[2]!, unit: match[3]!, anchor: 'death' as const, pronoun: match[1]!, clause: null })),
      ...[...paragraph.text.matchAll(SINCE_FUNERAL)].map((match) => ({ match, amount: match[1]!, unit: match[2]!, anchor: match[3]!.toLowerCase() === 'death' ? ('death' as const) : ('funeral' as const), pronoun: null, clause: null })),
      ...[...paragraph.text.matchAll(SINCE_EVENT)].map((match) => ({ match, amount: match[1]!, unit: match[2]!, anchor: 'event' as const, pronoun: null, clause: match[3]! })),
      ...(paragraph === chapter.paragraphs[0] ? [...paragraph.text.matchAll(OPENS_AFTER_EVENT)] : []).map((match) => ({ match, amount: match[1]!, unit: match[2]!, anchor: 'event' as const, pronoun: null, clause: match[3]!, opens: true })),
    ];
    for (const claim of found) {
      const at = claim.match.index;
      if (isQuoted(paragraph, at)) continue;
      const sentence = sentenceAt(paragraph, at);
      // Only the words up to the event it is counted from may make a count rough ("it felt both longer…" comes after).
      const counted = claim.clause === null ? claim.match[0].length : claim.match[0].length - claim.clause.length;
      const lead = paragraph.text.slice(sentence.start, at + counted);
      const amount = count(claim.amount);
      if (ROUGH.test(lead) || amount === null) continue;
      // The event is what the clause says first: "since the Scarth, and in the three weeks the Coxswain…".
      const event = claim.clause === null ? null : claim.clause.split(/,|\s+(?:and|but|when|that|which)\s+/)[0]!.trim();
      claims.push({
        chapter,
        paragraph,
        at,
        said: `${claim.match[0].slice(0, counted).trim()}${event === null ? '' : ` ${event}`}`,
        days: amount * UNIT_DAYS[claim.unit.toLowerCase()]!,
        // A chapter that opens "three days after the letter" counts from that day, not from a night.
        exact: /\bto\s+the\s+day\b/i.test(claim.match[0]) || 'opens' in claim,
        approximate: APPROXIMATE.test(lead),
        today,
        todayDate: date,
        anchor: claim.anchor,
        pronoun: claim.pronoun,
        event,
        noun: event === null ? null : eventNoun(event),
      });
    }
  }
  return claims;
}

/**
 * Time said to have passed since a death, a funeral or an event ("He has been dead nine days now",
 * "ten days since the funeral", "three weeks to the day since the lump-room went") against the
 * dates of both: the chapter's own date, and the day the death, the funeral or the event happened
 * (its chapter, the date a note or the outline gives it, or what another chapter says of the same
 * event). Only a plain count is checked, and only when both days are known and the one dead or the
 * one funeral it can mean is: speech and a span only felt are left alone, and a guess ("hardly a
 * fortnight") only when it is far out. A span off by a day either way (a death in the night) is no
 * contradiction. An event tied only by its common noun gives a warning.
 */
export function elapsedFindings(
  chapters: readonly ElapsedChapter[],
  deaths: readonly Death[],
  whenOf: (position: number) => ChapterWhen,
  sources: readonly SourceText[],
  genderOf: (death: Death) => 'male' | 'female' | null,
  namedIn: NamedIn = () => [],
  notes: readonly SourceText[] = [],
): Finding[] {
  const findings: Finding[] = [];
  const storyYear = chapters.map((chapter) => whenOf(chapter.position).year).find((year) => year !== null) ?? null;
  const funerals = funeralDates(sources, storyYear);
  const funeralDays = new Set(funerals.map((funeral) => funeral.day));
  const context: EventContext = { chapters, deaths, whenOf, namedIn, genderOf, datedLines: datedLinesOf(notes, storyYear) };
  const claims: SpanClaim[] = [];
  for (const chapter of chapters) {
    const when = whenOf(chapter.position);
    const today = dayIndexOf(when.date, when.year);
    // A weekday said to fall so long after a death needs no date of this chapter's own.
    for (const paragraph of chapter.paragraphs) {
      for (const match of paragraph.text.matchAll(WEEKDAY_AFTER_DEATH)) {
        const found = weekdayAfterDeath(match, paragraph, chapter.position, deaths, whenOf, genderOf);
        if (found !== null) findings.push({ ...found, path: chapter.path, line: lineOf(paragraph, match.index) });
      }
    }
    if (today !== null) claims.push(...spanClaims(chapter, today, { ...when.date!, year: when.date!.year ?? when.year }));
  }
  // What each claim of an event tied to nothing else says of its day ("five days since the storm" on 9 March: 4 March).
  const implied = claims.flatMap((claim) => (claim.noun !== null && !claim.approximate ? [{ noun: claim.noun, claim, day: claim.today - claim.days }] : []));
  for (const claim of claims) {
    const { chapter } = claim;
    let from: EventDay | null = null;
    if (claim.event !== null) {
      from = eventDay(claim.event, claim.noun, chapter.position, context);
      const { noun } = claim;
      // Else the first earlier chapter's span from the same event, when it gives the day plainly.
      const other = from === null && noun !== null ? implied.filter((entry) => entry.noun === noun && entry.claim.chapter.position < chapter.position).sort((a, b) => a.claim.chapter.position - b.claim.chapter.position)[0] : undefined;
      if (other !== undefined) from = { day: other.day, path: other.claim.chapter.path, line: lineOf(other.claim.paragraph, other.claim.at), text: other.claim.said, anchor: `the ${noun}, by what another chapter says of it,`, inferred: true };
    } else if (claim.anchor === 'funeral') {
      const before = funerals.filter((funeral) => funeral.day <= claim.today);
      if (new Set(before.map((funeral) => funeral.day)).size === 1 && funeralDays.size === 1) from = { ...before[0]!, anchor: 'funeral', inferred: false };
    } else if (claim.pronoun !== null && !/^(?:he|she)$/i.test(claim.pronoun)) {
      // A name: the one earlier death of the one it names.
      const died = namedDeath(namedIn(claim.pronoun), chapter.position, deaths, whenOf);
      if (died) from = { day: died.day, path: died.path, line: died.line, text: died.text, anchor: 'death', inferred: false };
    } else {
      const meant = deathMeant(claim.pronoun, chapter.position, deaths, whenOf, genderOf);
      const day = meant === null ? null : dayIndexOf(meant.date, meant.date.year);
      if (meant !== null && day !== null) from = { day, path: meant.death.path, line: meant.death.line, text: meant.death.text, anchor: 'death', inferred: false };
    }
    if (from === null) continue;
    const passed = claim.today - from.day;
    if (passed < 0) continue;
    if (claim.approximate ? !farOut(passed, claim.days) : Math.abs(passed - claim.days) <= (claim.exact ? 0 : claim.days >= 7 ? 2 : 1)) continue;
    findings.push({
      kind: 'elapsed_time_mismatch',
      severity: claim.approximate || from.inferred ? 'warning' : 'error',
      message: `This says "${claim.said}", but this chapter is ${formatDate(claim.todayDate)} and ${/^the\s/.test(from.anchor) ? '' : 'the '}${from.anchor} was ${passed} day${passed === 1 ? '' : 's'} before it ("${from.text}").`,
      path: chapter.path,
      line: lineOf(claim.paragraph, claim.at),
      quote: '',
      canon: { path: from.path, line: from.line, value: from.text },
    });
  }
  return findings;
}
