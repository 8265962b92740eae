/**
 * Audio artifacts (SPEC §9, thinking-router plan §5): a clip uploaded with a chat turn is kept
 * under `.control-room/audio/<audio_id>.<ext>` beside a metadata file, linked to its trace round
 * through `audio_id`, and removed by a cleanup once its retention has passed — unless pinned.
 */
import { z } from 'zod';

export const AUDIO_SCHEMA_VERSION = 1;

/** Uploads larger than this are refused (about 25 minutes of 16 kHz mono PCM). */
export const AUDIO_MAX_BYTES = 25 * 1024 * 1024;
/** Days a clip is kept when `AUDIO_RETENTION_DAYS` is not set. */
export const DEFAULT_AUDIO_RETENTION_DAYS = 30;
/** The environment variable that sets the retention of new clips, in days. */
export const AUDIO_RETENTION_ENV = 'AUDIO_RETENTION_DAYS';

/** Codes of audio failures (thrown as `ControlRoomError`; the first four are the person's to fix). */
export const AUDIO_ERROR_CODES = [
  /** The upload is empty. */
  'audio_empty',
  /** The upload is larger than the limit. */
  'audio_too_large',
  /** The bytes are not a container we recognise as audio (WAV, Ogg, FLAC, MP3, WebM, MP4/M4A). */
  'audio_not_audio',
  /** The container is recognised but its header is broken (e.g. a WAV without a fmt chunk). */
  'audio_malformed',
  /** No clip with that id. */
  'audio_not_found',
  /** `AUDIO_RETENTION_DAYS` is not a positive number. */
  'audio_config_invalid',
  /** A metadata file cannot be read (fault: system). */
  'audio_store_corrupt',
] as const;
export type AudioErrorCode = (typeof AUDIO_ERROR_CODES)[number];

export const AudioContainerSchema = z.enum(['wav', 'ogg', 'flac', 'mp3', 'webm', 'mp4']);
export type AudioContainer = z.infer<typeof AudioContainerSchema>;

/** What sniffing the first bytes of a clip tells us; unknown values are null rather than guessed. */
export interface AudioFormat {
  container: AudioContainer;
  /** e.g. `pcm_s16le`, `pcm_f32le`, `alaw`, `mulaw`, `opus`, `vorbis`, `flac`, `mp3`, `aac`. */
  codec: string;
  mime_type: string;
  /** File extension used for storage, without the dot. */
  extension: string;
  sample_rate: number | null;
  channels: number | null;
  duration_ms: number | null;
  /** Up to 32 RMS levels (0–1) across the clip, for a waveform preview; PCM WAV only. */
  rms_preview: number[] | null;
}

/** The plan's AudioArtifact, as stored in `.control-room/audio/<audio_id>.json`. */
export const AudioArtifactSchema = z.strictObject({
  schema_version: z.number().int().min(1),
  /** UUIDv7. */
  audio_id: z.string().min(1),
  /** Workspace-relative path of the clip, e.g. `.control-room/audio/<audio_id>.wav`. */
  path: z.string().min(1),
  /** sha256 (hex) of the stored bytes. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size_bytes: z.number().int().min(1),
  container: AudioContainerSchema,
  codec: z.string().min(1),
  mime_type: z.string().min(1),
  sample_rate: z.number().int().positive().nullable(),
  channels: z.number().int().positive().nullable(),
  duration_ms: z.number().int().min(0).nullable(),
  rms_preview: z.array(z.number().min(0).max(1)).nullable(),
  created_at: z.string(),
  /** ISO-8601 duration the clip is kept for, in whole days (`P30D`). */
  retention_ttl: z.string().regex(/^P\d+D$/),
  /** `created_at` plus the retention: after this a cleanup removes the clip unless it is pinned. */
  expires_at: z.string(),
  /** Pinned clips are never removed by a cleanup. */
  pinned: z.boolean(),
  /** The trace round the clip was uploaded with, when known (the round also records this `audio_id`). */
  round_id: z.string().min(1).nullable(),
});
export type AudioArtifact = z.infer<typeof AudioArtifactSchema>;

/** What a cleanup removed (or, on a dry run, would remove) and what it kept. */
export interface AudioPruneReport {
  dry_run: boolean;
  /** When the cleanup judged expiry. */
  now: string;
  removed: Array<{ audio_id: string; path: string; size_bytes: number; expires_at: string }>;
  /** Clips past their expiry kept because they are pinned. */
  kept_pinned: string[];
  /** Clips not yet expired. */
  kept_unexpired: number;
  freed_bytes: number;
}
