import type { ImportKind, SkippedItem } from '../../protocol/imports.js';
import { parseFrontMatter, textField } from '../manuscript/front-matter.js';
import { sceneNameParts } from '../manuscript/scene-file.js';
import { classifyNote } from './classify-note.js';
import { compareLabels, decimalLabel, type DecimalLabel } from './decimal-label.js';
import { isDatedTimeline } from './dated-timeline.js';
import { expandItem, NUMBER_PREFIX, type Classified } from './expand-items.js';
import { plainLinks } from './plain-links.js';
import { applyLongformOrder, frontMatterChapter, joinSceneFiles } from './reading-order.js';
import { fencedHeader } from './unfenced-header.js';
import type { SourceReading } from './source-document.js';
import { numberedChapter, partHeading } from './split-sections.js';

/** One file the import will write: what it is, where it goes, and what it holds. */
export interface PlannedFile {
  /** The source item's id (sections of one file get `#<n>` after it). */
  id: string;
  origin: string;
  kind: ImportKind;
  /** VFS path, e.g. `Story/Chapters/01 The Ferry.md`. */
  path: string;
  content: string;
  reason: string;
}

/** The files to write and what the source had that is left out. */
export interface ImportPlan {
  files: PlannedFile[];
  skipped: SkippedItem[];
}


