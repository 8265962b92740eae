/**
 * Conferences (SPEC §8): two-phase rounds. The Chief runs the tools once (phase 1); every attendee,
 * the Chief included, interprets the results from its role or abstains (phase 2).
 */
import { z } from 'zod';
import type { EvidenceIssue, EvidenceReport } from './evidence.js';
import type { ConversationNotice } from './notice.js';
import type { ConversationState } from './traces.js';
import type { RetryRecord } from './model.js';

export const CONFERENCE_SCHEMA_VERSION = 1;

/** Agent card states and their colours in the UI. */
export const CARD_STATES = ['Moderator', 'Participant', 'Abstained', 'Muted'] as const;
export type CardState = (typeof CARD_STATES)[number];

export const ENTRY_STATUSES = ['responded', 'abstained', 'rejected', 'muted'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** The exact phase-2 framing of the v0.5 seed; `<Role>` is replaced by the agent's role. */
export const PHASE_TWO_FRAMING =
  'The following data was retrieved for this discussion. You are <Role>. If this is relevant to your expertise, provide your perspective. If not, respond with only: ABSTAIN';

export const ABSTAIN_KEYWORD = 'ABSTAIN';

/** The exact title of the issue a round is archived as (the seed's "Conference {sessionId} — Turn {n}"). */
export function conferenceIssueTitle(conferenceId: string, round: number): string {
  return `Conference ${conferenceId} — Turn ${round}`;
}

/** Codes of the failures conference operations throw (as `ControlRoomError`). */
export const CONFERENCE_ERROR_CODES = [
  /** No conference with that id in this workspace. */
  'conference_not_found',
  /** The Chief of Staff is the moderator of every conference; it cannot leave (HTTP 409). */
  'chief_not_removable',
  /** The Chief of Staff runs phase 1 of every round; it cannot be muted (HTTP 409). */
  'chief_not_mutable',
  /** The agent is not an attendee of the conference. */
  'attendee_not_found',
  /** The conference file cannot be read (not JSON, wrong shape, written by a newer release). */
  'conference_corrupt',
] as const;
export type ConferenceErrorCode = (typeof CONFERENCE_ERROR_CODES)[number];

/**
 * Why an entry was refused: an evidence issue, or `model_unavailable` when the agent's model could
 * not be reached (the agent is not at fault, so credits do not change).
 */
export type ConferenceEntryIssue = EvidenceIssue | { code: 'model_unavailable'; message: string; span: null };

/** One agent's part in a round. Abstained and muted entries carry no content. */
export interface ConferenceEntry {
  agentId: string;
  status: EntryStatus;
  content: string | null;
  /** The evidence line as written (from the report). */
  evidence: string | null;
  /** The validator's whole evidence report: sources, located quotes, receipts, issues (null when not checked). */
  report: EvidenceReport | null;
  issues: ConferenceEntryIssue[];
  /** True when the reply was decided only after the one corrective retry. */
  retried: boolean;
}

/** A phase-1 tool call that was refused (nothing ran for it). */
export interface ConferenceRejection {
  code: string;
  message: string;
}

/** What a round returns (SPEC §14 `conference --json`). */
export interface ConferenceRoundResult {
  conferenceId: string;
  round: number;
  /** The issue the round was archived as; null for a round that ended on a notice (nothing to archive). */
  issueId: string | null;
  /** Tools executed in phase 1: k calls cost k executions whatever the number of agents. */
  toolExecutions: number;
  /** Receipt ids of phase 1, in execution order. */
  receipts: string[];
  /** Phase 2, in roster order: the Chief first, then every attendee (muted ones included). */
  entries: ConferenceEntry[];
  /** Card state per agent after the round. */
  cards: Record<string, CardState>;
  /** Refused phase-1 calls, with their codes. */
  rejections: ConferenceRejection[];
  /** `tool_call_rejected` when phase 1 ended on a refusal without running any tool. */
  stopHook: string | null;
  traceRoundId: string;
  /** The user's message, as given (for the continuous chat). */
  message: string;
  /** Set when the round could not run to its end: the message needs clarifying, or something failed after its retries. */
  notice: ConversationNotice | null;
  /** Every retry of the round: a model call sent again, a phase-1 tool call asked again, a tool run again. */
  retries?: RetryRecord[];
  /** The conference's state during the round, and after it (a change asked for meanwhile applies at its end). */
  stateIn: ConversationState;
  stateOut: ConversationState;
  /** The audio clip uploaded with the round, also recorded in its trace round's header. */
  audioId: string | null;
}

/** Progress of a round, one event as soon as each thing is decided (the server streams them). */
export type ConferenceRoundEvent =
  | { type: 'tool-run'; conferenceId: string; round: number; receiptId: string; toolId: string; status: string }
  | { type: 'phase-one-done'; conferenceId: string; round: number; receipts: string[]; toolExecutions: number; rejections: ConferenceRejection[] }
  | { type: 'entry-decided'; conferenceId: string; round: number; entry: ConferenceEntry; card: CardState }
  | { type: 'round-closed'; conferenceId: string; round: number; issueId: string | null };

export const ConferenceRecordSchema = z.strictObject({
  schema_version: z.literal(CONFERENCE_SCHEMA_VERSION),
  id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'conference ids are 1–128 letters, digits, "-" or "_"'),
  /** Attendees in roster order; the Chief is always first and cannot be removed. */
  attendees: z.array(z.string()),
  /** Attendees muted for this conference (kept on the roster, skipped in rounds). */
  muted: z.array(z.string()).default([]),
  /** Rounds held so far. */
  rounds: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConferenceRecord = z.infer<typeof ConferenceRecordSchema>;
