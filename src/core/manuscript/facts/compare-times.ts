import type { Finding } from '../finding.js';
import type { Outline, OutlineEntry } from '../outline.js';
import type { SceneFile } from '../scene-file.js';
import { WEEKDAYS, dayNumber, formatDate, weekdayOf, type PartialDate } from './calendar.js';
import type { ChapterWhen } from './compare-ages.js';
import { combinedTime, datesItsChapter, timeOfText, type TimeStatement } from './time-statements.js';

/** One chapter's time as stated, and its outline entry. */
export interface ChapterTime {
  scene: SceneFile;
  statements: TimeStatement[];
  entry: OutlineEntry | null;
}

/** The weekday of a date when its year is known. */
function weekdayOfDate(date: PartialDate | null): number | null {
  return date !== null && date.year !== null && date.month !== null && date.day !== null ? weekdayOf(date.year, date.month, date.day) : null;
}

function sameDate(a: PartialDate, b: PartialDate): boolean {
  return a.month === b.month && a.day === b.day && (a.year === null || b.year === null || a.year === b.year);
}

function against(statement: TimeStatement): { path: string; line: number; value: string } {
  return { path: statement.path, line: statement.line, value: statement.text };
}

/**
 * True when a weekday the chapter names comes with a day of the month ("on Tuesday, the
 * nineteenth") that, in the month and year the outline dates the chapter, falls on that very
 * weekday but is not the chapter's day: the line names another day rightly ("Tick turned eighteen
 * on Tuesday, the nineteenth"), it does not date the chapter.
 */
function otherDayOfPlannedMonth(statement: TimeStatement, planned: TimeStatement): boolean {
  const day = statement.date?.day ?? null;
  const month = statement.date?.month ?? planned.date?.month ?? null;
  const year = statement.date?.year ?? planned.date?.year ?? null;
  if (day === null || month === null || year === null || statement.weekday === null) return false;
  // "It is Thursday the twenty-second of April" dates the chapter itself, whatever day it falls on.
  if (datesItsChapter(statement)) return false;
  if (planned.date?.day === day && planned.date.month === month) return false;
  return weekdayOf(year, month, day) === statement.weekday;
}

/** The chapter's time against its outline entry's: weekday, date, or a weekday the entry's dated day implies. */
function outlineFindings(chapter: ChapterTime, outline: Outline): Finding[] {
  const when = chapter.entry?.fields.when;
  if (!when) return [];
  const planned = timeOfText(when.value, { path: outline.path, line: when.line, source: 'outline' });
  if (planned === null) return [];
  const own = combinedTime(chapter.statements.filter((statement) => statement.source !== 'outline'));
  const findings: Finding[] = [];
  const plannedWeekday = planned.weekday ?? weekdayOfDate(planned.date);
  const weekdayStatement = own.weekday ?? (own.date && weekdayOfDate(own.date.date) !== null ? own.date : null);
  const ownWeekday = own.weekday?.weekday ?? weekdayOfDate(own.date?.date ?? null);
  if (weekdayStatement && otherDayOfPlannedMonth(weekdayStatement, planned)) return [];
  if (plannedWeekday !== null && ownWeekday !== null && weekdayStatement && plannedWeekday !== ownWeekday) {
    findings.push({
      kind: 'weekday_mismatch',
      severity: 'error',
      message: `This chapter happens on a ${WEEKDAYS[ownWeekday]} ("${weekdayStatement.text}"), but its outline entry says "${when.value}" (a ${WEEKDAYS[plannedWeekday]}).`,
      path: weekdayStatement.path,
      line: weekdayStatement.line,
      quote: '',
      canon: against(planned),
    });
  } else if (planned.date && own.date?.date && planned.date.month !== null && planned.date.day !== null && !sameDate(own.date.date, planned.date)) {
    findings.push({
      kind: 'date_mismatch',
      severity: 'error',
      message: `This chapter is dated ${formatDate(own.date.date)} ("${own.date.text}"), but its outline entry says "${when.value}".`,
      path: own.date.path,
      line: own.date.line,
      quote: '',
      canon: against(planned),
    });
  }
  return findings;
}

