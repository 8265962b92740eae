import type { ConversationState, EventType, RoundEvent, RoundHeader, RoundStatus } from '../../protocol/index.js';
import type { SqliteDatabase } from './sqlite-driver.js';

/** A `rounds` row: the header's fields, one column each. */
export type RoundRow = RoundHeader;

/** An `events` row: the event's fields, with the payload as JSON text. */
export interface EventRow extends Omit<RoundEvent, 'payload'> {
  payload: string;
}

const ROUND_COLUMNS =
  'schema_version, library_id, bucket_id, conversation_id, round_id, round_seq, state_in, state_out, audio_id, created_at, status, failure_code, failure_reason';
const EVENT_COLUMNS = 'schema_version, round_id, event_seq, event_type, call_id, timestamp, payload, status, failure_code, failure_reason';

/** Every statement the store runs, prepared once per connection. */
export function prepareTraceStatements(db: SqliteDatabase) {
  return {
    readMeta: db.prepare<{ value: string }>('SELECT value FROM meta WHERE key = ?'),
    insertMetaIfMissing: db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)'),
    lastRoundSeq: db.prepare<{ last: number | null }>('SELECT MAX(round_seq) AS last FROM rounds WHERE conversation_id = ?'),
    insertRound: db.prepare(
      `INSERT INTO rounds (${ROUND_COLUMNS}) VALUES (@schema_version, @library_id, @bucket_id, @conversation_id, @round_id, @round_seq, @state_in, @state_out, @audio_id, @created_at, @status, @failure_code, @failure_reason)`,
    ),
    finishRound: db.prepare(
      "UPDATE rounds SET status = @status, state_out = @state_out, failure_code = @failure_code, failure_reason = @failure_reason WHERE round_id = @round_id AND status = 'open'",
    ),
    readRound: db.prepare<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM rounds WHERE round_id = ?`),
    listRecent: db.prepare<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM rounds ORDER BY created_at DESC, round_seq DESC, round_id DESC LIMIT ?`),
    listConversation: db.prepare<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM rounds WHERE conversation_id = ? ORDER BY round_seq DESC LIMIT ?`),
    exportFirstPage: db.prepare<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM rounds ORDER BY created_at, round_seq, round_id LIMIT ?`),
    exportNextPage: db.prepare<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM rounds WHERE (created_at, round_seq, round_id) > (?, ?, ?) ORDER BY created_at, round_seq, round_id LIMIT ?`,
    ),
    openRounds: db.prepare<{ round_id: string; host: string | null; pid: number | null; instance_id: string | null }>(
      `SELECT r.round_id AS round_id, w.host AS host, w.pid AS pid, w.instance_id AS instance_id FROM rounds r LEFT JOIN round_writers w ON w.round_id = r.round_id WHERE r.status = 'open'`,
    ),
    /** Positional (see `eventParameters`): binding an array is cheaper than named parameters on this hot path. */
    insertEvent: db.prepare(`INSERT INTO events (${EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    readEvents: db.prepare<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE round_id = ? ORDER BY event_seq`),
    lastEventSeq: db.prepare<{ last: number | null }>('SELECT MAX(event_seq) AS last FROM events WHERE round_id = ?'),
    lastFailedEvent: db.prepare<{ failure_code: string | null; failure_reason: string | null }>(
      "SELECT failure_code, failure_reason FROM events WHERE round_id = ? AND event_type = 'round.failed' ORDER BY event_seq DESC LIMIT 1",
    ),
    claimWriter: db.prepare(
      'INSERT OR REPLACE INTO round_writers (round_id, schema_version, host, pid, instance_id, since) VALUES (@round_id, @schema_version, @host, @pid, @instance_id, @since)',
    ),
    releaseWriter: db.prepare('DELETE FROM round_writers WHERE round_id = ?'),
  };
}

export type TraceStatements = ReturnType<typeof prepareTraceStatements>;

/** A stored round row as the protocol's header (SQLite has no enums, so the text columns are narrowed here). */
export function rowToHeader(row: RoundRow): RoundHeader {
  return {
    schema_version: row.schema_version,
    library_id: row.library_id,
    bucket_id: row.bucket_id,
    conversation_id: row.conversation_id,
    round_id: row.round_id,
    round_seq: row.round_seq,
    state_in: row.state_in as ConversationState,
    state_out: (row.state_out ?? null) as ConversationState | null,
    audio_id: row.audio_id ?? null,
    created_at: row.created_at,
    status: row.status as RoundStatus,
    failure_code: row.failure_code ?? null,
    failure_reason: row.failure_reason ?? null,
  };
}

/** A stored event row as the protocol's event, its payload parsed. */
export function rowToEvent(row: EventRow): RoundEvent {
  return { ...row, event_type: row.event_type as EventType, payload: JSON.parse(row.payload) as Record<string, unknown> };
}

/** The parameters of `insertEvent`, in `EVENT_COLUMNS` order. */
export function eventParameters(event: RoundEvent, payloadJson: string): unknown[] {
  return [
    event.schema_version,
    event.round_id,
    event.event_seq,
    event.event_type,
    event.call_id,
    event.timestamp,
    payloadJson,
    event.status,
    event.failure_code,
    event.failure_reason,
  ];
}
