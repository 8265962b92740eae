import { ControlRoomError } from '../../protocol/index.js';
import { openOtlpRoundExporter, otlpSettingsFrom, type OtlpProtocol } from '../../adapters/otlp-trace-export/index.js';
import { processScrubber } from '../../adapters/secretlint-scanner/index.js';
import { withExistingTraceStore } from '../../adapters/sqlite-trace-store/index.js';
import type { CliIo } from '../io.js';

/** Rounds sent between two flushes: the SDK's queue holds 2048 spans, and a round has a few dozen at most. */
const ROUNDS_PER_FLUSH = 25;
const PROGRESS_EVERY = 500;

/** What `traces export --otlp` reports. */
export interface OtlpReplaySummary {
  rounds: number;
  spans: number;
  endpoint: string;
  /** The encoding sent, from the standard protocol variables as for the live export. */
  protocol: OtlpProtocol;
  content: boolean;
}

/**
 * Replays every stored round to an OpenTelemetry collector: the spans the live export would have
 * sent (same trace and span ids, same times, from the same events), encoded as the standard
 * protocol variables say, as the live export is. traces.db is the source of truth, so this also
 * fills a collector that was down or added later. Fails with
 * `trace_export_failed` when the collector refused or could not be reached.
 */
export async function replayTracesToOtlp(root: string, io: CliIo, version: string): Promise<OtlpReplaySummary> {
  const settings = otlpSettingsFrom(process.env);
  if (settings === null) {
    throw new ControlRoomError('usage_error', 'No collector to send to: pass --otlp <url> (e.g. http://localhost:4318), or set OTEL_EXPORTER_OTLP_ENDPOINT. OTEL_SDK_DISABLED turns export off.');
  }
  const failures: string[] = [];
  const exporter = await openOtlpRoundExporter({
    settings,
    scrubber: processScrubber(),
    version,
    onExportError: (error) => failures.push(error.message),
  });
  let rounds = 0;
  let spans = 0;
  try {
    await withExistingTraceStore(root, async (store) => {
      if (store === null) return;
      for await (const traced of store.exportRounds()) {
        spans += await exporter.exportRound(traced, { flush: false });
        rounds += 1;
        if (rounds % ROUNDS_PER_FLUSH === 0) await exporter.flush();
        if (rounds % PROGRESS_EVERY === 0) io.stderr(`sent ${rounds} rounds…\n`);
      }
    });
    await exporter.flush();
  } finally {
    await exporter.shutdown();
  }
  if (failures.length > 0) {
    throw new ControlRoomError('trace_export_failed', `The collector at ${settings.tracesUrl} did not take the traces (${failures[0]}). They are still in traces.db; run this again once it is reachable.`, { fault: 'system' });
  }
  return { rounds, spans, endpoint: settings.tracesUrl, protocol: settings.protocol, content: settings.content };
}