/** A weekday stated beside a full date that falls on another day. */
function weekdayDateFindings(chapter: ChapterTime): Finding[] {
  const findings: Finding[] = [];
  for (const statement of chapter.statements) {
    const actual = weekdayOfDate(statement.date);
    if (statement.weekday === null || actual === null || actual === statement.weekday) continue;
    // Two readings of one line ("It was Tuesday, 16 April" and "Tuesday, 16 April") are one finding.
    if (findings.some((finding) => finding.path === statement.path && finding.line === statement.line)) continue;
    findings.push({
      kind: 'weekday_date_mismatch',
      severity: 'error',
      message: `${formatDate(statement.date!)} was a ${WEEKDAYS[actual]}, not a ${WEEKDAYS[statement.weekday]} ("${statement.text}").`,
      path: statement.path,
      line: statement.line,
      quote: '',
    });
  }
  return findings;
}

/** An outline entry's time whose weekday is not the weekday of its own date ("Tue 22 Aug 1946", a Thursday). */
function outlineWeekdayFindings(outline: Outline): Finding[] {
  const findings: Finding[] = [];
  for (const entry of outline.entries) {
    // The entry's date, and a weekday with a full date in any of its beats ("- Friday 11 August 1842").
    const lines = [entry.fields.when, ...entry.beats].filter((line): line is NonNullable<typeof line> => line !== undefined);
    const seen = new Set<number>();
    for (const when of lines) {
      if (seen.has(when.line)) continue;
      seen.add(when.line);
      const planned = timeOfText(when.value, { path: outline.path, line: when.line, source: 'outline' });
      const actual = weekdayOfDate(planned?.date ?? null);
      if (planned === null || planned.weekday === null || actual === null || actual === planned.weekday) continue;
      if (when !== entry.fields.when && (planned.date?.year ?? null) === null) continue;
      findings.push({
        kind: 'weekday_date_mismatch',
        severity: 'error',
        message: `The outline dates this entry ${formatDate(planned.date!)}, which was a ${WEEKDAYS[actual]}, not a ${WEEKDAYS[planned.weekday]} ("${when.value}").`,
        path: outline.path,
        line: when.line,
        quote: '',
      });
    }
  }
  return findings;
}

interface Placed {
  chapter: ChapterTime;
  index: number | null;
  weekday: { value: number; statement: TimeStatement } | null;
  /** True when the chapter's weekday and date agree with the real calendar of a known year. */
  calendar?: boolean;
}

/**
 * Where each chapter falls in story days: its own `Day N`, else its outline entry's, else a step
 * from the chapter before ("The next morning"), else its date counted from the first dated one.
 */
function placeChapters(chapters: readonly ChapterTime[], outline: Outline | null): Placed[] {
  const hasDays = chapters.some((chapter) => chapter.statements.some((statement) => statement.day !== null) || (chapter.entry?.fields.when && timeOfText(chapter.entry.fields.when.value, { path: '', line: 0, source: 'outline' })?.day !== null && timeOfText(chapter.entry.fields.when.value, { path: '', line: 0, source: 'outline' }) !== null));
  const statedYear = chapters.flatMap((chapter) => chapter.statements).find((statement) => statement.date !== null && statement.date.year !== null)?.date?.year ?? null;
  const plannedYear = outline === null ? null : chapters.map((chapter) => (chapter.entry?.fields.when ? timeOfText(chapter.entry.fields.when.value, { path: outline.path, line: 0, source: 'outline' })?.date?.year ?? null : null)).find((year) => year !== null) ?? null;
  const knownYear = statedYear ?? plannedYear;
  const firstYear = knownYear ?? 2001;
  const placed: Placed[] = [];
  let previous: number | null = null;
  for (const chapter of chapters) {
    const own = combinedTime(chapter.statements);
    const planned = chapter.entry?.fields.when && outline ? timeOfText(chapter.entry.fields.when.value, { path: outline.path, line: chapter.entry.fields.when.line, source: 'outline' }) : null;
    const date = own.date?.date ?? null;
    let index: number | null = own.day?.day ?? planned?.day ?? null;
    if (index === null && own.after && previous !== null) index = previous + own.after.after!;
    if (index === null && !hasDays && date !== null && date.month !== null && date.day !== null) index = dayNumber(date.year ?? firstYear, date.month, date.day);
    // The line that gives both a weekday and a date is the one that places the chapter: report it.
    const both = chapter.statements.find((statement) => statement.weekday !== null && statement.date !== null && statement.date.day !== null) ?? null;
    const weekdayStatement = both ?? own.weekday ?? (weekdayOfDate(date) !== null ? own.date : null);
    const weekday = both?.weekday ?? own.weekday?.weekday ?? weekdayOfDate(date);
    const year = date?.year ?? planned?.date?.year ?? knownYear;
    const calendar = !hasDays && weekday !== null && year !== null && date !== null && date.month !== null && date.day !== null && weekdayOf(year, date.month, date.day) === weekday;
    placed.push({ chapter, index, weekday: weekday !== null && weekdayStatement ? { value: weekday, statement: weekdayStatement } : null, calendar });
    previous = index;
  }
  return placed;
}

