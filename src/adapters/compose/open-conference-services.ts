import type { ConferenceDependencies, ConferenceRosterDependencies, EvidenceValidator } from '../../core/conference/index.js';
import { validateEvidence } from '../../core/evidence/index.js';
import { JsonConferenceStore } from '../json-conference-store/index.js';
import { JsonCreditsStore } from '../json-credits-store/index.js';
import { JsonTelemetryStore } from '../json-telemetry-store/index.js';
import type { ControlRoom } from './open-control-room.js';

/** The conference stores of a workspace and the dependencies of a round. */
export interface ConferenceServices {
  conferences: JsonConferenceStore;
  credits: JsonCreditsStore;
  telemetry: JsonTelemetryStore;
  /** What `runConferenceRound` needs. */
  dependencies(): ConferenceDependencies;
  /** What creating a conference and changing its roster need. */
  rosterDependencies(): ConferenceRosterDependencies;
}

/** Builds the conference, credits and telemetry stores over an opened workspace (evidence checked by `validateEvidence` unless told otherwise). */
export function openConferenceServices(room: ControlRoom, options: { validateReply?: EvidenceValidator } = {}): ConferenceServices {
  const validateReply = options.validateReply ?? validateEvidence;
  const conferences = new JsonConferenceStore(room.root);
  const credits = new JsonCreditsStore(room.root, { clock: room.clock });
  const telemetry = new JsonTelemetryStore(room.root, { clock: room.clock });
  const { validateReply: _chatValidator, ...turn } = room.turnDependencies();
  return {
    conferences,
    credits,
    telemetry,
    dependencies: () => ({
      ...turn,
      workspace: room.workspace,
      auditLog: room.auditLog,
      issues: room.issues,
      conferences,
      credits,
      telemetry,
      validateReply,
    }),
    rosterDependencies: () => ({ conferences, agents: room.agents, clock: room.clock, ids: room.ids }),
  };
}
