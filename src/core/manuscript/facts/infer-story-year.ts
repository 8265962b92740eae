import type { ChapterWhen } from './compare-ages.js';
import type { AgeFact } from './fact.js';

/**
 * The story's year when no chapter, outline or note gives it: a card's full date of birth and a
 * present age said on a dated day ("Thursday, the twelfth of March. I am twenty-six.") fix the year
 * of that day. The year most such statements give wins, the earliest one on a tie, so one wrong age
 * does not move the calendar.
 */
export function storyYearFromAges(ages: readonly AgeFact[], whenOf: (position: number) => ChapterWhen): number | null {
  const votes = new Map<number, { count: number; first: number }>();
  for (const fact of ages) {
    if (fact.source !== 'prose' || fact.kind !== 'age' || fact.age === null || !fact.certain || fact.bound !== 'exact' || fact.moment !== null) continue;
    const born = ages.find((other) => other.card === fact.card && other.source === 'card' && other.kind === 'born' && other.born !== null && other.born.year !== null && other.born.month !== null)?.born;
    const date = whenOf(fact.position).date;
    if (!born || born.year === null || born.month === null || date === null || date.month === null) continue;
    const beforeBirthday = date.month < born.month || (date.month === born.month && date.day !== null && born.day !== null && date.day < born.day);
    const year = born.year + fact.age + (beforeBirthday ? 1 : 0);
    const vote = votes.get(year) ?? { count: 0, first: fact.position };
    votes.set(year, { count: vote.count + 1, first: Math.min(vote.first, fact.position) });
  }
  const best = [...votes.entries()].sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first)[0];
  return best ? best[0] : null;
}
