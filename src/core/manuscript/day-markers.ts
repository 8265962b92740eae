import { parseNumberWord } from './numbers.js';
import { isQuoted, lineOf, sentenceAt, type Paragraph } from './prose.js';

/** A statement in prose of which story day it is. */
export interface DayMarker {
  day: number;
  text: string;
  line: number;
  /**
   * `explicit`: "Day 5"; `ordinal`: "It was the sixth day", "on the fourth morning", "the third
   * day since she came back" — in narration only, since in speech "that's the third night you've
   * been up" counts visits, not days; `arrival`: "five days since she came back" (counted from
   * Day 1, the arrival). Other relative phrases ("two nights ago") are not markers: their anchor
   * is unknown.
   */
  kind: 'explicit' | 'ordinal' | 'arrival';
}

const PART = '(?:day|morning|afternoon|evening|night)';
const EXPLICIT = /\bDay\s+(\d{1,3})\b/g;
const ORDINAL = new RegExp(`\\b(?:the|her|his|their|my|our)\\s+([a-z]+(?:-[a-z]+)?)\\s+${PART}\\b`, 'gi');
const ARRIVAL = /\b(\d{1,3}|[a-z]+(?:-[a-z]+)?)\s+days?\s+(?:since|after)\s+(?:she|he|they|I|we|\p{Lu}\p{L}+)\s+(?:had\s+)?(?:come|came|arrived|got|returned|came\s+back|come\s+back)\b/giu;
const ORDINAL_WORD = /(?:first|second|third|th)$/i;
// An ordinal names the story day only when the sentence says so: "It was the sixth day", "On the
// fourth morning", "the second night since she came back".
const ORDINAL_LEAD = /(?:\b(?:it|this|that)\s+(?:was|is)|\b(?:on|by))\s+$/i;
const ORDINAL_TAIL = /^\s+(?:since|after|of\s+(?:her|his|their|my|our)\s+(?:stay|visit|return))\b/i;

/** Day markers in the given paragraphs, in order. */
export function findDayMarkers(paragraphs: readonly Paragraph[]): DayMarker[] {
  const markers: DayMarker[] = [];
  for (const paragraph of paragraphs) {
    const text = paragraph.text;
    for (const match of text.matchAll(EXPLICIT)) {
      markers.push({ day: Number(match[1]), text: match[0], line: lineOf(paragraph, match.index), kind: 'explicit' });
    }
    for (const match of text.matchAll(ORDINAL)) {
      if (!ORDINAL_WORD.test(match[1]!) || isQuoted(paragraph, match.index)) continue;
      const sentence = sentenceAt(paragraph, match.index);
      const before = text.slice(sentence.start, match.index);
      const after = text.slice(match.index + match[0].length);
      if (!ORDINAL_LEAD.test(before) && !ORDINAL_TAIL.test(after)) continue;
      const day = parseNumberWord(match[1]!);
      if (day !== null && day > 0) markers.push({ day, text: match[0], line: lineOf(paragraph, match.index), kind: 'ordinal' });
    }
    for (const match of text.matchAll(ARRIVAL)) {
      const count = parseNumberWord(match[1]!);
      // "It was the sixth day since she came back" is caught above; this is "five days since …".
      if (count !== null && !ORDINAL_WORD.test(match[1]!)) markers.push({ day: count + 1, text: match[0], line: lineOf(paragraph, match.index), kind: 'arrival' });
    }
  }
  return markers.sort((a, b) => a.line - b.line);
}
