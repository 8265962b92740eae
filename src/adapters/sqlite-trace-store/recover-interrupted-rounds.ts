import { INTERRUPTED_FAILURE_CODE } from '../../protocol/traces.js';
import { buildEvent, prepareEvent } from '../../core/traces/index.js';
import type { SqliteDatabase } from './sqlite-driver.js';
import { eventParameters, type TraceStatements } from './trace-rows.js';
import { isWriterAlive } from './writer-liveness.js';

const INTERRUPTED_REASON = 'The process writing this round stopped before finishing it (a crash, a kill or a close without finishing); the events before this one are intact.';

/**
 * Marks rounds whose writer is gone as `partial`, appending a `round.failed` event with code
 * `interrupted` after their last event. Nothing is deleted but the writer's lease. Rounds of a
 * live writer (another open store, here or in another process) are left alone. Returns the round ids.
 */
export function recoverInterruptedRounds(db: SqliteDatabase, statements: TraceStatements, now: string): string[] {
  const isDead = (row: { host: string | null; pid: number | null; instance_id: string | null }): boolean =>
    row.host === null || row.pid === null || row.instance_id === null || !isWriterAlive({ host: row.host, pid: row.pid, instance_id: row.instance_id });
  // Look first without the write lock: a store opened beside a busy writer usually finds nothing to do.
  if (!statements.openRounds.all().some(isDead)) return [];
  const prepared = prepareEvent({ event_type: 'round.failed', payload: { failure_code: INTERRUPTED_FAILURE_CODE, failure_reason: INTERRUPTED_REASON } });
  return db
    .transaction(() => {
      const recovered: string[] = [];
      for (const row of statements.openRounds.all().filter(isDead)) {
        const next = (statements.lastEventSeq.get(row.round_id)?.last ?? 0) + 1;
        statements.insertEvent.run(...eventParameters(buildEvent(row.round_id, next, now, prepared), prepared.payload_json));
        statements.finishRound.run({ round_id: row.round_id, status: 'partial', state_out: null, failure_code: INTERRUPTED_FAILURE_CODE, failure_reason: INTERRUPTED_REASON });
        statements.releaseWriter.run(row.round_id);
        recovered.push(row.round_id);
      }
      return recovered;
    })
    .immediate();
}
