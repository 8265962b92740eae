import type { ParseProblem } from './finding.js';
import type { SourceText } from './file-ref.js';
import { parseCardBase } from './cards.js';
import { bulletText, isBullet, type Located } from './labelled-line.js';
import { parseWhen, type StoryTime } from './story-time.js';

/** One timeline bullet: `- Day 4, afternoon: Tam shows Hester the letters.` */
export interface TimelineEntry {
  time: StoryTime;
  text: string;
  line: number;
}

/** A lore file (`Compendium/Lore/LORE-*.md`): one fact per bullet, and timeline entries if any. */
export interface LoreFile {
  source: SourceText;
  path: string;
  name: Located<string>;
  /** Every bullet, as written (wrapped continuation lines joined). */
  facts: Located<string>[];
  /** Bullets that start with a story time (`Day N, part:`). */
  timeline: TimelineEntry[];
  problems: ParseProblem[];
}

const TIMELINE_BULLET = /^((?:Day\s+\d+|the\s+\w+\s+day)(?:\s*,\s*[A-Za-z ]+?)?)\s*[:—–-]\s+(.+)$/i;

/** Parses a lore file into bullet facts; `- Day N, part: …` bullets also become timeline entries. */
export function parseLoreFile(source: SourceText): LoreFile {
  const base = parseCardBase(source);
  const facts: Located<string>[] = [];
  for (let line = base.bodyStart; line <= source.lines.length; line += 1) {
    const text = source.lines[line - 1]!;
    if (isBullet(text)) {
      facts.push({ value: bulletText(text), line });
    } else if (/^\s+\S/.test(text) && facts.length > 0 && !/^\s*#/.test(text)) {
      const last = facts[facts.length - 1]!;
      last.value = `${last.value} ${text.trim()}`;
    }
  }
  const timeline: TimelineEntry[] = [];
  for (const fact of facts) {
    const match = TIMELINE_BULLET.exec(fact.value);
    const time = match ? parseWhen(match[1]!) : null;
    if (match && time) timeline.push({ time, text: match[2]!.trim(), line: fact.line });
  }
  const problems = base.problems.filter((problem) => problem.code !== 'card_name_missing');
  return { source, path: source.path, name: base.name, facts, timeline, problems };
}
