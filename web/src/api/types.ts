/**
 * The HTTP API's response shapes as the web app reads them: aliases of the types generated from
 * the server's OpenAPI document (`npm run api:types`), and protocol types shared with the server
 * (types only: nothing from src/ is bundled) where the document describes a body loosely.
 */
import type { components } from './generated/openapi-types.js';
import type {
  Agent,
  AuditKeyInfo,
  AuditVerifyReport,
  CardState,
  ConferenceEntry,
  ConferenceRoundResult,
  ConversationState,
  Endpoint,
  EvidenceReport,
  Issue,
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
import type { RunRecord, RunStepEntry } from '../../../src/protocol/runs.js';
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

/** A named schema of the OpenAPI document. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type Health = ApiSchema<'Health'>;

/** The events of a streamed chat turn and conference round (`{event, data}`), as the document lists them. */
export type ChatStreamEvent = ApiSchema<'ChatStreamEvent'>;
export type ConferenceRoundStreamEvent = ApiSchema<'ConferenceRoundStreamEvent'>;

/**
 * A conference; `transcript` (every round so far, GET only, so the chat can be rebuilt after a
 * reload) is described loosely by the document, its rounds are the protocol's. The screens treat
 * a missing `muted` (attendees muted for this conference only) as none.
 */
export type Conference = Omit<ApiSchema<'Conference'>, 'muted'> & { muted?: string[]; transcript?: ConferenceRoundResult[] };

/** A phase-2 entry as streamed: the entry plus the agent's card state after it. */
export type StreamedEntry = ConferenceEntry & { card?: CardState };

export type ChatResult = ApiSchema<'ChatResult'>;
export type ChatIssue = ChatResult['validation']['issues'][number];

export type ModelSettings = ApiSchema<'ModelSettings'>;
export type ModelSetting = ModelSettings['agents'][number];
export type ModelSettingsUpdate = ApiSchema<'ModelSettingsUpdate'>;

export type VerifiedReceipt = ToolReceipt & { verified: boolean };

/** The receipts are described loosely by the document; their shape is the protocol's. */
export type IssueDetail = Omit<ApiSchema<'GetIssueResponse'>, 'receipts'> & { receipts: VerifiedReceipt[] };

/** Telemetry counts by bucket, in total and per session, agent and conference. */
export type Telemetry = ApiSchema<'Telemetry'>;

export type TraceRound = ApiSchema<'GetTraceRoundResponse'>;

/** An issue as listed: plus a readable headline (an archived round's question). */
export type ListedIssue = ApiSchema<'ListIssuesResponse'>['issues'][number];

export type TaskChanges = ApiSchema<'GetTaskChangesResponse'>;
/** One file a task would touch or touched, with its text before and after. */
export type TaskFileChange = TaskChanges['files'][number];
export type UndoOutcome = ApiSchema<'UndoTaskResponse'>;

export type ChatSessionSummary = ApiSchema<'ListChatSessionsResponse'>['sessions'][number];
export type ChatTranscriptTurn = ApiSchema<'GetChatSessionResponse'>['turns'][number];

/** A memory note with its ranking. */
export type MemoryItem = MemoryItemRecord & { reference_score: number; recency: number; score: number };

export type MemoryBucket = ApiSchema<'ListMemoryBucketsResponse'>['buckets'][number];

export type ContextPackage = ApiSchema<'ContextPackage'>;

export type RecipeSummary = ApiSchema<'ListRecipesResponse'>['recipes'][number];

/** A tool run with its receipt; `result` is the tool's own shape. */
export type ToolRun<T = Record<string, unknown>> = Omit<ApiSchema<'ToolRun'>, 'result'> & { result: T };

export type BookTimeline = ApiSchema<'BookTimeline'>;
export type TimelineChapter = BookTimeline['chapters'][number];
export type TimelineMark = TimelineChapter['marks'][number];

/** `GET /api/conversations/{id}/state`: the state rounds run in, and a change waiting for the next round. */
export type ConversationStateView = ApiSchema<'ConversationStateView'>;
/** One state's cue, as the state selector shows it. */
export type ConversationStateCue = ConversationStateView['cue'];

/** `GET /api/flags`: the feature flags in force, each with its source and variable. */
export type FeatureFlagsView = ApiSchema<'GetFeatureFlagsResponse'>;
