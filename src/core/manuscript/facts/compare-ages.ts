import type { Finding } from '../finding.js';
import { MONTHS, formatDate, type PartialDate } from './calendar.js';
import { boundRange } from './age-phrases.js';
import type { AgeFact } from './fact.js';

const BOUND_WORDS = { under: 'under', over: 'over', about: 'about', exact: '' } as const;

/** When a chapter happens, as far as the story's calendar knows. */
export interface ChapterWhen {
  /** Story day index (days from some fixed day), when known. */
  dayIndex: number | null;
  date: PartialDate | null;
  /** The story's year there: the chapter's own, else the nearest stated before it, else any. */
  year: number | null;
}

/** An age range: the youngest and oldest a person can be at a moment. */
interface Range {
  low: number;
  high: number;
  reason: string;
  fact: AgeFact;
}

function expectedFromBirth(born: PartialDate, when: ChapterWhen, fact: AgeFact): Range | null {
  if (born.year === null || when.year === null) return null;
  const years = when.year - born.year;
  const date = when.date;
  // With both dates known to the day, the age is exact; otherwise the birthday may be before or after.
  if (born.month !== null && date !== null && date.month !== null && (born.day !== null || born.month !== date.month)) {
    const before = date.month < born.month || (date.month === born.month && date.day !== null && born.day !== null && date.day < born.day);
    const age = before ? years - 1 : years;
    return { low: age, high: age, reason: `born ${formatDate(born)}, and this is ${formatDate({ ...date, year: when.year })}`, fact };
  }
  return { low: years - 1, high: years, reason: `born ${formatDate(born)}, and this is ${when.year}`, fact };
}

function yearsBetween(from: ChapterWhen, to: ChapterWhen): number | null {
  if (from.dayIndex !== null && to.dayIndex !== null) return (to.dayIndex - from.dayIndex) / 365.25;
  if (from.year !== null && to.year !== null) return to.year - from.year;
  return null;
}

/**
 * Ages against each other, against stated births and against time passing: a card's age holds at
 * the story's start, give or take the one birthday a story may pass; a date of birth fixes the age
 * wherever the chapter's year is known; the first certain age in the prose is the reference when the
 * card says nothing. "Turned thirty-six last spring" must also fit the birthday's month.
 */
export function ageFindings(ages: readonly AgeFact[], whenOf: (position: number) => ChapterWhen): Finding[] {
  const byCard = new Map<string, AgeFact[]>();
  for (const fact of ages) byCard.set(fact.card.path, [...(byCard.get(fact.card.path) ?? []), fact]);
  const findings: Finding[] = [];
  for (const facts of byCard.values()) {
    const cardAge = facts.find((fact) => fact.source === 'card' && fact.kind === 'age');
    const born = facts.find((fact) => fact.kind === 'born' && fact.born !== null && (fact.source === 'card' || fact.certain));
    const stated = facts.filter((fact) => fact.source === 'prose' && fact.kind === 'age' && fact.age !== null).sort((a, b) => a.position - b.position || a.line - b.line);
    const firstCertain = stated.find((fact) => fact.certain && fact.bound === 'exact' && fact.moment === null);
    const storyStart = whenOf(1);
    for (const fact of stated) {
      // A past age is checked at the moment its sentence names, and only against a birth.
      const when: ChapterWhen = fact.moment ? { dayIndex: null, date: fact.moment, year: fact.moment.year } : whenOf(fact.position);
      const ranges: Range[] = [];
      const fromBirth = born?.born ? expectedFromBirth(born.born, when, born) : null;
      if (fact.moment && !fromBirth) continue;
      if (fromBirth) ranges.push(fromBirth);
      else if (cardAge && cardAge.age !== null) {
        const elapsed = yearsBetween(storyStart, when) ?? 0;
        ranges.push({ low: cardAge.age + Math.floor(elapsed), high: cardAge.age + Math.ceil(elapsed) + 1, reason: `the card gives ${cardAge.age}`, fact: cardAge });
      } else if (firstCertain && firstCertain !== fact) {
        const elapsed = yearsBetween(whenOf(firstCertain.position), when) ?? 0;
        const low = firstCertain.age! + Math.floor(elapsed);
        ranges.push({ low: Math.min(low, low - (elapsed < 0 ? 1 : 0)), high: firstCertain.age! + Math.ceil(elapsed) + 1, reason: `${firstCertain.path}#L${firstCertain.line} gives ${firstCertain.age}`, fact: firstCertain });
      }
      const range = ranges[0];
      const says = boundRange(fact.age!, fact.bound);
      // "I was seven that November": a memory of a younger age, not the age now.
      if (range && fact.recalled && says.high < range.low) continue;
      if (range && (says.high < range.low || says.low > range.high)) {
        findings.push({
          kind: 'age_mismatch',
          severity: fact.certain && (range.fact.source === 'card' || range.fact.certain) ? 'error' : 'warning',
          message: `${fact.card.name.value} is ${fact.bound === 'exact' ? fact.age : `${BOUND_WORDS[fact.bound]} ${fact.age}`} here ("${fact.text}"), but ${range.reason}${range.low === range.high ? ` (so ${range.low})` : ` (so ${range.low}–${range.high})`}.`,
          path: fact.path,
          line: fact.line,
          quote: '',
          canon: { path: range.fact.path, line: range.fact.line, value: range.fact.text },
        });
        continue;
      }
      const months = fact.birthdayMonths;
      if (months && born?.born && born.born.month !== null && !months.includes(born.born.month)) {
        findings.push({
          kind: 'birthday_mismatch',
          severity: fact.certain ? 'error' : 'warning',
          message: `${fact.card.name.value}'s birthday is in ${MONTHS[born.born.month - 1]} ("${born.text}"), but here it fell in another season ("${fact.text}").`,
          path: fact.path,
          line: fact.line,
          quote: '',
          canon: { path: born.path, line: born.line, value: born.text },
        });
      }
    }
  }
  return findings;
}
