import { ControlRoomError, ConferenceRecordSchema, type ConferenceRecord } from '../../protocol/index.js';
import type { ConferenceStore } from './conference-store.js';

/** Conferences in memory with the same rules as the JSON store, for tests and benchmarks. */
export class InMemoryConferenceStore implements ConferenceStore {
  private readonly records = new Map<string, ConferenceRecord>();

  async get(id: string): Promise<ConferenceRecord | null> {
    const found = this.records.get(id);
    return found ? structuredClone(found) : null;
  }

  async create(record: ConferenceRecord): Promise<ConferenceRecord> {
    if (this.records.has(record.id)) throw new ControlRoomError('conference_exists', `A conference ${record.id} already exists; choose another id.`);
    this.records.set(record.id, ConferenceRecordSchema.parse(structuredClone(record)));
    return structuredClone(record);
  }

  async update(record: ConferenceRecord): Promise<ConferenceRecord> {
    if (!this.records.has(record.id)) throw new ControlRoomError('conference_not_found', `No conference ${record.id}. Start one first.`);
    this.records.set(record.id, ConferenceRecordSchema.parse(structuredClone(record)));
    return structuredClone(record);
  }

  async list(): Promise<ConferenceRecord[]> {
    return [...this.records.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((record) => structuredClone(record));
  }
}
