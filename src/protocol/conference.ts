/**
 * Conferences (SPEC §8): two-phase rounds. The Chief runs the tools once (phase 1); every attendee,
 * the Chief included, interprets the results from its role or abstains (phase 2).
 */
import { z } from 'zod';
import type { EvidenceIssue } from './evidence.js';

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

/** One agent's part in a round. Abstained and muted entries carry no content. */
export interface ConferenceEntry {
  agentId: string;
  status: EntryStatus;
  content: string | null;
  evidence: string | null;
  issues: EvidenceIssue[];
  /** True when the reply passed only after the one corrective retry. */
  retried: boolean;
}

/** What a round returns (SPEC §14 `conference --json`). */
export interface ConferenceRoundResult {
  conferenceId: string;
  round: number;
  issueId: string;
  toolExecutions: number;
  receipts: string[];
  entries: ConferenceEntry[];
  /** Card state per agent after the round. */
  cards: Record<string, CardState>;
  traceRoundId: string;
  /** The user's message, as given (for the continuous chat). */
  message: string;
}

export const ConferenceRecordSchema = z.strictObject({
  schema_version: z.literal(CONFERENCE_SCHEMA_VERSION),
  id: z.string().min(1),
  /** Attendees in roster order; the Chief is always first and cannot be removed. */
  attendees: z.array(z.string()),
  /** Rounds held so far. */
  rounds: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConferenceRecord = z.infer<typeof ConferenceRecordSchema>;
