import { ControlRoomError } from '../../protocol/index.js';
import { CANON_META_SCHEMA_VERSION, type CanonIndexMode, type CanonIndexProgress, type CanonMeta, type CanonMetaSource } from '../../protocol/canon.js';
import type { Clock, Workspace } from '../ports/index.js';
import { sha256Hex } from '../manuscript/index.js';
import { splitLines } from '../vfs/index.js';
import { listCanonSources } from './canon-sources.js';
import type { CanonStore } from './canon-store.js';
import { compileCanonIndex, type CompiledCanon, type ExtractedSource } from './compile-canon-index.js';
import { extractFields } from './extract-fields.js';
import { extractWithModel, type CanonModelExtraction } from './extract-with-model.js';

export interface CanonIndexDependencies {
  workspace: Workspace;
  store: CanonStore;
  clock: Clock;
  /** The model that extracts facts; without one, fields and bullets are parsed directly. */
  model?: CanonModelExtraction | null;
  onProgress?: (progress: CanonIndexProgress) => void;
  signal?: AbortSignal;
}

export interface CanonIndexResult extends CompiledCanon {
  meta: CanonMeta;
}

function checkCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ControlRoomError('canon_index_cancelled', 'The canon index build was cancelled; the previous index was kept.', { fault: 'user' });
}

/**
 * Builds the canon index: for each card, lore file and scene, one raw extraction (a model call
 * with a JSON response format, or the deterministic field parser), then the deterministic
 * compilation, written atomically with its metadata. A model that cannot be reached fails the
 * build and keeps the previous index; a reply that is not the facts JSON is recorded per file.
 */
export async function buildCanonIndex(deps: CanonIndexDependencies): Promise<CanonIndexResult> {
  const files = await listCanonSources(deps.workspace);
  if (files.length === 0) {
    throw new ControlRoomError('canon_sources_missing', 'There is nothing to index: add character, place or lore cards under Compendium/ or scenes under Story/Scenes/.');
  }
  const mode: CanonIndexMode = deps.model ? 'model' : 'deterministic';
  const extracted: ExtractedSource[] = [];
  const sources: CanonMetaSource[] = [];
  let modelName: string | null = null;
  for (const [index, file] of files.entries()) {
    checkCancelled(deps.signal);
    const read = await deps.workspace.read(file.path);
    const lines = splitLines(read.content);
    let error: CanonMetaSource['error'] = null;
    let proposals = extractFields({ path: file.path, lines }, file.kind);
    if (deps.model) {
      const reply = await extractWithModel(file.path, file.kind, read.content, deps.model, deps.signal);
      modelName ??= reply.model;
      proposals = reply.ok ? reply.facts : [];
      if (!reply.ok) error = reply.error;
    }
    extracted.push({ path: file.path, kind: file.kind, lines, proposals });
    sources.push({ path: file.path, kind: file.kind, sha256: read.sha256, proposed: proposals.length, kept: 0, error });
    deps.onProgress?.({ done: index + 1, total: files.length, path: file.path });
  }
  checkCancelled(deps.signal);
  const compiled = compileCanonIndex(extracted);
  for (const source of sources) source.kept = compiled.kept.get(source.path) ?? 0;
  const meta: CanonMeta = {
    schema_version: CANON_META_SCHEMA_VERSION,
    built_at: deps.clock.nowIso(),
    mode,
    model: modelName,
    index_sha256: sha256Hex(compiled.markdown),
    fact_count: compiled.facts.length,
    duplicates: compiled.duplicates,
    sources: [...sources].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    rejected: compiled.rejected,
  };
  await deps.store.write(compiled.markdown, meta);
  return { ...compiled, meta };
}
