import type { ConversationStateRecord } from '../../protocol/auth.js';

/** Where each conversation's state is kept (`.control-room/state/<conversationId>.json` on disk). */
export interface ConversationStateStore {
  /** The stored record, or null for a conversation never seen. */
  load(conversationId: string): Promise<ConversationStateRecord | null>;
  /** Replaces the record atomically. */
  save(record: ConversationStateRecord): Promise<void>;
}
