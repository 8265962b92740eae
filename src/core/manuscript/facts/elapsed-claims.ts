import type { Finding } from '../finding.js';
import { parseNumberWord } from '../numbers.js';
import { isQuoted, lineOf, sentenceAt, type Paragraph } from '../prose.js';
import type { SourceText } from '../file-ref.js';
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
// A count said as a guess, or a span only hoped for.
const ROUGH = /\b(?:about|around|nearly|almost|some|maybe|perhaps|or\s+so|more\s+than|over|only|barely|just|like|felt|seemed|as\s+if|as\s+though|if|would|will)\b/i;
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
}

/** What an elapsed-time check needs to know of names: the characters a clause names. */
export type NamedIn = (clause: string) => readonly CharacterCard[];

const titleKey = (title: string): string => title.trim().toLowerCase().replace(/^the\s+/, '').replace(/[’']/g, "'");

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

/**
 * The day an event named after "since" happened: the one earlier death of a person the clause
 * names ("since they carried Hywel up"), else the earlier chapter the clause is titled as ("since
 * the Scarth" after the chapter "The Scarth"). Null when it names neither, or could mean several.
 */
function eventDay(
  clause: string,
  position: number,
  chapters: readonly ElapsedChapter[],
  deaths: readonly Death[],
  whenOf: (position: number) => ChapterWhen,
  namedIn: NamedIn,
  genderOf: (death: Death) => 'male' | 'female' | null,
): { day: number; path: string; line: number; text: string; anchor: string } | null {
  // The event is what the clause says first: "since the Scarth, and in the three weeks the Coxswain…".
  const event = clause.split(/,|\s+(?:and|but|when|that|which)\s+/)[0]!;
  const named = namedIn(event);
  const died = namedDeath(named, position, deaths, whenOf);
  if (died !== undefined) return died === null ? null : { day: died.day, path: died.path, line: died.line, text: died.text, anchor: `death of ${died.death.card.name.value}` };
  if (named.length > 0) return null;
  // "since I'd found him", "since they buried her": the one earlier death the pronoun can mean.
  const found = /\b(?:found|buried|bury|pulled|carried|laid|lost|drowned|killed)\b[^,;]*?\b(him|her)\b/i.exec(event);
  if (found !== null) {
    const meant = deathMeant(found[1]!, position, deaths, whenOf, genderOf);
    const day = meant === null ? null : dayIndexOf(meant.date, meant.date.year);
    return meant === null || day === null ? null : { day, path: meant.death.path, line: meant.death.line, text: meant.death.text, anchor: `death of ${meant.death.card.name.value}` };
  }
  const head = titleKey(event);
  // "since the Havergal had tied up": a title that is a name, then what happened to it.
  const titledAs = (title: string): boolean => titleKey(title) === head || (/^(?:the\s+)?\p{Lu}/u.test(title.trim()) && /\p{Lu}/u.test(event) && head.startsWith(`${titleKey(title)} `) && /^\s*(?:had|has|was|were|came|went|sailed|docked|tied|arrived|left|sank|burned|fell|opened|closed)\b/i.test(head.slice(titleKey(title).length)));
  const titled = chapters.filter((chapter) => chapter.position < position && chapter.title && titledAs(chapter.title));
  if (titled.length !== 1) return null;
  const when = whenOf(titled[0]!.position);
  const day = dayIndexOf(when.date, when.year);
  return day === null ? null : { day, path: titled[0]!.path, line: 1, text: titled[0]!.title!, anchor: `chapter "${titled[0]!.title}"` };
}

/**
 * Time said to have passed since a death or a funeral ("He has been dead nine days now", "ten
 * days since the funeral") against the dates of both: the chapter's own date, and the chapter
 * the death happened in or the date the funeral is given (in the outline, a notice, the prose).
 * Only a plain count is checked, and only when both days are known and the one dead or the one
 * funeral it can mean is: a guess ("nearly a week"), speech, or two funerals are left alone.
 * A span off by a day either way (a death in the night) is no contradiction.
 */
export function elapsedFindings(
  chapters: readonly ElapsedChapter[],
  deaths: readonly Death[],
  whenOf: (position: number) => ChapterWhen,
  sources: readonly SourceText[],
  genderOf: (death: Death) => 'male' | 'female' | null,
  namedIn: NamedIn = () => [],
): Finding[] {
  const findings: Finding[] = [];
  const storyYear = chapters.map((chapter) => whenOf(chapter.position).year).find((year) => year !== null) ?? null;
  const funerals = funeralDates(sources, storyYear);
  const funeralDays = new Set(funerals.map((funeral) => funeral.day));
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
    if (today === null) continue;
    for (const paragraph of chapter.paragraphs) {
      const claims = [
        ...[...paragraph.text.matchAll(DEAD_FOR)].map((match) => ({ match, amount: match[2]!, unit: match[3]!, anchor: 'death' as const, pronoun: match[1]! })),
        ...[...paragraph.text.matchAll(SINCE_FUNERAL)].map((match) => ({ match, amount: match[1]!, unit: match[2]!, anchor: match[3]!.toLowerCase() === 'death' ? ('death' as const) : ('funeral' as const), pronoun: null })),
        ...[...paragraph.text.matchAll(SINCE_EVENT)].map((match) => ({ match, amount: match[1]!, unit: match[2]!, anchor: 'event' as const, pronoun: null, clause: match[3]! })),
      ];
      for (const claim of claims) {
        const at = claim.match.index;
        if (isQuoted(paragraph, at)) continue;
        const sentence = sentenceAt(paragraph, at);
        // Only the words up to the event it is counted from may make a count rough ("it felt both longer…" comes after).
        const counted = 'clause' in claim ? claim.match[0].length - claim.clause.length : claim.match[0].length;
        if (ROUGH.test(paragraph.text.slice(sentence.start, at + counted))) continue;
        const amount = count(claim.amount);
        if (amount === null) continue;
        const said = amount * UNIT_DAYS[claim.unit.toLowerCase()]!;
        let from: { day: number; path: string; line: number; text: string } | null = null;
        let anchor: string = claim.anchor;
        if ('clause' in claim) {
          const event = eventDay(claim.clause, chapter.position, chapters, deaths, whenOf, namedIn, genderOf);
          if (event !== null) ({ anchor, ...from } = event);
        } else if (claim.anchor === 'funeral') {
          const before = funerals.filter((funeral) => funeral.day <= today);
          if (new Set(before.map((funeral) => funeral.day)).size === 1 && funeralDays.size === 1) from = before[0]!;
        } else if (claim.pronoun !== null && !/^(?:he|she)$/i.test(claim.pronoun)) {
          // A name: the one earlier death of the one it names.
          const died = namedDeath(namedIn(claim.pronoun), chapter.position, deaths, whenOf);
          if (died) from = { day: died.day, path: died.path, line: died.line, text: died.text };
        } else {
          const meant = deathMeant(claim.pronoun, chapter.position, deaths, whenOf, genderOf);
          const day = meant === null ? null : dayIndexOf(meant.date, meant.date.year);
          if (meant !== null && day !== null) from = { day, path: meant.death.path, line: meant.death.line, text: meant.death.text };
        }
        if (from === null) continue;
        const passed = today - from.day;
        const exact = /\bto\s+the\s+day\b/i.test(claim.match[0]);
        if (passed < 0 || Math.abs(passed - said) <= (exact ? 0 : said >= 7 ? 2 : 1)) continue;
        findings.push({
          kind: 'elapsed_time_mismatch',
          severity: 'error',
          message: `This says ${claim.match[0].trim()}, but this chapter is ${formatDate(when.date!)} and the ${anchor} was ${passed} day${passed === 1 ? '' : 's'} before it ("${from.text}").`,
          path: chapter.path,
          line: lineOf(paragraph, at),
          quote: '',
          canon: { path: from.path, line: from.line, value: from.text },
        });
      }
    }
  }
  return findings;
}
