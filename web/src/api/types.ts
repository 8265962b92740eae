/**
 * The HTTP API's response shapes as the web app reads them. Protocol types are shared with the
 * server (types only: nothing from src/ is bundled); the rest mirrors the API contract.
 */
import type {
  Agent,
  AuditKeyInfo,
  AuditVerifyReport,
  CardState,
  ConferenceEntry,
  ConferenceRoundResult,
  ConversationNotice,
  ConversationState,
  Endpoint,
  EvidenceReport,
  Issue,
  ModelProfile,
  RoundEvent,
  RoundHeader,
  ToolReceipt,
  VfsFileContent,
  VfsNode,
  VfsTree,
} from '../../../src/protocol/index.js';
import type { AudioArtifact } from '../../../src/protocol/audio.js';
import type { ConfirmationListing } from '../../../src/protocol/auth.js';
import type { CanonFact, CanonIndexStatus } from '../../../src/protocol/canon.js';
import type { MemoryItemRecord } from '../../../src/protocol/memory.js';
import type { RecipeOrigin, RunRecord, RunStepEntry } from '../../../src/protocol/runs.js';
import type { Envelope, TaskOutcome, TaskRecord, TaskStatus } from '../../../src/protocol/tasks.js';

export type { AudioArtifact, CanonFact, CanonIndexStatus, ConfirmationListing, Envelope, RunRecord, RunStepEntry, TaskOutcome, TaskRecord, TaskStatus };

export type { ConversationState };

export type {
  Agent,
  AuditKeyInfo,
  AuditVerifyReport,
  CardState,
  ConferenceEntry,
  ConferenceRoundResult,
  Endpoint,
  EvidenceReport,
  Issue,
  RoundEvent,
  RoundHeader,
  ToolReceipt,
  VfsFileContent,
  VfsNode,
  VfsTree,
};

export interface Health {
  ok: boolean;
  version: string;
  workspace: string;
  mode: 'live' | 'demo';
  model: { reachable: boolean; baseUrl: string; model: string; message?: string };
}

export interface Conference {
  id: string;
  attendees: string[];
  /** Attendees muted for this conference only (agents muted in agents.json are muted everywhere). */
  muted?: string[];
  rounds: number;
  cards: Record<string, CardState>;
  /** Every round so far (GET only), so the chat can be rebuilt after a reload. */
  transcript?: ConferenceRoundResult[];
}

/** A phase-2 entry as streamed: the entry plus the agent's card state after it. */
export type StreamedEntry = ConferenceEntry & { card?: CardState };

export interface ChatIssue {
  code: string;
  message: string;
}

export interface ChatResult {
  content: string;
  evidence: string | null;
  /** The validator's whole report: what the citation chip shows and opens. */
  evidenceReport: EvidenceReport | null;
  validation: { ok: boolean; issues: ChatIssue[] };
  receipts: string[];
  rejections: Array<{ code: string; message?: string }>;
  stopHook: string | null;
  traceRoundId: string;
  sessionId?: string;
  /** Set when the turn could not answer: a question back, or what failed and what to do. */
  notice?: ConversationNotice | null;
}

export interface ModelSetting {
  agentId: string;
  baseUrl: string;
  model: string;
  profile: ModelProfile;
  stream: boolean;
  source: string;
  reachable: boolean;
  /** `withheld`: the stored key belongs to another server than this base URL, so it is not sent. */
  keyState?: 'none' | 'set' | 'withheld';
}

export interface ModelSettings {
  agents: ModelSetting[];
  fallbackModel: string | null;
  /** Keys a change forgot because their endpoint moved to another server (`default` or agent ids). */
  forgottenKeys?: string[];
}

export interface ModelSettingsUpdate {
  default?: Partial<Endpoint>;
  agents?: Record<string, Partial<Endpoint>>;
}

export type VerifiedReceipt = ToolReceipt & { verified: boolean };