/**
 * Weekdays that cannot all be true together: once chapters are placed in story days, every weekday
 * must follow from one calendar. The calendar most chapters agree on (the earliest on a tie) stands,
 * and each chapter against it is reported with the chapter it contradicts.
 */
function sequenceFindings(placed: readonly Placed[]): Finding[] {
  const known = placed.filter((entry) => entry.index !== null && entry.weekday !== null);
  if (known.length < 2) return [];
  const shift = (entry: Placed): number => (((entry.weekday!.value - entry.index!) % 7) + 7) % 7;
  // The real calendar stands when a chapter's weekday and date agree with it; else most chapters' calendar.
  const real = known.filter((entry) => entry.calendar);
  const voters = real.length > 0 ? real : known;
  const votes = new Map<number, number>();
  for (const entry of voters) votes.set(shift(entry), (votes.get(shift(entry)) ?? 0) + 1);
  const best = [...votes.entries()].sort((a, b) => b[1] - a[1] || known.findIndex((entry) => shift(entry) === a[0]) - known.findIndex((entry) => shift(entry) === b[0]))[0]![0];
  const findings: Finding[] = [];
  for (const entry of known) {
    if (shift(entry) === best) continue;
    const reference = [...known.filter((other) => shift(other) === best && other.chapter.scene.position < entry.chapter.scene.position)].pop() ?? known.find((other) => shift(other) === best)!;
    const expected = (((best + entry.index!) % 7) + 7) % 7;
    const days = entry.index! - reference.index!;
    findings.push({
      kind: 'weekday_sequence_mismatch',
      severity: 'error',
      message: `This chapter says ${WEEKDAYS[entry.weekday!.value]} ("${entry.weekday!.statement.text}"), but it comes ${Math.abs(days)} day${Math.abs(days) === 1 ? '' : 's'} ${days >= 0 ? 'after' : 'before'} ${reference.chapter.scene.path}, which is a ${WEEKDAYS[reference.weekday!.value]}: it should be a ${WEEKDAYS[expected]}.`,
      path: entry.weekday!.statement.path,
      line: entry.weekday!.statement.line,
      quote: '',
      canon: against(reference.weekday!.statement),
    });
  }
  return findings;
}

/**
 * Days and dates against the outline and against each other: a chapter's weekday or date against
 * its outline entry's, a weekday against the date beside it, and weekdays across chapters once
 * their story days are known (from `Day N`, the outline, or "the next morning").
 */
export function timeFindings(chapters: readonly ChapterTime[], outline: Outline | null): Finding[] {
  const findings: Finding[] = outline ? outlineWeekdayFindings(outline) : [];
  for (const chapter of chapters) {
    if (outline) findings.push(...outlineFindings(chapter, outline));
    findings.push(...weekdayDateFindings(chapter));
  }
  const already = new Set(findings.map((finding) => `${finding.path}:${finding.line}`));
  findings.push(...sequenceFindings(placeChapters(chapters, outline)).filter((finding) => !already.has(`${finding.path}:${finding.line}`)));
  return findings;
}

/** When each chapter happens, for ages and time passing: its story day, date and year. */
export function chapterWhens(chapters: readonly ChapterTime[], outline: Outline | null, years: ReadonlyMap<number, number>): (position: number) => ChapterWhen {
  const placed = placeChapters(chapters, outline);
  const byPosition = new Map(placed.map((entry) => [entry.chapter.scene.position, entry]));
  const storyYear = [...years.values()][0] ?? null;
  return (position) => {
    const entry = byPosition.get(position);
    // The chapter's own date, else the one its outline entry plans.
    const own = entry ? combinedTime(entry.chapter.statements).date?.date ?? null : null;
    const when = entry?.chapter.entry?.fields.when;
    const planned = own === null && when && outline ? timeOfText(when.value, { path: outline.path, line: when.line, source: 'outline' })?.date ?? null : null;
    const date = own ?? (planned !== null && planned.month !== null ? planned : null);
    let year: number | null = date?.year ?? planned?.year ?? null;
    for (let earlier = position; year === null && earlier >= 1; earlier -= 1) year = years.get(earlier) ?? null;
    return { dayIndex: entry?.index ?? null, date, year: year ?? storyYear };
  };
}
