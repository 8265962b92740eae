import type { ControlRoom } from '../adapters/compose/index.js';
import type { DiscoverOptions, DiscoveredServer } from '../adapters/model-servers/index.js';
import type { AllowedHosts } from './allowed-hosts.js';
import type { ConferenceStore, EvidenceValidator } from '../core/conference/index.js';
import type { CreditsStore } from '../core/credits/index.js';
import type { TelemetryStore } from '../core/telemetry/index.js';
import type { ConferenceTranscripts } from './conference-transcripts.js';
import type { RetentionSchedule } from '../core/audio/index.js';
import type { ImportUploadLimits } from './routes/import-upload.js';

/** Whether agents talk to a real model server or to the offline demo model. */
export type ServerMode = 'live' | 'demo';

/** What `/api/health` says about the model behind the agents. */
export interface ModelStatus {
  reachable: boolean;
  baseUrl: string;
  model: string;
  message?: string;
}

/** The conference stores and the evidence check, built once per workspace beside the room. */
export interface ServerConferenceServices {
  conferences: ConferenceStore;
  credits: CreditsStore;
  telemetry: TelemetryStore;
  validateReply: EvidenceValidator;
  /** Every round's result per conference, for the continuous chat after a reload. */
  transcripts: ConferenceTranscripts;
}

/** Everything `createApp` needs: one opened workspace plus how the server was started. */
export interface ServerDependencies {
  room: ControlRoom;
  conference: ServerConferenceServices;
  mode: ServerMode;
  model: ModelStatus;
  /** The package version shown by `/api/health`. */
  version: string;
  /** The Host and Origin names served (default: the loopback names on any port, for in-memory apps). */
  allowedHosts?: AllowedHosts;
  /** When set, every `/api` request must carry `Authorization: Bearer <token>` (remote binding). */
  token?: string | null;
  /** Folder of the built web app; null or missing serves a page that says how to build it. */
  webRoot?: string | null;
  /** Show stacks in error bodies (default: NODE_ENV is `development`). */
  development?: boolean;
  /** Checks whether a model server answers, for the settings screen (default: a short probe). */
  probe?: (baseUrl: string, apiKey: string | null) => Promise<boolean>;
  /** Finds model servers for `GET /api/models` (default: the configured ones and the usual local ports). */
  discoverServers?: (options: DiscoverOptions) => Promise<DiscoveredServer[]>;
  /** Request body limit in bytes (default 1 MiB). */
  bodyLimitBytes?: number;
  /** Limits of one upload to import (default 128 MiB in at most 5000 files) and where uploads are staged (default: the system's temporary folder). */
  imports?: { limits?: Partial<ImportUploadLimits>; tempDir?: string };
  /** The audio cleanup running while the server does (none when the audioRetention flag is off). */
  audioRetention?: RetentionSchedule | null;
}
