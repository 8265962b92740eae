/**
 * Feature flags (the thinking-router plan's cross-cutting "feature flags", and the JSON tool-calling
 * reference's text-only / tools-only switches): one typed set that gates the newer trace and write
 * paths and audio retention, and rolls the cascade back to one channel. Read from
 * `.control-room/config/flags.json` and the environment (`CONTROL_ROOM_FLAG_<NAME>`, which wins).
 */
import { z } from 'zod';

/** Which channels a `cascade` profile reads tool calls from. */
export const CASCADE_CHANNELS = [
  /** Native `tool_calls` first, then a call in the text (whole JSON, one fenced block, the model family's own format). */
  'all',
  /** Native `tool_calls` only: a call written in the text is refused (the seed's `VITE_TOOLS_ONLY`). */
  'tools-only',
  /** No native tools are offered: calls are read from the text only (the seed's `VITE_WIL_ONLY` rollback). */
  'text-only',
] as const;
export type CascadeChannels = (typeof CASCADE_CHANNELS)[number];

export const FeatureFlagsSchema = z.strictObject({
  traceRetryAttempts: z.boolean().describe('Each re-sent model call (a retry after a transient failure, or the fallback) gets its own llm.request trace event.'),
  conferenceLog: z
    .boolean()
    .describe('A markdown log per conference (.control-room/conference-logs/<id>.md) with each round’s transcript and the raw model calls.'),
  chatTelemetry: z.boolean().describe('Refused tool calls and failed evidence of 1:1 chat turns are counted in telemetry, as conference rounds are.'),
  inputFilter: z.boolean().describe('Empty, blank, symbol-only and keyboard-mash messages get a clarification without a model call.'),
  audioRetention: z.boolean().describe('Expired, unpinned audio clips are removed when the server starts and once a day while it runs.'),
  cascadeChannels: z
    .enum(CASCADE_CHANNELS)
    .describe('Where a cascade profile reads tool calls: all (native, then text), tools-only (native only), text-only (no native tools offered).'),
});
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;
export type FeatureFlagName = keyof FeatureFlags;

/** Every flag's value when neither the config file nor the environment sets it. */
export const DEFAULT_FEATURE_FLAGS: Readonly<FeatureFlags> = {
  traceRetryAttempts: true,
  conferenceLog: true,
  chatTelemetry: true,
  inputFilter: true,
  audioRetention: true,
  cascadeChannels: 'all',
};

/** Where the workspace's flags live. */
export const FEATURE_FLAGS_FILE = '.control-room/config/flags.json';
export const FEATURE_FLAGS_SCHEMA_VERSION = 1;

/** `.control-room/config/flags.json`: any subset of the flags. */
export const FeatureFlagsFileSchema = z.strictObject({
  schema_version: z.literal(FEATURE_FLAGS_SCHEMA_VERSION),
  flags: FeatureFlagsSchema.partial(),
});
export type FeatureFlagsFile = z.infer<typeof FeatureFlagsFileSchema>;

/** The environment variable of a flag: `traceRetryAttempts` → `CONTROL_ROOM_FLAG_TRACE_RETRY_ATTEMPTS`. */
export function featureFlagEnvName(name: FeatureFlagName): string {
  return `CONTROL_ROOM_FLAG_${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
}

/** Where a flag's value came from. */
export type FeatureFlagSource = 'default' | 'config' | 'environment';

/** The flags in force, with each one's source. */
export interface ResolvedFeatureFlags {
  flags: FeatureFlags;
  sources: Record<FeatureFlagName, FeatureFlagSource>;
}
