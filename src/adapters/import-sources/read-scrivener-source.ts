import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';
import type { ImportProgress, SkippedItem } from '../../protocol/imports.js';
import type { SourceDocument, SourceReading } from '../../core/import/index.js';
import { decodeSourceText } from './decode-source-text.js';
import { rtfToText } from './rtf-to-text.js';
import { parseScrivenerBinder, type BinderItem } from './scrivener-binder.js';

const SCENE_BREAK = '* * *';
const TEXT_TYPES = new Set(['Text', 'Folder', 'DraftFolder', 'ResearchFolder']);

/** The `.scriv` folder and its `.scrivx` file, whichever of the two was named. */
async function projectFiles(source: string): Promise<{ folder: string; scrivx: string }> {
  const info = await fs.stat(source);
  if (info.isFile() && source.toLowerCase().endsWith('.scrivx')) return { folder: path.dirname(source), scrivx: source };
  const entries = await fs.readdir(source);
  const scrivx = entries.find((name) => name.toLowerCase().endsWith('.scrivx'));
  if (scrivx === undefined) throw new ControlRoomError('import_source_unreadable', `${source} has no .scrivx project file; is it a Scrivener project?`);
  return { folder: source, scrivx: path.join(source, scrivx) };
}

/** A document's text: Scrivener 3 keeps it in `Files/Data/<UUID>/content.rtf`, Scrivener 2 in `Files/Docs/<ID>.rtf`. */
async function itemText(folder: string, item: BinderItem): Promise<string | null> {
  const candidates = [
    path.join(folder, 'Files', 'Data', item.uuid, 'content.rtf'),
    path.join(folder, 'Files', 'Docs', `${item.uuid}.rtf`),
    path.join(folder, 'Files', 'Data', item.uuid, 'content.txt'),
    path.join(folder, 'Files', 'Data', item.uuid, 'content.md'),
  ];
  for (const candidate of candidates) {
    const bytes = await fs.readFile(candidate).catch(() => null);
    if (bytes === null) continue;
    return candidate.endsWith('.rtf') ? rtfToText(bytes) : decodeSourceText(bytes);
  }
  return null;
}

async function synopsisOf(folder: string, item: BinderItem): Promise<string | null> {
  const bytes = await fs.readFile(path.join(folder, 'Files', 'Data', item.uuid, 'synopsis.txt')).catch(() => null);
  const text = bytes === null ? null : decodeSourceText(bytes)?.trim() ?? null;
  return text === '' ? null : text;
}

// A folder named as a part of the book ("Part One", "Book II", "Act 3").
const PART_TITLE = /^(?:part|book|act|volume|vol\.)\s+(?:\d+|[IVXLC]+|[a-z]+(?:-[a-z]+)?)\b/i;
// A document titled as a chapter ("1. Picking Begins", "Chapter Three", "IV: The Weir").
const CHAPTER_TITLE = /^(?:(?:chapter|ch\.?)\s+(?:\d+|[IVXLC]+|[a-z]+(?:-[a-z]+)?)\b|\d+\s*[.:)—–-]\s*\S|[IVXLC]+\s*[.:)—–-]\s*\S)/i;

/**
 * A folder that is a part of the book, not a chapter: one of folders, one named as a part, or one
 * whose every document is titled as a chapter.
 */
function isPartFolder(item: BinderItem): boolean {
  if (item.type !== 'Folder' || item.children.length === 0) return false;
  if (item.children.every((child) => child.type === 'Folder') || PART_TITLE.test(item.title.trim())) return true;
  return item.children.length >= 2 && item.children.every((child) => CHAPTER_TITLE.test(child.title.trim()));
}

/** A chapter is a Draft item that is not a part; a part's chapters are found within it. */
function chaptersOf(items: readonly BinderItem[], parts: string[], into: Array<{ item: BinderItem; parts: string[] }>): void {
  for (const item of items) {
    if (!item.includeInCompile && item.type !== 'Folder') continue;
    const isPart = isPartFolder(item);
    if (isPart) chaptersOf(item.children, [...parts, item.title], into);
    else into.push({ item, parts });
  }
}

function flatten(item: BinderItem): BinderItem[] {
  return [item, ...item.children.flatMap(flatten)];
}

