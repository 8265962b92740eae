import path from 'node:path';
import mammoth from 'mammoth';
import { ControlRoomError } from '../../protocol/index.js';
import type { ImportProgress, SkippedItem } from '../../protocol/imports.js';
import { chapterHeading, splitAtChapters, type SourceDocument, type SourceReading } from '../../core/import/index.js';
import { htmlToMarkdown } from './html-to-markdown.js';

// Sections of a manuscript document that are notes, not chapters: classified by name and content.
const NOTE_HEADING = /^(?:characters?|cast|people|dramatis personae|places?|locations?|settings?|notes?|research|outline|synopsis|plot|beats?|beat sheet|chapter (?:plan|summaries|list)|running order|scene list|chronology|timeline|glossary|appendix|world(?:building)?|lore|background|story bible|bible)\b/i;
// Headings that name notes only when they are the whole heading: "Plan", not "The Plan of Attack".
const NOTE_HEADING_WHOLE = /^(?:the\s+)?plan[:.]?$/i;
// A document named for the notes of its book: "Ropewalk - notes", "Kiln Lane – story bible".
const NOTES_NAMED = /(?:^|\s[-–—:]\s*|\s)(?:notes|story\s+bible|bible|planning|plan|outline)$/i;
const MIN_PREFACE_WORDS = 60;

// Word's own list styles, used without numbering ("The Pier Head – …" in `List Bullet`): list items too.
const LIST_STYLES = [
  "p[style-name='List Bullet'] => ul > li:fresh",
  "p[style-name='List Bullet 2'] => ul > li:fresh",
  "p[style-name='List Number'] => ol > li:fresh",
  "p[style-name='List Number 2'] => ol > li:fresh",
];

/** A Word document's text as Markdown lines (headings, lists, tables), read with mammoth. */
export async function docxLines(file: string): Promise<string[]> {
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ path: file }, { ignoreEmptyParagraphs: true, styleMap: LIST_STYLES })).value;
  } catch (error) {
    throw new ControlRoomError('import_source_unreadable', `${file} could not be read as a Word document (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  }
  return htmlToMarkdown(html);
}

/** True when a section's heading names notes ("Characters", "Outline", "Plan"). */
function noteSectionHeading(heading: string): boolean {
  return NOTE_HEADING.test(heading.trim()) || NOTE_HEADING_WHOLE.test(heading.trim());
}

/** True when a document's name says it holds notes (`Character notes`, `Chapter plan`), not the book. */
export function noteDocumentName(name: string): boolean {
  return NOTE_HEADING.test(name.trim()) || NOTE_HEADING_WHOLE.test(name.trim()) || NOTES_NAMED.test(name.trim());
}

/**
 * Splits a Word document's lines into chapters: at "Chapter …" lines when there are two or more,
 * else at `Heading 2` under `Heading 1` parts (the part kept as the chapters' group), else at the
 * highest heading level used twice (`Heading 1` or `Heading 2`). Sections named like notes
 * ("Characters", "Outline") are classified as notes; a title page before the first chapter is
 * skipped unless it holds real text. `base` names the document in ids and origins.
 */
export function splitDocxLines(lines: readonly string[], base: string): { documents: SourceDocument[]; skipped: SkippedItem[] } {
  const noteHeading = (line: string): boolean => /^#{1,3}\s/.test(line) && noteSectionHeading(line.replace(/^#+\s*/, ''));
  const { preface, sections, parts } = splitAtChapters(lines, noteHeading);
  const documents: SourceDocument[] = [];
  const skipped: SkippedItem[] = parts.map((part) => ({ origin: `${base} › ${part}`, reason: 'a part heading without text of its own' }));
  const prefaceWords = preface.join(' ').split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
  if (sections.length === 0 || prefaceWords >= MIN_PREFACE_WORDS) {
    const heading = preface.find((line) => /^#+\s/.test(line))?.replace(/^#+\s*/, '') ?? base.replace(/\.docx$/i, '');
    documents.push({ id: `${base}#0`, origin: `${base} › ${sections.length === 0 ? 'whole document' : 'before the first chapter'}`, name: heading, folders: [], text: preface.join('\n'), order: 0, hint: sections.length === 0 ? 'chapter' : null });
  } else if (preface.some((line) => line.trim() !== '')) {
    skipped.push({ origin: `${base} › before the first chapter`, reason: `a title page (${prefaceWords} words)` });
  }
  sections.forEach((section, index) => {
    const note = noteSectionHeading(section.heading) && chapterHeading(section.heading) === null;
    documents.push({
      id: `${base}#${index + 1}`,
      origin: [base, ...(section.part ? [section.part] : []), section.heading].join(' › '),
      name: section.heading,
      // A chapter under a part heading keeps the part as its group, like a chapter in a part folder.
      folders: section.part ? [section.part] : [],
      text: section.lines.join('\n'),
      order: index + 1,
      hint: note ? null : 'chapter',
    });
  });
  return { documents, skipped };
}

/** Reads a Word document as a book: its chapters (see `splitDocxLines`) and the notes among them. */
export async function readDocxSource(file: string, onProgress?: (progress: ImportProgress) => void): Promise<SourceReading> {
  onProgress?.({ phase: 'reading', done: 0, total: 1, current: path.basename(file) });
  const { documents, skipped } = splitDocxLines(await docxLines(file), path.basename(file));
  onProgress?.({ phase: 'reading', done: 1, total: 1, current: null });
  return { format: 'docx', source: file, documents, skipped };
}