const FOLDER_OF: Record<Exclude<ImportKind, 'chapter' | 'outline'>, string> = {
  character: 'Compendium/Characters',
  place: 'Compendium/Places',
  lore: 'Compendium/Lore',
};
/** A file name writers' systems all accept: no separators, wildcards or link marks; at most 80 characters. */
export function safeFileName(name: string): string {
  const cleaned = name.replace(/[\\/:*?"<>|#^[\]\u0000-\u001f]/g, ' ').replace(/\s+/g, ' ').replace(/^[.\s]+|[.\s]+$/g, '');
  return (cleaned === '' ? 'Untitled' : cleaned).slice(0, 80).trim();
}

/** The first Markdown heading of a text (after front matter), without its marks. */
function firstHeading(text: string): string | null {
  const lines = text.split('\n');
  const start = parseFrontMatter('note', lines).bodyStart;
  for (const line of lines.slice(start - 1)) {
    if (line.trim() === '') continue;
    const match = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    return match ? match[1]!.trim() : null;
  }
  return null;
}

/** A card's name: `name:`/`title:` in its front matter, else its first heading, else the item's name. */
function cardName(item: Classified): string {
  const frontMatter = parseFrontMatter('note', item.text.split('\n'));
  return textField(frontMatter.data, 'name') ?? textField(frontMatter.data, 'title') ?? firstHeading(item.text) ?? item.document.name.replace(NUMBER_PREFIX, '').trim();
}

/** A chapter's title: its front matter's `title:`, else its heading (without a "Chapter 3:" or "1.4 —" lead), else its name without the number. */
function chapterTitle(item: Classified): string {
  const titled = textField(parseFrontMatter('chapter', item.text.split('\n')).data, 'title');
  if (titled !== null) return numberedChapter(titled)?.title ?? titled;
  const heading = firstHeading(item.text);
  if (heading !== null) return numberedChapter(heading)?.title ?? heading;
  const name = item.document.name.replace(NUMBER_PREFIX, '').trim();
  return name === '' ? item.document.name : name;
}

/** The number a folder is named with: `Act 2`, `02 Arrivals`, `Part Three`, `Book IV`. */
function folderNumber(folder: string): number | null {
  const digits = /\d+/.exec(folder);
  if (digits) return Number(digits[0]);
  const word = /^\s*(?:act|part|book|volume|vol\.?|section)[\s_-]+([a-z]+(?:-[a-z]+)?)\b/i.exec(folder);
  return word ? partHeading(`Part ${word[1]!}`)?.number ?? null : null;
}

function folderNumbers(folders: readonly string[]): number[] {
  return folders.map(folderNumber).filter((value): value is number => value !== null);
}

/** The label a chapter is numbered with inside its part (`1.4`), from its name, else its heading. */
function chapterLabel(item: Classified): DecimalLabel | null {
  const heading = firstHeading(item.text);
  return decimalLabel(item.document.name) ?? (heading === null ? null : decimalLabel(heading));
}

/**
 * Reading order: the source's own order, else numbered folders, then the chapter number in the
 * front matter, then labels numbered within parts (`1.4` before `1.10`), then the number in the
 * name, then the name.
 */
function chapterOrder(a: Classified, b: Classified): number {
  if (a.document.order !== null && b.document.order !== null) return a.document.order - b.document.order;
  const left = folderNumbers(a.document.folders);
  const right = folderNumbers(b.document.folders);
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) if (left[index] !== right[index]) return left[index]! - right[index]!;
  const leftChapter = frontMatterChapter(a);
  const rightChapter = frontMatterChapter(b);
  if (leftChapter !== null && rightChapter !== null && leftChapter !== rightChapter) return leftChapter - rightChapter;
  const leftLabel = chapterLabel(a);
  const rightLabel = chapterLabel(b);
  if (leftLabel !== null && rightLabel !== null && compareLabels(leftLabel, rightLabel) !== 0) return compareLabels(leftLabel, rightLabel);
  const leftNumber = sceneNameParts(`${a.document.name}.md`).fileNumber ?? Number.MAX_SAFE_INTEGER;
  const rightNumber = sceneNameParts(`${b.document.name}.md`).fileNumber ?? Number.MAX_SAFE_INTEGER;
  return leftNumber - rightNumber || a.document.origin.localeCompare(b.document.origin, 'en', { numeric: true });
}

const TIMELINE_REASON = 'a dated timeline (the source has no other outline)';

class PathBook {
  private readonly taken = new Set<string>();
  claim(folder: string, name: string): string {
    const base = safeFileName(name);
    for (let attempt = 1; ; attempt += 1) {
      const path = `${folder}/${attempt === 1 ? base : `${base} ${attempt}`}.md`;
      if (!this.taken.has(path.toLowerCase())) {
        this.taken.add(path.toLowerCase());
        return path;
      }
    }
  }
}

/**
 * Decides what every source item becomes: chapters go to `Story/Chapters/NN Title.md` in reading
 * order (keeping the writer's own numbers when they are complete and distinct), the first outline
 * to `Story/Outline.md`, notes to `Compendium/Characters|Places|Lore/<Name>.md`. Wiki links become
 * the words they show; empty items are skipped.
 */
export function planImport(reading: SourceReading): ImportPlan {
  const skipped: SkippedItem[] = [...reading.skipped];
  const items: Classified[] = [];
  for (const document of applyLongformOrder(reading.documents, skipped)) {
    const text = fencedHeader(plainLinks(document.text.replace(/\r\n?/g, '\n')));
    if (text.trim() === '') {
      skipped.push({ origin: document.origin, reason: 'empty' });
      continue;
    }
    const classified = classifyNote({ ...document, text });
    // A dated timeline is the outline when the source has none of its own.
    const { kind, reason } = classified.kind === 'lore' && document.hint === null && isDatedTimeline(document.name, text) ? { kind: 'outline' as const, reason: TIMELINE_REASON } : classified;
    items.push(...expandItem({ document, text: text.endsWith('\n') ? text : `${text}\n`, kind, reason }, skipped));
  }
  const paths = new PathBook();
  const files: PlannedFile[] = [];
  const chapters = joinSceneFiles(items.filter((item) => item.kind === 'chapter')).sort(chapterOrder);
  // `1.4 The Ledger` starts with its part's number, not its own.
  const numbers = chapters.map((item) => (decimalLabel(item.document.name) === null ? sceneNameParts(`${item.document.name}.md`).fileNumber ?? frontMatterChapter(item) : null));
  const keepNumbers = numbers.every((number) => number !== null) && new Set(numbers).size === numbers.length;
  const width = Math.max(2, String(keepNumbers ? Math.max(0, ...(numbers as number[])) : chapters.length).length);
  chapters.forEach((item, index) => {
    const number = keepNumbers ? numbers[index]! : index + 1;
    const path = paths.claim('Story/Chapters', `${String(number).padStart(width, '0')} ${chapterTitle(item)}`);
    files.push({ id: item.document.id, origin: item.document.origin, kind: 'chapter', path, content: item.text, reason: item.reason });
  });
  const outlines = items.filter((item) => item.kind === 'outline');
  const outline = outlines.find((item) => item.reason !== TIMELINE_REASON) ?? outlines[0];
  for (const item of items.filter((candidate) => candidate.kind !== 'chapter')) {
    if (item === outline) {
      files.push({ id: item.document.id, origin: item.document.origin, kind: 'outline', path: paths.claim('Story', 'Outline'), content: item.text, reason: item.reason });
      continue;
    }
    const kind = item.kind === 'outline' || item.kind === 'chapter' ? 'lore' : item.kind;
    const reason = item.reason === TIMELINE_REASON ? 'a dated timeline, kept as a note beside the outline' : item.kind === 'outline' ? `${item.reason}; a second outline is kept as a note` : item.reason;
    files.push({ id: item.document.id, origin: item.document.origin, kind, path: paths.claim(FOLDER_OF[kind], cardName(item)), content: item.text, reason });
  }
  return { files, skipped };
}
