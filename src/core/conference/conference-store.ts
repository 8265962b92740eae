import type { ConferenceRecord } from '../../protocol/index.js';

/** Conferences of a workspace (`.control-room/conferences/<id>.json`), each written atomically. */
export interface ConferenceStore {
  /** The conference with this id, or null. */
  get(id: string): Promise<ConferenceRecord | null>;
  /** Stores a new conference; throws `conference_exists` when the id is taken. */
  create(record: ConferenceRecord): Promise<ConferenceRecord>;
  /** Replaces a stored conference; throws `conference_not_found` for an unknown id. */
  update(record: ConferenceRecord): Promise<ConferenceRecord>;
  /** Every conference, newest first. */
  list(): Promise<ConferenceRecord[]>;
}
