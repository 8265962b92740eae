import { ControlRoomError } from '../../protocol/index.js';
import type { TraceErrorCode } from '../../protocol/traces.js';

function traceError(code: TraceErrorCode, message: string, options: ConstructorParameters<typeof ControlRoomError>[2] = {}): ControlRoomError {
  return new ControlRoomError(code, message, options);
}

/** The round id names no round in this store. */
export function roundNotFound(roundId: string): ControlRoomError {
  return traceError(
    'trace_round_not_found',
    `No trace round ${JSON.stringify(roundId)}. Check the id (rounds are listed by "control-room traces export"), or begin the round first.`,
    { details: { roundId } },
  );
}

/** The round is finished (or being finished) and takes no more writes. */
export function roundClosed(roundId: string, status: string): ControlRoomError {
  return traceError(
    'trace_round_closed',
    `Trace round ${roundId} is already ${status}; a finished round takes no more events. Begin a new round for new work.`,
    { fault: 'system', details: { roundId, status } },
  );
}

/** The event is not in the taxonomy or its payload is not what the taxonomy requires. */
export function eventInvalid(eventType: unknown, problems: readonly string[]): ControlRoomError {
  return traceError('trace_event_invalid', `Trace event ${JSON.stringify(eventType)} is invalid: ${problems.join('; ')}.`, {
    fault: 'system',
    details: { eventType, problems },
  });
}

/** Round or query input is malformed. */
export function traceInputInvalid(message: string): ControlRoomError {
  return traceError('trace_input_invalid', message, { fault: 'system' });
}

/** The store was closed before this call. */
export function storeClosed(): ControlRoomError {
  return traceError('trace_store_closed', 'The trace store is closed. Open it again to read or write traces.', { fault: 'system' });
}
