import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError, type ConferenceRoundResult } from '../../protocol/index.js';
import type { TraceStore } from '../../core/ports/index.js';
import { renderConferenceLogRound } from '../../core/conference/index.js';
import { appendLine } from '../fs-store/index.js';

/** One Markdown log per conference: `.control-room/conference-logs/<conferenceId>.md`. */
export const CONFERENCE_LOGS_FOLDER = '.control-room/conference-logs';
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The log file of a conference (its id must name a file). */
export function conferenceLogPath(root: string, conferenceId: string): string {
  if (!SAFE_ID.test(conferenceId)) throw new ControlRoomError('invalid_request', `The conference id ${JSON.stringify(conferenceId)} cannot name a log file.`);
  return path.join(root, ...CONFERENCE_LOGS_FOLDER.split('/'), `${conferenceId}.md`);
}

/**
 * Appends a finished round to its conference's Markdown log (the transcript with the round's model
 * calls raw, read from its trace), scrubbed as all app data. A log that cannot be written never
 * costs the round: the trace and the transcript keep it all.
 */
export async function appendConferenceLog(root: string, result: ConferenceRoundResult, deps: { traces: TraceStore; nowIso: string }): Promise<void> {
  try {
    const file = conferenceLogPath(root, result.conferenceId);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const fresh = await fs.stat(file).then(
      () => false,
      () => true,
    );
    const heading = fresh ? `# Conference ${result.conferenceId}\n\n` : '';
    const trace = await deps.traces.getRound(result.traceRoundId).catch(() => null);
    await appendLine(file, `${heading}${renderConferenceLogRound(result, trace, deps.nowIso)}`);
  } catch {
    // The round has been answered and is in its transcript and trace; the log is a convenience.
  }
}
