import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';
import { IMPORT_DIR, ImportManifestSchema, type ImportFormat, type ImportManifest, type ImportProgress, type ImportReport } from '../../protocol/imports.js';
import { applyImport, planImport, type SourceReading } from '../../core/import/index.js';
import { writeJsonAtomic } from '../fs-store/index.js';
import { initWorkspace } from '../fs-workspace/index.js';
import { FsWorkspaceWriter } from '../json-task-store/index.js';
import { readDocxSource } from './read-docx-source.js';
import { readFolderSource } from './read-folder-source.js';
import { readScrivenerSource } from './read-scrivener-source.js';

/** What to import, where to, and who hears of progress. */
export interface ImportBookOptions {
  /** A folder, a `.docx`, a `.scriv` folder or its `.scrivx` file. */
  source: string;
  /** The workspace folder (created when missing). */
  workspace: string;
  /**
   * What names the source in the manifest and the report when the path read is a staged copy (an
   * upload from the web app): importing under the same label again updates the same items.
   */
  label?: string;
  onProgress?: (progress: ImportProgress) => void;
  now?: () => string;
}

/** Which reader a source needs, from its name and what is on disk. */
async function formatOf(source: string): Promise<ImportFormat> {
  const info = await fs.stat(source).catch(() => null);
  if (info === null) throw new ControlRoomError('import_source_not_found', `Nothing to import at ${source}: no such file or folder.`);
  const lower = source.toLowerCase().replace(/[\\/]+$/, '');
  if (lower.endsWith('.scriv') || lower.endsWith('.scrivx')) return 'scrivener';
  if (info.isFile() && lower.endsWith('.docx')) return 'docx';
  if (info.isDirectory()) {
    const entries = await fs.readdir(source);
    return entries.some((name) => name.toLowerCase().endsWith('.scrivx')) ? 'scrivener' : 'folder';
  }
  throw new ControlRoomError('import_source_unreadable', `${source} is not a folder, a .docx or a Scrivener project (.scriv); those are what can be imported.`);
}

function readSource(format: ImportFormat, source: string, onProgress?: (progress: ImportProgress) => void): Promise<SourceReading> {
  if (format === 'docx') return readDocxSource(source, onProgress);
  if (format === 'scrivener') return readScrivenerSource(source, onProgress);
  return readFolderSource(source, onProgress);
}

/** The manifest file of one source: named by a hash of the source's absolute path. */
function manifestPath(workspace: string, source: string): string {
  const key = createHash('sha256').update(source, 'utf8').digest('hex').slice(0, 16);
  return path.join(workspace, IMPORT_DIR, `${key}.json`);
}

async function readManifest(file: string): Promise<ImportManifest | null> {
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  const parsed = ImportManifestSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

function inside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Imports a writer's book into a workspace: reads the source (never writing to it), classifies
 * every item, writes chapters, outline and Compendium cards, and keeps a manifest so a second
 * import of the same source updates the workspace instead of duplicating it.
 */
export async function importBook(options: ImportBookOptions): Promise<ImportReport> {
  const source = path.resolve(options.source);
  const workspace = path.resolve(options.workspace);
  const format = await formatOf(source);
  if (inside(source, workspace) && format === 'folder') {
    throw new ControlRoomError('import_target_invalid', `The workspace ${workspace} is inside the source folder ${source}; choose a workspace folder elsewhere, so the source stays untouched.`);
  }
  if (source === workspace || ['Story', 'Compendium'].some((folder) => inside(path.join(workspace, folder), source))) {
    throw new ControlRoomError('import_target_invalid', `The source ${source} is the workspace's own manuscript; import from a folder outside Story/ and Compendium/.`);
  }
  const reading = await readSource(format, source, options.onProgress);
  const plan = planImport(reading);
  await initWorkspace(workspace);
  const identity = options.label ?? source;
  const manifestFile = manifestPath(workspace, identity);
  const applied = await applyImport(plan, {
    writer: new FsWorkspaceWriter(workspace),
    previous: await readManifest(manifestFile),
    source: identity,
    format,
    nowIso: (options.now ?? (() => new Date().toISOString()))(),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  await fs.mkdir(path.dirname(manifestFile), { recursive: true });
  await writeJsonAtomic(manifestFile, applied.manifest);
  const counts: Record<string, number> = {};
  for (const item of applied.items) if (item.action !== 'removed') counts[item.kind] = (counts[item.kind] ?? 0) + 1;
  counts['skipped'] = plan.skipped.length;
  return { source: identity, format, workspace, items: applied.items, skipped: plan.skipped, counts };
}
