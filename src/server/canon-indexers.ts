import { openCanonIndexer, type ControlRoom } from '../adapters/compose/index.js';
import type { CanonIndexer } from '../core/canon/index.js';

/** One canon indexer per workspace and server: the status route and every rebuild share it. */
const indexers = new WeakMap<ControlRoom, CanonIndexer>();

/**
 * The canon indexer of a room: the one given (tests inject theirs) becomes the room's, else the
 * room's existing one, else a new one. Builds started by a confirmed `canon.rebuild` and the
 * `GET /api/canon/index/status` route see the same build.
 */
export function canonIndexerOf(room: ControlRoom, given?: CanonIndexer): CanonIndexer {
  if (given) indexers.set(room, given);
  let indexer = indexers.get(room);
  if (!indexer) {
    indexer = openCanonIndexer(room);
    indexers.set(room, indexer);
  }
  return indexer;
}
