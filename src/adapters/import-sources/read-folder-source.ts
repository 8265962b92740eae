import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ImportProgress, SkippedItem } from '../../protocol/imports.js';
import type { SourceDocument, SourceReading } from '../../core/import/index.js';
import { decodeSourceText } from './decode-source-text.js';

const TEXT_EXTENSIONS = new Set(['.md', '.markdown', '.txt', '.text']);
// Folders of tools, not of the book: an Obsidian vault's settings and bin, version control, templates.
const SKIPPED_FOLDERS = /^(?:\..*|node_modules|templates?|_templates|attachments?|assets|images|media|trash|_trash)$/i;
const MAX_BYTES = 4 * 1024 * 1024;

interface FolderFile {
  relative: string;
  absolute: string;
}

async function walk(root: string, relative: string, files: FolderFile[], skipped: SkippedItem[]): Promise<void> {
  const entries = await fs.readdir(path.join(root, relative), { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  for (const entry of entries) {
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isSymbolicLink()) {
      skipped.push({ origin: child, reason: 'a link (links are not followed)' });
    } else if (entry.isDirectory()) {
      if (SKIPPED_FOLDERS.test(entry.name)) {
        if (!entry.name.startsWith('.')) skipped.push({ origin: `${child}/`, reason: 'a folder of templates or attachments' });
        continue;
      }
      await walk(root, child, files, skipped);
    } else if (entry.isFile()) {
      if (entry.name.startsWith('.')) continue;
      const extension = path.extname(entry.name).toLowerCase();
      if (TEXT_EXTENSIONS.has(extension)) files.push({ relative: child, absolute: path.join(root, child) });
      else skipped.push({ origin: child, reason: extension === '' ? 'not a text file' : `not a text file (${extension})` });
    }
  }
}

/**
 * Reads a folder of Markdown or text files in any layout (an Obsidian vault, a folder of chapters,
 * a workspace of ours): every `.md`/`.txt` file with the folders above it. Hidden folders,
 * templates and attachments are left out, links are not followed, and nothing is written.
 */
export async function readFolderSource(root: string, onProgress?: (progress: ImportProgress) => void): Promise<SourceReading> {
  const files: FolderFile[] = [];
  const skipped: SkippedItem[] = [];
  await walk(root, '', files, skipped);
  const documents: SourceDocument[] = [];
  for (const [index, file] of files.entries()) {
    onProgress?.({ phase: 'reading', done: index, total: files.length, current: file.relative });
    const info = await fs.stat(file.absolute);
    if (info.size > MAX_BYTES) {
      skipped.push({ origin: file.relative, reason: `larger than ${MAX_BYTES} bytes` });
      continue;
    }
    const text = decodeSourceText(await fs.readFile(file.absolute));
    if (text === null) {
      skipped.push({ origin: file.relative, reason: 'not text (binary content)' });
      continue;
    }
    const folders = file.relative.split('/').slice(0, -1);
    const name = path.basename(file.relative).replace(/\.[^.]+$/, '');
    documents.push({ id: file.relative, origin: file.relative, name, folders, text, order: null, hint: null });
  }
  onProgress?.({ phase: 'reading', done: files.length, total: files.length, current: null });
  return { format: 'folder', source: root, documents, skipped };
}