export interface IssueDetail {
  issue: Issue;
  /** The round's question for an archived conference turn, else the title. */
  headline: string;
  /** The continuity finding the issue was filed for (what "Mark intentional" marks), else null. */
  finding: { kind: string; path: string; line: number; quote: string } | null;
  receipts: VerifiedReceipt[];
}

/** Telemetry counts by bucket, in total and per session, agent and conference. */
export interface Telemetry {
  totals: Record<string, number>;
  sessions?: Record<string, Record<string, number>>;
  agents?: Record<string, Record<string, number>>;
  conferences?: Record<string, Record<string, number>>;
  [key: string]: unknown;
}

export interface TraceRound {
  round: RoundHeader;
  events: RoundEvent[];
}

/** An issue as listed: plus a readable headline (an archived round's question). */
export type ListedIssue = Issue & { headline: string };

/** One file a task would touch or touched, with its text before and after. */
export interface TaskFileChange {
  index: number;
  op: 'file.write' | 'file.patch' | 'file.delete';
  path: string;
  state: 'pending' | 'applied' | 'changed_since' | 'undone' | 'not_run';
  before: string | null;
  after: string | null;
  binary: boolean;
  problem: string | null;
}

export interface TaskChanges {
  taskId: string;
  status: TaskStatus;
  files: TaskFileChange[];
}

export interface UndoOutcome {
  status: 'undone';
  taskId: string;
  reversed: Array<{ index: number; op: string; path: string | null; issueId: string | null; receiptId: string }>;
  receipts: string[];
  traceRoundId: string;
}

export interface ChatSessionSummary {
  sessionId: string;
  agentId: string;
  turns: number;
  firstMessage: string;
  startedAt: string;
  updatedAt: string;
}

export interface ChatTranscriptTurn {
  sessionId: string;
  agentId: string;
  message: string;
  at: string;
  result: ChatResult;
}

/** A memory note with its ranking. */
export type MemoryItem = MemoryItemRecord & { reference_score: number; recency: number; score: number };

export interface MemoryBucket {
  bucket_id: string;
  item_count: number;
  pinned_count: number;
  last_updated: string;
  register_summary: string;
}

export interface ContextPackage {
  bucket_id: string;
  register_summary: string;
  short_context: string;
  long_context: string | null;
  items: MemoryItem[];
  item_count: number;
  last_updated: string | null;
}

export interface RecipeSummary {
  id: string;
  name: string;
  description: string;
  origin: RecipeOrigin;
  file: string;
  steps: number;
}

export interface ToolRun<T = Record<string, unknown>> {
  tool: string;
  status: string;
  receiptId: string;
  sessionId: string;
  result: T;
}

export interface TimelineMark {
  source: 'outline' | 'front_matter' | 'prose' | 'timeline_note';
  day: number;
  part: string | null;
  text: string;
  path: string;
  line: number;
}

export interface TimelineChapter {
  position: number;
  path: string;
  title: string;
  day: number | null;
  part: string | null;
  marks: TimelineMark[];
  conflict: boolean;
  goesBack: boolean;
}

export interface BookTimeline {
  chapters: TimelineChapter[];
  lastDay: number;
}

/** One state's cue, as the state selector shows it. */
export interface ConversationStateCue {
  state: ConversationState;
  label: string;
  icon: string;
  description: string;
}

/** `GET /api/conversations/{id}/state`: the state rounds run in, and a change waiting for the next round. */
export interface ConversationStateView {
  conversationId: string;
  state: ConversationState;
  pending: ConversationState | null;
  roundOpen: boolean;
  cue: ConversationStateCue;
  states: ConversationStateCue[];
}

/** `GET /api/flags`: the feature flags in force, each with its source and variable. */
export interface FeatureFlagsView {
  file: string;
  flags: Record<string, boolean | string>;
  list: Array<{ name: string; value: boolean | string; default: boolean | string; source: 'default' | 'config' | 'environment'; environment: string; description: string }>;
}
