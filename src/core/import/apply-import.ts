import {
  IMPORT_MANIFEST_SCHEMA_VERSION,
  type ImportFormat,
  type ImportManifest,
  type ImportProgress,
  type ImportedItem,
  type ManifestEntry,
} from '../../protocol/imports.js';
import { sha256Hex } from '../manuscript/file-ref.js';
import type { WorkspaceWriter } from '../ports/workspace-writer.js';
import type { ImportPlan, PlannedFile } from './plan-import.js';

/** What applying a plan needs: the writer, what the last import of this source wrote, and a clock. */
export interface ApplyImportOptions {
  writer: WorkspaceWriter;
  previous: ImportManifest | null;
  source: string;
  format: ImportFormat;
  nowIso: string;
  onProgress?: (progress: ImportProgress) => void;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function currentHash(writer: WorkspaceWriter, path: string): Promise<string | null> {
  const bytes = await writer.readBytes(path);
  return bytes === null ? null : sha256Hex(decoder.decode(bytes));
}

/** A free path for a new item when the planned one holds a file of the writer's own. */
async function freePath(writer: WorkspaceWriter, path: string, reserved: ReadonlySet<string>): Promise<string> {
  for (let attempt = 2; ; attempt += 1) {
    const candidate = path.replace(/\.md$/i, ` (imported${attempt === 2 ? '' : ` ${attempt - 1}`}).md`);
    if (!reserved.has(candidate) && (await writer.readBytes(candidate)) === null) return candidate;
  }
}

/**
 * Writes a plan into the workspace, import after import without duplicates: an item imported
 * before is updated in place (or moved when its chapter number changed), unless the writer edited
 * the workspace copy since, which is then kept; a file of the writer's own is never overwritten; an
 * item gone from the source is removed when untouched. Returns the report items and the new manifest.
 */
export async function applyImport(plan: ImportPlan, options: ApplyImportOptions): Promise<{ items: ImportedItem[]; manifest: ImportManifest }> {
  const { writer, previous } = options;
  const before = previous?.items ?? {};
  const owned = new Map(Object.entries(before).map(([id, entry]) => [entry.path, id]));
  const reserved = new Set(plan.files.map((file) => file.path));
  const items: ImportedItem[] = [];
  const entries: Record<string, ManifestEntry> = {};
  const total = plan.files.length;
  // Hashes as the last import left them, read before anything is written (renumbered chapters
  // take each other's paths, and must not mistake our own new text for the writer's edits).
  const initial = new Map<string, string | null>();
  for (const entry of Object.values(before)) initial.set(entry.path, await currentHash(writer, entry.path));
  const report = (file: PlannedFile, path: string, action: ImportedItem['action']): void => {
    items.push({ origin: file.origin, kind: file.kind, path, action, reason: file.reason });
  };

  for (const [index, file] of plan.files.entries()) {
    options.onProgress?.({ phase: 'writing', done: index, total, current: file.origin });
    const hash = sha256Hex(file.content);
    const known = before[file.id];
    const knownHash = known ? initial.get(known.path) ?? null : null;
    const untouched = known !== undefined && knownHash === known.sha256;
    if (known && knownHash !== null && !untouched) {
      // The writer changed our copy: theirs wins, and the report says so.
      entries[file.id] = known;
      report(file, known.path, knownHash === hash ? 'unchanged' : 'kept');
      continue;
    }
    let path = file.path;
    const occupant = owned.get(path);
    const foreign = occupant === undefined ? (await writer.readBytes(path)) !== null : initial.get(path) !== null && initial.get(path) !== before[occupant]!.sha256;
    if (occupant !== file.id && foreign) {
      // The writer's own file holds the planned path: keep our earlier copy's path, or find another.
      path = known && knownHash !== null && !reserved.has(known.path) ? known.path : await freePath(writer, path, reserved);
    }
    reserved.add(path);
    const existingHash = await currentHash(writer, path);
    if (existingHash !== hash) await writer.write(path, encoder.encode(file.content));
    if (known && knownHash !== null && known.path !== path && !plan.files.some((other) => other.path === known.path)) await writer.delete(known.path);
    entries[file.id] = { path, kind: file.kind, sha256: hash };
    report(file, path, !known || knownHash === null ? 'created' : known.path !== path ? 'moved' : existingHash === hash ? 'unchanged' : 'updated');
  }
  const written = new Set(Object.values(entries).map((entry) => entry.path));
  for (const [id, entry] of Object.entries(before)) {
    if (entries[id] || written.has(entry.path)) continue;
    const hash = initial.get(entry.path) ?? null;
    if (hash === null) continue;
    const origin = `${id} (no longer in the source)`;
    if (hash === entry.sha256) {
      await writer.delete(entry.path);
      items.push({ origin, kind: entry.kind, path: entry.path, action: 'removed', reason: 'gone from the source and unchanged here' });
    } else {
      items.push({ origin, kind: entry.kind, path: entry.path, action: 'kept', reason: 'gone from the source, but edited here' });
    }
  }
  options.onProgress?.({ phase: 'writing', done: total, total, current: null });
  const manifest: ImportManifest = { schema_version: IMPORT_MANIFEST_SCHEMA_VERSION, source: options.source, format: options.format, imported_at: options.nowIso, items: entries };
  return { items, manifest };
}
