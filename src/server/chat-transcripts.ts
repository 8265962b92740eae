import { promises as fs } from 'node:fs';
import path from 'node:path';
import { appendLine } from '../adapters/fs-store/index.js';
import { ControlRoomError, STOP_HOOK_INPUT_UNCLEAR } from '../protocol/index.js';

/** One finished 1:1 turn as the writer saw it: the message, the agent and the whole result. */
export interface ChatTranscriptTurn {
  sessionId: string;
  agentId: string;
  message: string;
  at: string;
  result: Record<string, unknown>;
}

/** A 1:1 conversation as listed: who it is with, how long, and how it began. */
export interface ChatSessionSummary {
  sessionId: string;
  agentId: string;
  turns: number;
  firstMessage: string;
  startedAt: string;
  updatedAt: string;
}

export const CHAT_TRANSCRIPTS_FOLDER = '.control-room/chat-transcripts';
const TRANSCRIPT_SCHEMA_VERSION = 1;
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;
const FIRST_MESSAGE_CHARS = 200;
/** How many turns of clarifying questions in a row an answer is joined to (the newest ones). */
const PENDING_ASK_TURNS = 3;

function fileOf(root: string, sessionId: string): string {
  if (!SAFE_ID.test(sessionId)) {
    throw new ControlRoomError('invalid_request', `The session id ${JSON.stringify(sessionId)} is not allowed: use 1–128 letters, digits, "-" or "_".`);
  }
  return path.join(root, ...CHAT_TRANSCRIPTS_FOLDER.split('/'), `${sessionId}.jsonl`);
}

function parseTurns(text: string): ChatTranscriptTurn[] {
  const turns: ChatTranscriptTurn[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const { schema_version: _version, ...turn } = JSON.parse(line) as ChatTranscriptTurn & { schema_version?: number };
      if (typeof turn.message === 'string' && typeof turn.agentId === 'string' && turn.result && typeof turn.result === 'object') turns.push(turn);
    } catch {
      // A line cut off by a crash mid-append is skipped; the trace store still has that turn.
    }
  }
  return turns;
}

/**
 * The turns of each 1:1 chat session, one JSON line per finished turn in
 * `.control-room/chat-transcripts/<sessionId>.jsonl`, so a conversation survives a reload of the
 * web app (the model itself is only ever sent the current turn).
 */
export class JsonlChatTranscripts {
  constructor(private readonly root: string) {}

  async append(turn: ChatTranscriptTurn): Promise<void> {
    const file = fileOf(this.root, turn.sessionId);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await appendLine(file, JSON.stringify({ schema_version: TRANSCRIPT_SCHEMA_VERSION, ...turn }));
  }

  /** Every finished turn of a session, oldest first (empty when it has none). */
  async turns(sessionId: string): Promise<ChatTranscriptTurn[]> {
    return parseTurns(await fs.readFile(fileOf(this.root, sessionId), 'utf8').catch(() => ''));
  }

  /**
   * The ask the next message of `agentId` in a session answers: the messages of the session's last
   * turns that ended in clarifying questions, oldest first (empty when the last turn did not ask).
   * A message refused as unreadable in between answered nothing, so it is passed over.
   */
  async pendingAsks(sessionId: string, agentId: string): Promise<string[]> {
    const asks: string[] = [];
    for (const turn of (await this.turns(sessionId)).reverse()) {
      if (turn.agentId !== agentId || asks.length === PENDING_ASK_TURNS) break;
      if (turn.result['stopHook'] === STOP_HOOK_INPUT_UNCLEAR) continue;
      if (turn.result['phase'] !== 'clarify') break;
      asks.unshift(turn.message);
    }
    return asks;
  }

  /** Sessions with at least one turn, most recently active first. */
  async sessions(): Promise<ChatSessionSummary[]> {
    const folder = path.join(this.root, ...CHAT_TRANSCRIPTS_FOLDER.split('/'));
    const names = await fs.readdir(folder).catch(() => [] as string[]);
    const summaries: ChatSessionSummary[] = [];
    for (const name of names) {
      const sessionId = name.replace(/\.jsonl$/, '');
      if (!name.endsWith('.jsonl') || !SAFE_ID.test(sessionId)) continue;
      const turns = await this.turns(sessionId);
      const first = turns[0];
      const last = turns.at(-1);
      if (!first || !last) continue;
      summaries.push({ sessionId, agentId: first.agentId, turns: turns.length, firstMessage: first.message.slice(0, FIRST_MESSAGE_CHARS), startedAt: first.at, updatedAt: last.at });
    }
    return summaries.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.sessionId.localeCompare(a.sessionId));
  }
}

const transcripts = new Map<string, JsonlChatTranscripts>();

/** The chat transcripts of a workspace folder (one instance per folder). */
export function chatTranscriptsOf(root: string): JsonlChatTranscripts {
  let found = transcripts.get(root);
  if (!found) {
    found = new JsonlChatTranscripts(root);
    transcripts.set(root, found);
  }
  return found;
}
