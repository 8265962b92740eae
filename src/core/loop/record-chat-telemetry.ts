import { telemetryHits, type TelemetryStore } from '../telemetry/index.js';

export interface ChatTelemetry {
  sessionId: string;
  conferenceId: string | null;
  agentId: string;
  /** The codes of the tool calls the turn refused, one per refused reply. */
  rejections: readonly { code: string }[];
  /** The issue codes of each evidence check that failed (a failure and its failed retry are two). */
  failedChecks: readonly (readonly string[])[];
}

/**
 * Counts a 1:1 turn's failed replies in the rejection telemetry, as a conference round counts its
 * own: each refused tool call once, each failed evidence check once per bucket it falls in. The
 * count must never cost the writer the answer, so a store that cannot be written is ignored.
 */
export async function recordChatTelemetry(store: Pick<TelemetryStore, 'record'> | undefined, turn: ChatTelemetry): Promise<void> {
  if (!store) return;
  const hits = [
    ...turn.rejections.flatMap((rejection) => telemetryHits(turn.agentId, [rejection.code])),
    ...turn.failedChecks.flatMap((codes) => telemetryHits(turn.agentId, codes)),
  ];
  if (hits.length === 0) return;
  await store.record({ sessionId: turn.sessionId, conferenceId: turn.conferenceId, hits }).catch(() => undefined);
}
