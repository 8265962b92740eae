import type { Finding } from '../finding.js';
import { parseNumberWord } from '../numbers.js';
import { isQuoted, lineOf, sentenceAt, type Paragraph } from '../prose.js';
import type { SourceText } from '../file-ref.js';
import { dayNumber, formatDate, parseDate, type PartialDate } from './calendar.js';
import type { ChapterWhen } from './compare-ages.js';
import type { Death } from './deaths.js';

/** Days a unit of elapsed time stands for. */
const UNIT_DAYS: Record<string, number> = { day: 1, days: 1, week: 7, weeks: 7, fortnight: 14, fortnights: 14 };
const COUNT = '(\\d{1,3}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty(?:-[a-z]+)?|thirty)';
const UNIT = '(days?|weeks?|fortnights?)';
// "He has been dead nine days", "she had been dead for a week".
const DEAD_FOR = new RegExp(`\\b(he|she)\\s+(?:has|had|'d|’d|'s|’s)\\s+been\\s+dead\\s+(?:for\\s+|these\\s+|now\\s+)?${COUNT}\\s+${UNIT}`, 'giu');
// "ten days since the funeral", "a week after the burial", "two days since his death".
const SINCE_FUNERAL = new RegExp(`\\b${COUNT}\\s+${UNIT}\\s+(?:since|after)\\s+(?:the|his|her)\\s+(funeral|burial|death)\\b`, 'giu');
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

export interface ElapsedChapter {
  path: string;
  position: number;
  paragraphs: readonly Paragraph[];
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
): Finding[] {
  const findings: Finding[] = [];
  const storyYear = chapters.map((chapter) => whenOf(chapter.position).year).find((year) => year !== null) ?? null;
  const funerals = funeralDates(sources, storyYear);
  const funeralDays = new Set(funerals.map((funeral) => funeral.day));
  for (const chapter of chapters) {
    const when = whenOf(chapter.position);
    const today = dayIndexOf(when.date, when.year);
    if (today === null) continue;
    for (const paragraph of chapter.paragraphs) {
      const claims = [
        ...[...paragraph.text.matchAll(DEAD_FOR)].map((match) => ({ match, amount: match[2]!, unit: match[3]!, anchor: 'death' as const, pronoun: match[1]! })),
        ...[...paragraph.text.matchAll(SINCE_FUNERAL)].map((match) => ({ match, amount: match[1]!, unit: match[2]!, anchor: match[3]!.toLowerCase() === 'death' ? ('death' as const) : ('funeral' as const), pronoun: null })),
      ];
      for (const claim of claims) {
        const at = claim.match.index;
        if (isQuoted(paragraph, at)) continue;
        const sentence = sentenceAt(paragraph, at);
        if (ROUGH.test(paragraph.text.slice(sentence.start, at + claim.match[0].length))) continue;
        const amount = count(claim.amount);
        if (amount === null) continue;
        const said = amount * UNIT_DAYS[claim.unit.toLowerCase()]!;
        let from: { day: number; path: string; line: number; text: string } | null = null;
        if (claim.anchor === 'funeral') {
          const before = funerals.filter((funeral) => funeral.day <= today);
          if (new Set(before.map((funeral) => funeral.day)).size === 1 && funeralDays.size === 1) from = before[0]!;
        } else {
          const gender = claim.pronoun === null ? null : /^she$/i.test(claim.pronoun) ? 'female' : 'male';
          const earlier = deaths.filter((death) => death.position !== null && death.position > 0 && death.position <= chapter.position && (gender === null || (genderOf(death) ?? gender) === gender));
          const death = earlier.length === 1 ? earlier[0]! : null;
          const day = death === null ? null : dayIndexOf(whenOf(death.position!).date, whenOf(death.position!).year);
          if (death !== null && day !== null) from = { day, path: death.path, line: death.line, text: death.text };
        }
        if (from === null) continue;
        const passed = today - from.day;
        if (passed < 0 || Math.abs(passed - said) <= (said >= 7 ? 2 : 1)) continue;
        findings.push({
          kind: 'elapsed_time_mismatch',
          severity: 'error',
          message: `This says ${claim.match[0].trim()}, but this chapter is ${formatDate(when.date!)} and the ${claim.anchor} was ${passed} day${passed === 1 ? '' : 's'} before it ("${from.text}").`,
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
