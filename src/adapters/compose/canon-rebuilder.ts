import { CANON_INDEX_STORAGE_PATH, ControlRoomError } from '../../protocol/index.js';
import type { CanonIndexProgress } from '../../protocol/canon.js';
import type { CanonRebuildParams } from '../../protocol/tasks.js';
import type { CanonIndexer, CanonIndexResult } from '../../core/canon/index.js';
import type { ControlRoom } from './open-control-room.js';
import { openCanonIndexer, resolveCanonModel, type CanonModelChoice, type ResolveCanonModelOptions } from './open-pipeline.js';

export interface CanonRebuilderOptions extends ResolveCanonModelOptions {
  /** The indexer whose status the server reports (default: a new one for this build). */
  indexer?: CanonIndexer;
  /** Start the build and answer at once (the server: clients poll the status); default: wait for it. */
  background?: boolean;
  onProgress?: (progress: CanonIndexProgress) => void;
  /** Told why the model is not used, when `auto` fell back to parsing. */
  onNotice?: (notice: string) => void;
}

/** What a finished build says: the counts, the dropped facts, the files that failed. */
export function canonBuildSummary(result: CanonIndexResult, choice: CanonModelChoice): Record<string, unknown> {
  const { meta, facts } = result;
  return {
    ok: true,
    mode: meta.mode,
    model: meta.model,
    facts: facts.length,
    sources: meta.sources.length,
    rejected: meta.rejected,
    failedSources: meta.sources.filter((source) => source.error !== null).map((source) => ({ path: source.path, error: source.error })),
    duplicates: meta.duplicates,
    index: CANON_INDEX_STORAGE_PATH,
    indexSha256: meta.index_sha256,
    builtAt: meta.built_at,
    notice: choice.notice,
  };
}

/**
 * How `canon.rebuild` runs for an opened workspace, whichever door asked for it: the mode in its
 * params (default `deterministic`) picks the extraction, and the build either finishes before the
 * operation does or — on the server — is started and then followed through the indexer's status.
 * Throws `canon_index_busy` while another build runs, and the build's own failure when waited for.
 */
export function canonRebuilder(room: ControlRoom, options: CanonRebuilderOptions = {}): (params: CanonRebuildParams) => Promise<Record<string, unknown>> {
  return async (params) => {
    const mode = params.mode ?? 'deterministic';
    const choice = await resolveCanonModel(room, mode, { ...(options.modelsFor ? { modelsFor: options.modelsFor } : {}), ...(options.probe ? { probe: options.probe } : {}) });
    if (choice.notice) options.onNotice?.(choice.notice);
    const indexer = options.indexer ?? openCanonIndexer(room);
    const started = indexer.start({ workspace: room.workspace, model: choice.model, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
    if (options.background) {
      void started.outcome.then((outcome) => {
        if (!outcome.ok) console.error(`canon index build failed: [${outcome.error.code}] ${outcome.error.message}`);
      });
      return { started: true, status: started.status, notice: choice.notice };
    }
    const outcome = await started.outcome;
    if (!outcome.ok) {
      const hint = choice.model && outcome.error.code.startsWith('model_') ? ' Build without a model (mode deterministic, or --no-model) instead.' : '';
      throw new ControlRoomError(outcome.error.code, `${outcome.error.message}${hint}`);
    }
    return canonBuildSummary(outcome.value, choice);
  };
}
