import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ImportProgress, SkippedItem } from '../../protocol/imports.js';
import type { SourceDocument, SourceReading } from '../../core/import/index.js';
import { decodeSourceText } from './decode-source-text.js';
import { docxLines, noteDocumentName, splitDocxLines } from './read-docx-source.js';
import { readScrivenerSource } from './read-scrivener-source.js';
import { rtfToText } from './rtf-to-text.js';
import { sheetDelimiter, sheetToMarkdown } from './sheet-to-markdown.js';

const TEXT_EXTENSIONS = new Set(['.md', '.markdown', '.txt', '.text']);
// Folders of tools, not of the book: an Obsidian vault's settings and bin, version control, templates.
const SKIPPED_FOLDERS = /^(?:\..*|node_modules|templates?|_templates|attachments?|assets|images|media|trash|_trash)$/i;
const MAX_BYTES = 4 * 1024 * 1024;

/** What a file of the folder is read as. */
type FolderFileKind = 'text' | 'docx' | 'rtf' | 'sheet' | 'scrivener';

interface FolderFile {
  relative: string;
  absolute: string;
  kind: FolderFileKind;
}

const KIND_OF_EXTENSION: Record<string, FolderFileKind> = { '.docx': 'docx', '.rtf': 'rtf', '.csv': 'sheet', '.tsv': 'sheet' };
const NOT_READ: Record<string, string> = {
  '.doc': 'a Word 97–2003 document (save it as .docx to import it)',
  '.odt': 'an OpenDocument text (save it as .docx to import it)',
  '.pages': 'a Pages document (export it as .docx to import it)',
  '.xlsx': 'a spreadsheet (save it as .csv to import it)',
  '.ods': 'a spreadsheet (save it as .csv to import it)',
  '.pdf': 'a PDF (its text is not imported)',
};

function kindOf(name: string): FolderFileKind | null {
  const extension = path.extname(name).toLowerCase();
  return TEXT_EXTENSIONS.has(extension) ? 'text' : KIND_OF_EXTENSION[extension] ?? null;
}

async function walk(root: string, relative: string, files: FolderFile[], skipped: SkippedItem[]): Promise<void> {
  const entries = await fs.readdir(path.join(root, relative), { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  for (const entry of entries) {
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isSymbolicLink()) {
      skipped.push({ origin: child, reason: 'a link (links are not followed)' });
    } else if (entry.isDirectory()) {
      // A Scrivener project kept in the folder is read as one, not walked file by file.
      if (/\.scriv$/i.test(entry.name)) {
        files.push({ relative: child, absolute: path.join(root, child), kind: 'scrivener' });
        continue;
      }
      if (SKIPPED_FOLDERS.test(entry.name)) {
        if (!entry.name.startsWith('.')) skipped.push({ origin: `${child}/`, reason: 'a folder of templates or attachments' });
        continue;
      }
      await walk(root, child, files, skipped);
    } else if (entry.isFile()) {
      // Hidden files, and the lock files Word leaves beside an open document (`~$draft.docx`).
      if (entry.name.startsWith('.') || entry.name.startsWith('~$')) continue;
      const kind = kindOf(entry.name);
      const extension = path.extname(entry.name).toLowerCase();
      if (kind !== null) files.push({ relative: child, absolute: path.join(root, child), kind });
      else skipped.push({ origin: child, reason: NOT_READ[extension] ?? (extension === '' ? 'not a text file' : `not a text file (${extension})`) });
    }
  }
}

/** The text of a plain, RTF or sheet file, or null (with the reason skipped) when it is not one. */
async function fileText(file: FolderFile, bytes: Buffer): Promise<string | null> {
  if (file.kind === 'rtf') return rtfToText(bytes);
  const text = decodeSourceText(bytes);
  if (text === null || file.kind !== 'sheet') return text;
  return sheetToMarkdown(text, sheetDelimiter(path.extname(file.relative).toLowerCase(), text));
}

/**
 * The documents one file of the folder holds: a text, RTF or sheet file is one; a Word document
 * named like notes (`Character notes.docx`) is one, read whole; any other Word document is a book
 * split into its chapters; a Scrivener project gives its chapters and notes.
 */
async function readFile(file: FolderFile, skipped: SkippedItem[]): Promise<SourceDocument[]> {
  const folders = file.relative.split('/').slice(0, -1);
  const name = path.basename(file.relative).replace(/\.[^.]+$/, '');
  if (file.kind === 'scrivener') {
    const reading = await readScrivenerSource(file.absolute);
    skipped.push(...reading.skipped.map((item) => ({ ...item, origin: `${file.relative} › ${item.origin}` })));
    return reading.documents.map((document) => ({ ...document, id: `${file.relative}#${document.id}`, origin: `${file.relative} › ${document.origin}`, folders: [...folders, ...document.folders] }));
  }
  const info = await fs.stat(file.absolute);
  if (info.size > MAX_BYTES) {
    skipped.push({ origin: file.relative, reason: `larger than ${MAX_BYTES} bytes` });
    return [];
  }
  if (file.kind === 'docx') {
    const lines = await docxLines(file.absolute);
    if (noteDocumentName(name)) return [{ id: file.relative, origin: file.relative, name, folders, text: lines.join('\n'), order: null, hint: null }];
    const split = splitDocxLines(lines, file.relative);
    skipped.push(...split.skipped);
    return split.documents.map((document) => ({ ...document, folders: [...folders, ...document.folders] }));
  }
  const text = await fileText(file, await fs.readFile(file.absolute));
  if (text === null) {
    skipped.push({ origin: file.relative, reason: file.kind === 'sheet' ? 'not a readable sheet (CSV or TSV)' : 'not text (binary content)' });
    return [];
  }
  return [{ id: file.relative, origin: file.relative, name, folders, text, order: null, hint: null }];
}

/**
 * Reads a folder in any layout (an Obsidian vault, a folder of chapters, a writer's folder of Word
 * documents and spreadsheets, a workspace of ours): every Markdown, text, RTF, `.docx` and CSV/TSV
 * file with the folders above it, and a Scrivener project inside it. Hidden folders, templates and
 * attachments are left out, links are not followed, and nothing is written.
 */
export async function readFolderSource(root: string, onProgress?: (progress: ImportProgress) => void): Promise<SourceReading> {
  const files: FolderFile[] = [];
  const skipped: SkippedItem[] = [];
  await walk(root, '', files, skipped);
  const documents: SourceDocument[] = [];
  for (const [index, file] of files.entries()) {
    onProgress?.({ phase: 'reading', done: index, total: files.length, current: file.relative });
    try {
      documents.push(...(await readFile(file, skipped)));
    } catch (error) {
      // One unreadable file is reported and skipped; the rest of the book is still imported.
      skipped.push({ origin: file.relative, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  onProgress?.({ phase: 'reading', done: files.length, total: files.length, current: null });
  return { format: 'folder', source: root, documents, skipped };
}
