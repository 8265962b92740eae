import { EventTypeSchema, TRACE_SCHEMA_VERSION, type EventType, type RoundEvent } from '../../protocol/index.js';
import { EVENT_PAYLOAD_SCHEMAS, EventStatusSchema } from '../../protocol/traces.js';
import type { AppendEventInput } from '../ports/index.js';
import { plainJsonCopy } from './plain-json-copy.js';
import { eventInvalid } from './trace-errors.js';

/** A checked event, not yet numbered: what every trace store stores for `appendEvent`. */
export interface PreparedEvent {
  event_type: EventType;
  /** The payload as a JSON round trip gives it (a copy): exactly what a reader will get back. */
  payload: Record<string, unknown>;
  /** The same payload as JSON text, for stores that keep text. */
  payload_json: string;
  call_id: string | null;
  status: RoundEvent['status'];
  failure_code: string | null;
  failure_reason: string | null;
}

// Plain set lookups on the hot path (every event of every round passes here); zod is kept for payloads.
const KNOWN_TYPES: ReadonlySet<string> = new Set(EventTypeSchema.options);
const KNOWN_STATUSES: ReadonlySet<string> = new Set(EventStatusSchema.options);

function optionalText(value: unknown, field: string, problems: string[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  problems.push(`${field} must be a string or null`);
  return null;
}

/**
 * Checks an event against the taxonomy and normalises it: the payload must be a plain JSON object
 * with the fields its type requires; `call_id` defaults to the payload's, and `round.failed`
 * defaults to status `failed` with the payload's code and reason.
 */
export function prepareEvent(input: AppendEventInput): PreparedEvent {
  const candidate: unknown = input?.event_type;
  if (typeof candidate !== 'string' || !KNOWN_TYPES.has(candidate)) {
    throw eventInvalid(candidate, [`event_type must be one of the taxonomy (${EventTypeSchema.options.join(', ')})`]);
  }
  const event_type = candidate as EventType;
  const raw = input.payload;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw eventInvalid(event_type, ['payload must be a JSON object']);
  let payload_json: string;
  try {
    payload_json = JSON.stringify(raw);
  } catch (error) {
    throw eventInvalid(event_type, [`payload is not JSON (${error instanceof Error ? error.message : String(error)})`]);
  }
  const payload = (plainJsonCopy(raw) ?? JSON.parse(payload_json)) as Record<string, unknown>;
  const checked = EVENT_PAYLOAD_SCHEMAS[event_type].safeParse(payload);
  const problems = checked.success ? [] : checked.error.issues.map((issue) => `payload.${issue.path.join('.') || '(root)'}: ${issue.message}`);
  const status: unknown = input.status ?? (event_type === 'round.failed' ? 'failed' : 'ok');
  if (typeof status !== 'string' || !KNOWN_STATUSES.has(status)) problems.push(`status must be one of ${EventStatusSchema.options.join(', ')}`);
  // An explicit value (even null) wins; a missing one falls back to the payload's field.
  const orPayload = (given: unknown, field: string, applies = true): unknown =>
    given !== undefined ? given : applies && typeof payload[field] === 'string' ? payload[field] : undefined;
  const failedType = event_type === 'round.failed';
  const call_id = optionalText(orPayload(input.call_id, 'call_id'), 'call_id', problems);
  const failure_code = optionalText(orPayload(input.failure_code, 'failure_code', failedType), 'failure_code', problems);
  const failure_reason = optionalText(orPayload(input.failure_reason, 'failure_reason', failedType), 'failure_reason', problems);
  if (problems.length > 0) throw eventInvalid(event_type, problems);
  return { event_type, payload, payload_json, call_id, status: status as RoundEvent['status'], failure_code, failure_reason };
}

/** Numbers and stamps a prepared event. */
export function buildEvent(roundId: string, eventSeq: number, timestamp: string, prepared: PreparedEvent): RoundEvent {
  return {
    schema_version: TRACE_SCHEMA_VERSION,
    round_id: roundId,
    event_seq: eventSeq,
    event_type: prepared.event_type,
    call_id: prepared.call_id,
    timestamp,
    payload: prepared.payload,
    status: prepared.status,
    failure_code: prepared.failure_code,
    failure_reason: prepared.failure_reason,
  };
}
