import { ControlRoomError } from '../../protocol/index.js';
import { AUDIO_RETENTION_ENV, DEFAULT_AUDIO_RETENTION_DAYS, type AudioArtifact } from '../../protocol/audio.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The retention of new clips, in days, from `AUDIO_RETENTION_DAYS` (default 30; 0 keeps a clip only until the next cleanup). */
export function retentionDaysFrom(env: Record<string, string | undefined>): number {
  const raw = env[AUDIO_RETENTION_ENV]?.trim();
  if (raw === undefined || raw === '') return DEFAULT_AUDIO_RETENTION_DAYS;
  if (!/^\d{1,5}$/.test(raw)) {
    throw new ControlRoomError('audio_config_invalid', `${AUDIO_RETENTION_ENV} must be a whole number of days (e.g. 30), not ${JSON.stringify(raw)}.`, {
      fault: 'user',
    });
  }
  return Number(raw);
}

/** The ISO-8601 duration stored as `retention_ttl`. */
export function retentionTtl(days: number): string {
  return `P${days}D`;
}

/** True when the clip's retention has passed at `nowMs`. */
export function isExpired(artifact: Pick<AudioArtifact, 'expires_at'>, nowMs: number): boolean {
  return Date.parse(artifact.expires_at) <= nowMs;
}
