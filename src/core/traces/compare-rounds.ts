import type { RoundHeader } from '../../protocol/index.js';

type Ordered = Pick<RoundHeader, 'created_at' | 'round_seq' | 'round_id'>;

/** Export order: by `created_at`, then `round_seq`, then `round_id` so that ties are stable. */
export function compareRoundsOldestFirst(a: Ordered, b: Ordered): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  if (a.round_seq !== b.round_seq) return a.round_seq - b.round_seq;
  return a.round_id < b.round_id ? -1 : a.round_id > b.round_id ? 1 : 0;
}

/**
 * Listing order, newest first. Within one conversation `round_seq` decides (it is allocated in
 * order even if the wall clock steps back); across conversations, the reverse of export order.
 */
export function sortRoundsNewestFirst<T extends Ordered>(headers: T[], oneConversation: boolean): T[] {
  return headers.sort(oneConversation ? (a, b) => b.round_seq - a.round_seq : (a, b) => compareRoundsOldestFirst(b, a));
}