/**
 * Reads a Scrivener 3 (or 2) project: the `.scrivx` binder gives the Draft's chapters in binder
 * order (a chapter folder's documents joined, scene by scene) and every text outside the Draft and
 * the Trash as a note, with its binder folders (`Research`, `Characters`, `Places`) to classify it
 * by. RTF is converted to text; the Draft's synopses, when there are any, become an outline.
 */
export async function readScrivenerSource(source: string, onProgress?: (progress: ImportProgress) => void): Promise<SourceReading> {
  const { folder, scrivx } = await projectFiles(source);
  const binder = parseScrivenerBinder(await fs.readFile(scrivx, 'utf8'), scrivx);
  const documents: SourceDocument[] = [];
  const skipped: SkippedItem[] = [];
  const draft = binder.find((item) => item.type === 'DraftFolder');
  const chapters: Array<{ item: BinderItem; parts: string[] }> = [];
  if (draft) chaptersOf(draft.children, [], chapters);
  else skipped.push({ origin: path.basename(scrivx), reason: 'the binder has no Draft (Manuscript) folder' });
  const notes: Array<{ item: BinderItem; folders: string[] }> = [];
  const collectNotes = (items: readonly BinderItem[], folders: string[]): void => {
    for (const item of items) {
      if (item.type === 'DraftFolder') continue;
      if (item.type === 'TrashFolder') {
        for (const trashed of item.children.flatMap(flatten)) skipped.push({ origin: `Trash › ${trashed.title}`, reason: 'in the Trash' });
        continue;
      }
      if (!TEXT_TYPES.has(item.type)) {
        skipped.push({ origin: [...folders, item.title].join(' › '), reason: `not text (${item.type})` });
        continue;
      }
      if (item.type === 'Text') notes.push({ item, folders });
      collectNotes(item.children, [...folders, item.title]);
    }
  };
  collectNotes(binder, []);
  const total = chapters.length + notes.length;
  let done = 0;
  const outline: string[] = [];
  for (const [index, { item, parts }] of chapters.entries()) {
    onProgress?.({ phase: 'reading', done: done++, total, current: item.title });
    const scenes: string[] = [];
    for (const part of flatten(item)) {
      if (!part.includeInCompile) continue;
      const text = part.type === 'Text' || part.type === 'Folder' ? await itemText(folder, part) : null;
      if (text !== null && text.trim() !== '') scenes.push(text.trim());
    }
    // Each synopsis under its chapter's title: the title names the chapter (a chapter numbered in
    // the binder may sit beside one that is not), and the synopsis is its beat. A chapter folder
    // without one of its own is planned by its scenes' synopses, a beat each, in binder order.
    const own = await synopsisOf(folder, item);
    const scenePlans = own === null ? await Promise.all(flatten(item).filter((part) => part.uuid !== item.uuid && part.includeInCompile).map((part) => synopsisOf(folder, part))) : [];
    const beats = own !== null ? [own] : scenePlans.filter((plan): plan is string => plan !== null);
    if (beats.length > 0) outline.push(`## ${item.title}\n\n${beats.map((beat) => `- ${beat.replace(/\s+/g, ' ')}`).join('\n')}\n`);
    if (scenes.length === 0) {
      skipped.push({ origin: `Draft › ${item.title}`, reason: 'no text' });
      continue;
    }
    documents.push({
      id: item.uuid,
      origin: ['Draft', ...parts, item.title].join(' › '),
      name: item.title,
      folders: ['Draft', ...parts],
      text: `# ${item.title}\n\n${scenes.join(`\n\n${SCENE_BREAK}\n\n`)}\n`,
      order: index + 1,
      hint: 'chapter',
    });
  }
  for (const { item, folders } of notes) {
    onProgress?.({ phase: 'reading', done: done++, total, current: item.title });
    const text = await itemText(folder, item);
    if (text === null || text.trim() === '') {
      skipped.push({ origin: [...folders, item.title].join(' › '), reason: 'no text' });
      continue;
    }
    documents.push({ id: item.uuid, origin: [...folders, item.title].join(' › '), name: item.title, folders, text: `# ${item.title}\n\n${text.trim()}\n`, order: null, hint: null });
  }
  if (outline.length > 0) {
    documents.push({ id: `${path.basename(scrivx)}#synopses`, origin: 'Draft synopses', name: 'Outline', folders: [], text: `# Outline\n\n${outline.join('\n')}`, order: null, hint: 'outline' });
  }
  onProgress?.({ phase: 'reading', done: total, total, current: null });
  return { format: 'scrivener', source, documents, skipped };
}
