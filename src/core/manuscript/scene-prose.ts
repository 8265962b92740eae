import type { SourceText } from './file-ref.js';
import type { NameIndex, NameMatch } from './name-index.js';
import { isQuoted, lineOf, paragraphsOf, sentenceAt, type Paragraph } from './prose.js';

/** A name or alias found in a file's prose, with where it is. */
export interface Mention {
  match: NameMatch;
  paragraph: Paragraph;
  paragraphIndex: number;
  line: number;
  /** Inside quoted speech. */
  quoted: boolean;
}

/** A file's prose split into paragraphs, with every Compendium name found in it. */
export interface FileProse {
  source: SourceText;
  paragraphs: Paragraph[];
  mentions: Mention[];
}

/** Reads the prose of a file from `bodyStart` and finds every name and alias in it. */
export function readProse(source: SourceText, bodyStart: number, names: NameIndex): FileProse {
  const paragraphs = paragraphsOf(source, bodyStart);
  const mentions: Mention[] = [];
  paragraphs.forEach((paragraph, paragraphIndex) => {
    for (const match of names.find(paragraph.text)) {
      // `Will` or `Rose` at a sentence's start is a word, not the name derived from `Will Tarrant`.
      if (names.isWeakForm(match.text) && startsSentence(paragraph, match.start)) continue;
      mentions.push({ match, paragraph, paragraphIndex, line: lineOf(paragraph, match.start), quoted: isQuoted(paragraph, match.start) });
    }
  });
  return { source, paragraphs, mentions };
}

/** The trimmed text of a file line, the quote a finding carries. */
export function lineText(source: SourceText, line: number): string {
  return (source.lines[line - 1] ?? '').trim();
}

/** True when an offset is the first word of its sentence (after any opening quote or dash). */
export function startsSentence(paragraph: Paragraph, offset: number): boolean {
  const sentence = sentenceAt(paragraph, offset);
  const before = paragraph.text.slice(sentence.start, offset);
  // compromise keeps `“Fine.” She left` as one sentence; a capital after `.”` still starts one.
  return /^[\s“"‘'(—–-]*$/.test(before) || /[.!?…]['"”’]?\s+$|[“"‘]\s*$/.test(before);
}
