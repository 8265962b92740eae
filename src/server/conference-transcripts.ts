import { promises as fs } from 'node:fs';
import path from 'node:path';
import { appendJsonLine } from '../adapters/fs-store/index.js';
import { ControlRoomError, type ConferenceRoundResult } from '../protocol/index.js';

/**
 * The rounds of each conference as the writer saw them. The backend forgets a round once it is
 * closed (SPEC §8); the UI still shows one continuous chat, so the results are kept for it here.
 */
export interface ConferenceTranscripts {
  append(result: ConferenceRoundResult): Promise<void>;
  /** Every round of a conference, oldest first (empty when it has none). */
  list(conferenceId: string): Promise<ConferenceRoundResult[]>;
}

export const TRANSCRIPTS_FOLDER = '.control-room/conference-transcripts';
const TRANSCRIPT_SCHEMA_VERSION = 1;
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

function fileOf(root: string, conferenceId: string): string {
  if (!SAFE_ID.test(conferenceId)) {
    throw new ControlRoomError('invalid_request', `The conference id ${JSON.stringify(conferenceId)} is not allowed: use 1–128 letters, digits, "-" or "_".`);
  }
  return path.join(root, ...TRANSCRIPTS_FOLDER.split('/'), `${conferenceId}.jsonl`);
}

/** One JSON line per round in `.control-room/conference-transcripts/<id>.jsonl`, appended whole. */
export class JsonlConferenceTranscripts implements ConferenceTranscripts {
  constructor(private readonly root: string) {}

  async append(result: ConferenceRoundResult): Promise<void> {
    const file = fileOf(this.root, result.conferenceId);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Every field, the writer's message included, passes the app-data scrubbing boundary on its way to disk.
    await appendJsonLine(file, { schema_version: TRANSCRIPT_SCHEMA_VERSION, ...result });
  }

  async list(conferenceId: string): Promise<ConferenceRoundResult[]> {
    const text = await fs.readFile(fileOf(this.root, conferenceId), 'utf8').catch(() => '');
    const rounds: ConferenceRoundResult[] = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        const { schema_version: _version, ...result } = JSON.parse(line) as ConferenceRoundResult & { schema_version?: number };
        rounds.push(result);
      } catch {
        // A line cut off by a crash mid-append is skipped; the issue archive still has that round.
      }
    }
    return rounds.sort((a, b) => a.round - b.round);
  }
}

/** Transcripts in memory, for tests. */
export class InMemoryConferenceTranscripts implements ConferenceTranscripts {
  private readonly rounds = new Map<string, ConferenceRoundResult[]>();

  async append(result: ConferenceRoundResult): Promise<void> {
    this.rounds.set(result.conferenceId, [...(this.rounds.get(result.conferenceId) ?? []), structuredClone(result)]);
  }

  async list(conferenceId: string): Promise<ConferenceRoundResult[]> {
    return structuredClone(this.rounds.get(conferenceId) ?? []);
  }
}
