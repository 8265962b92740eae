import { OTLP_FLAG_CONTENT, OTLP_FLAG_ENDPOINT, OTLP_FLAG_ON } from '../adapters/otlp-trace-export/otlp-settings.js';

/** The program-wide flags of trace export. */
export interface OtlpFlags {
  /** `--otlp` alone is true; `--otlp <url>` names the collector. */
  otlp?: string | boolean;
  otlpContent?: boolean;
}

/**
 * Carries `--otlp` and `--otlp-content` into the environment every command opens the workspace
 * with, where they win over the standard OpenTelemetry variables.
 */
export function applyOtlpFlags(flags: OtlpFlags, env: Record<string, string | undefined> = process.env): void {
  if (typeof flags.otlp === 'string') env[OTLP_FLAG_ENDPOINT] = flags.otlp;
  else if (flags.otlp === true) env[OTLP_FLAG_ON] = '1';
  if (flags.otlpContent) env[OTLP_FLAG_CONTENT] = '1';
}

/** True when this run asked for trace export on the command line. */
export function otlpAsked(flags: OtlpFlags): boolean {
  return flags.otlp !== undefined && flags.otlp !== false;
}
