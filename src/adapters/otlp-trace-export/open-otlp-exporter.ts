import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TraceStore } from '../../core/ports/index.js';
import type { SecretScrubber } from '../../core/secrets/index.js';
import { ExportingTraceStore } from '../../core/trace-export/index.js';
import type { OtlpRoundExporter, OtlpRoundExporterOptions } from './otlp-round-exporter.js';
import { otlpSettingsFrom } from './otlp-settings.js';
import { packageRoot } from '../fs-store/index.js';

/** The installed package's version, for `service.version`. */
function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * Loads the OpenTelemetry SDK and builds a round exporter. The import is dynamic: the SDK is
 * loaded only by a process that exports, so every other command starts as fast as before.
 */
export async function openOtlpRoundExporter(options: OtlpRoundExporterOptions): Promise<OtlpRoundExporter> {
  const { createOtlpRoundExporter } = await import('./otlp-round-exporter.js');
  return createOtlpRoundExporter(options);
}

export interface TraceExportOptions {
  env: Record<string, string | undefined>;
  scrubber: SecretScrubber;
  /** `service.version` (default: the installed package's). */
  version?: string;
  /** Told once, the first time an export fails. */
  warn?: (message: string) => void;
}

/**
 * The trace store as it is, or — when OTLP export is switched on (`--otlp`,
 * `OTEL_EXPORTER_OTLP_ENDPOINT`) — a store that also sends each finished round to the collector.
 */
export async function withOtlpExport(traces: TraceStore, options: TraceExportOptions): Promise<TraceStore> {
  const settings = otlpSettingsFrom(options.env);
  if (settings === null) return traces;
  let warned = false;
  const warnOnce = (error: unknown): void => {
    if (warned) return;
    warned = true;
    options.warn?.(`Could not send traces to ${settings.tracesUrl} (${error instanceof Error ? error.message : String(error)}); they stay in traces.db, and "control-room traces export --otlp" can send them later.`);
  };
  const exporter = await openOtlpRoundExporter({ settings, scrubber: options.scrubber, version: options.version ?? packageVersion(), onExportError: warnOnce });
  return new ExportingTraceStore(traces, exporter, warnOnce);
}
