import type { IndexedFile } from './indexed-file.js';

/** A markdown heading and the lines its section covers (up to the next heading of the same or a higher level). */
export interface Heading {
  level: number;
  title: string;
  /** Folded title: see `titleKey`. */
  key: string;
  line: number;
  endLine: number;
}

const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const LABEL = /^(?:act|part|book|scene|chapter|section|beat)\s+(?:\d+|[ivxlc]+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*/;
const cache = new WeakMap<IndexedFile, Heading[]>();

/** A title folded for comparison: NFKC, lower case, curly/straight alike, punctuation dropped, spaces collapsed. */
export function titleKey(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The ATX headings of a markdown file (front matter and fenced code skipped), cached per file version. */
export function headingsOf(file: IndexedFile): Heading[] {
  const known = cache.get(file);
  if (known) return known;
  const lines = file.original.split('\n');
  const headings: Heading[] = [];
  let inFence = false;
  let inFrontMatter = lines[0]?.trim() === '---';
  lines.forEach((text, index) => {
    if (inFrontMatter) {
      if (index > 0 && /^(?:---|\.\.\.)\s*$/.test(text)) inFrontMatter = false;
      return;
    }
    if (/^ {0,3}(?:```|~~~)/.test(text)) inFence = !inFence;
    const match = inFence ? null : ATX.exec(text);
    if (!match) return;
    const title = (match[2] ?? '').replace(/[*_`]/g, '').trim();
    headings.push({ level: match[1]?.length ?? 1, title, key: titleKey(title), line: index + 1, endLine: lines.length });
  });
  headings.forEach((heading, index) => {
    const next = headings.slice(index + 1).find((later) => later.level <= heading.level);
    if (next) heading.endLine = next.line - 1;
  });
  cache.set(file, headings);
  return headings;
}

/**
 * True when a cited title names the heading: the same words, or the heading without its label
 * ("Scene 5: The Surgery" is named by "The Surgery"), or only its label ("Scene 5").
 */
export function titleNames(cited: string, heading: Heading): boolean {
  const key = titleKey(cited);
  if (key === '') return false;
  if (key === heading.key) return true;
  const label = LABEL.exec(heading.key)?.[0].trim();
  if (!label) return false;
  return key === label || key === heading.key.slice(label.length).trim();
}

/** The heading of `file` that a cited section title names, or undefined. */
export function findSection(file: IndexedFile, cited: string): Heading | undefined {
  const headings = headingsOf(file);
  return headings.find((heading) => titleKey(cited) === heading.key) ?? headings.find((heading) => titleNames(cited, heading));
}
