import { traceInputInvalid } from './trace-errors.js';

export const DEFAULT_LIST_LIMIT = 100;
/** Large enough for any screen; exports use `exportRounds`, which pages. */
export const MAX_LIST_LIMIT = 10_000;

/** A checked `listRounds` filter. */
export interface ListFilter {
  conversation_id: string | null;
  limit: number;
}

/** Checks `listRounds` input and applies the default limit. */
export function normalizeListFilter(filter: { conversation_id?: string; limit?: number } = {}): ListFilter {
  const limit = filter.limit ?? DEFAULT_LIST_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw traceInputInvalid(`listRounds: limit must be a whole number from 1 to ${MAX_LIST_LIMIT}.`);
  }
  const conversation = filter.conversation_id;
  if (conversation !== undefined && (typeof conversation !== 'string' || conversation === '')) {
    throw traceInputInvalid('listRounds: conversation_id must be a non-empty string.');
  }
  return { conversation_id: conversation ?? null, limit };
}
