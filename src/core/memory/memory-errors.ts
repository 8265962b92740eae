import { ControlRoomError } from '../../protocol/index.js';
import type { MemoryErrorCode } from '../../protocol/memory.js';

/** A memory failure with a stable code; the person is at fault unless said otherwise. */
export function memoryError(code: MemoryErrorCode, message: string, details?: Record<string, unknown>): ControlRoomError {
  return new ControlRoomError(code, message, { fault: code === 'memory_store_failed' ? 'system' : 'user', ...(details ? { details } : {}) });
}

/** The error for an item id that is not in the store. */
export function itemNotFound(itemId: string): ControlRoomError {
  return memoryError('memory_item_not_found', `No memory item ${JSON.stringify(itemId)}. Search or dump the bucket to find its id.`, { item_id: itemId });
}
