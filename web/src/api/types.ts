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
