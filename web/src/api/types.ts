/**
 * The HTTP API's shapes as the web app reads them: aliases of the types generated from the
 * server's OpenAPI document (`npm run api:types`). A shape the document describes too loosely is
 * mended in the route's schema, not here (api-shapes.test.ts keeps it so).
 */
import type { components } from './generated/openapi-types.js';
import type { RequestBody, ResponseBody } from './api-body.js';

/** A named schema of the OpenAPI document. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type Health = ApiSchema<'Health'>;

export type Agent = ApiSchema<'Agent'>;

/** The events of a streamed chat turn and conference round (`{event, data}`), as the document lists them. */
export type ChatStreamEvent = ApiSchema<'ChatStreamEvent'>;
export type ConferenceRoundStreamEvent = ApiSchema<'ConferenceRoundStreamEvent'>;

/** The payload of one named event of a stream. */
export type StreamEventData<Events, Name extends string> = Events extends { event: Name; data: infer Data } ? Data : never;

/**
 * A conference. `transcript` (every round so far, so the chat can be rebuilt after a reload) comes
 * with a GET only, and the screens treat a missing `muted` as none: both are optional here.
 */
export type Conference = Partial<Pick<ApiSchema<'ConferenceWithTranscript'>, 'muted' | 'transcript'>> &
  Omit<ApiSchema<'ConferenceWithTranscript'>, 'muted' | 'transcript'>;
export type CardState = ApiSchema<'Conference'>['cards'][string];

export type ConferenceRoundResult = ApiSchema<'ConferenceRoundResult'>;
export type ConferenceEntry = ApiSchema<'ConferenceEntry'>;
/** A phase-2 entry as streamed: the entry plus the agent's card state after it. */
export type StreamedEntry = StreamEventData<ConferenceRoundStreamEvent, 'entry'>;

export type ChatResult = ApiSchema<'ChatResult'>;
export type ChatIssue = ChatResult['validation']['issues'][number];
export type EvidenceReport = NonNullable<ChatResult['evidenceReport']>;

export type ModelSettings = ApiSchema<'ModelSettings'>;
export type ModelSetting = ModelSettings['agents'][number];
export type ModelSettingsUpdate = ApiSchema<'ModelSettingsUpdate'>;

export type VfsTree = ApiSchema<'GetVfsTreeResponse'>;
export type VfsNode = ApiSchema<'VfsNode'>;
export type VfsFileContent = ApiSchema<'VfsFile'>;

export type VerifiedReceipt = ApiSchema<'VerifiedReceipt'>;
export type ToolReceipt = Omit<VerifiedReceipt, 'verified'>;
export type AuditVerifyReport = ApiSchema<'VerifyAuditResponse'>;
export type AuditKeyInfo = ApiSchema<'GetAuditKeyResponse'>;

export type IssueDetail = ApiSchema<'GetIssueResponse'>;
export type Issue = IssueDetail['issue'];
/** An issue as listed: plus a readable headline (an archived round's question). */
export type ListedIssue = ApiSchema<'ListIssuesResponse'>['issues'][number];

/** Telemetry counts by bucket, in total and per session, agent and conference. */
export type Telemetry = ApiSchema<'Telemetry'>;

export type TraceRound = ApiSchema<'GetTraceRoundResponse'>;
export type RoundEvent = TraceRound['events'][number];
export type RoundHeader = ApiSchema<'ListTraceRoundsResponse'>['rounds'][number];

export type TaskOutcome = ApiSchema<'TaskOutcome'>;
export type TaskRecord = ApiSchema<'TaskRecord'>;
export type TaskStatus = TaskRecord['status'];
export type Envelope = TaskRecord['batch'][number];
export type TaskChanges = ApiSchema<'GetTaskChangesResponse'>;
/** One file a task would touch or touched, with its text before and after. */
export type TaskFileChange = TaskChanges['files'][number];
export type UndoOutcome = ApiSchema<'UndoTaskResponse'>;
export type ConfirmationListing = ApiSchema<'ListConfirmationsResponse'>['confirmations'][number];

export type ChatSessionSummary = ApiSchema<'ListChatSessionsResponse'>['sessions'][number];
export type ChatTranscriptTurn = ApiSchema<'GetChatSessionResponse'>['turns'][number];

/** A memory note with its ranking. */
export type MemoryItem = ApiSchema<'SearchMemoryResponse'>['hits'][number]['item'];
export type MemoryBucket = ApiSchema<'ListMemoryBucketsResponse'>['buckets'][number];
export type ContextPackage = ApiSchema<'ContextPackage'>;

export type CanonIndexStatus = ApiSchema<'CanonIndexStatus'>;
export type CanonFact = ApiSchema<'ListCanonFactsResponse'>['facts'][number];

export type RecipeSummary = ApiSchema<'ListRecipesResponse'>['recipes'][number];
export type RunRecord = ApiSchema<'ListRunsResponse'>['runs'][number];
export type RunStepEntry = ApiSchema<'ListRunStepsResponse'>['steps'][number];

export type AudioArtifact = ApiSchema<'ListAudioClipsResponse'>['clips'][number];

/** A tool run with its receipt; `result` is the tool's own shape, which the caller names. */
export type ToolRun<Result = Record<string, unknown>> = Omit<ApiSchema<'ToolRun'>, 'result'> & { result: Result };

export type BookTimeline = ApiSchema<'BookTimeline'>;
export type TimelineChapter = BookTimeline['chapters'][number];
export type TimelineMark = TimelineChapter['marks'][number];

/** `GET /api/conversations/{id}/state`: the state rounds run in, and a change waiting for the next round. */
export type ConversationStateView = ApiSchema<'ConversationStateView'>;
export type ConversationState = ConversationStateView['state'];
/** One state's cue, as the state selector shows it. */
export type ConversationStateCue = ConversationStateView['cue'];

/** `GET /api/flags`: the feature flags in force, each with its source and variable. */
export type FeatureFlagsView = ApiSchema<'GetFeatureFlagsResponse'>;

/** `POST /api/chat/sessions/{id}/issue`: the issue filed from a chat session. */
export type ChatIssueCreated = ResponseBody<'/api/chat/sessions/{id}/issue', 'post'>;

/** What the chat screen sends of a turn (the client adds `stream`). */
export type ChatRequest = Pick<RequestBody<'/api/ai/chat', 'post'>, 'message' | 'agentId' | 'sessionId'>;
