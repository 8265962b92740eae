import type { ChatTurnResult } from '../core/loop/index.js';

/**
 * A finished 1:1 turn as the writer is shown it and as its transcript keeps it: one shape for the
 * HTTP answer, `control-room chat --json` and the stored turn, so a conversation started in the CLI
 * reads the same in the web app.
 */
export type ChatAnswer = {
  content: string;
  evidence: ChatTurnResult['evidence'];
  evidenceReport: ChatTurnResult['evidenceReport'];
  validation: { ok: boolean; issues: Array<{ code: string; message: string; span?: unknown }> };
  receipts: string[];
  /** Each refused tool call: its code, why, and the channel it came on (envelope, native or text). */
  rejections: Array<{ code: string; message: string; channel: string }>;
  stopHook: string | null;
  traceRoundId: string;
  sessionId: string;
  channel: string | null;
  model: string;
  usedFallback: boolean;
  retries: ChatTurnResult['retries'];
  notice: ChatTurnResult['notice'];
  stateIn: ChatTurnResult['stateIn'];
  stateOut: ChatTurnResult['stateOut'];
  audioId: string | null;
  phase: ChatTurnResult['phase'];
  plan: string[] | null;
};

/** The answer of a turn of `sessionId` (copies, so later changes to the result do not reach it). */
export function chatAnswer(result: ChatTurnResult, sessionId: string): ChatAnswer {
  return {
    content: result.content,
    evidence: result.evidence,
    evidenceReport: result.evidenceReport,
    validation: { ok: result.validation.ok, issues: result.validation.issues.map((issue) => ({ ...issue })) },
    receipts: [...result.receipts],
    rejections: result.rejections.map(({ code, message, channel }) => ({ code, message, channel })),
    stopHook: result.stopHook,
    traceRoundId: result.traceRoundId,
    sessionId,
    channel: result.channel,
    model: result.model,
    usedFallback: result.usedFallback,
    retries: result.retries,
    notice: result.notice,
    stateIn: result.stateIn,
    stateOut: result.stateOut,
    audioId: result.audioId,
    phase: result.phase,
    plan: result.plan,
  };
}
