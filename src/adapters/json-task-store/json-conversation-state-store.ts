import path from 'node:path';
import { AUTH_SCHEMA_VERSION, ConversationStateRecordSchema, type ConversationStateRecord } from '../../protocol/auth.js';
import { requireConversationId, type ConversationStateStore } from '../../core/state/index.js';
import { writeJsonAtomic } from '../fs-store/index.js';
import { readJsonRecord } from './read-json-record.js';
import { recordPath, STATE_DIR } from './task-paths.js';

/** Conversation states on disk: `.control-room/state/<conversationId>.json`, replaced atomically. */
export class JsonConversationStateStore implements ConversationStateStore {
  readonly root: string;

  constructor(workspaceRoot: string) {
    this.root = path.resolve(workspaceRoot);
  }

  async load(conversationId: string): Promise<ConversationStateRecord | null> {
    return readJsonRecord(recordPath(this.root, STATE_DIR, requireConversationId(conversationId)), ConversationStateRecordSchema, AUTH_SCHEMA_VERSION);
  }

  async save(record: ConversationStateRecord): Promise<void> {
    await writeJsonAtomic(recordPath(this.root, STATE_DIR, requireConversationId(record.conversation_id)), ConversationStateRecordSchema.parse(record));
  }
}
