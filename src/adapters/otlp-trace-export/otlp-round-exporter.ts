/**
 * The OpenTelemetry SDK side of the export. Loaded only when export is switched on (see
 * `open-otlp-exporter.ts`), so the other commands never pay for it.
 */
import { createHash } from 'node:crypto';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOnSampler, BatchSpanProcessor, TracerProvider, type IdGenerator, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { TracedRound } from '../../protocol/index.js';
import type { SecretScrubber } from '../../core/secrets/index.js';
import { planRoundSpans, scrubRound, type PlannedSpan } from '../../core/trace-export/index.js';
import type { OtlpSettings } from './otlp-settings.js';

/** `ExportResultCode.SUCCESS` of `@opentelemetry/core`. */
const EXPORT_SUCCESS = 0;

export interface OtlpRoundExporterOptions {
  settings: OtlpSettings;
  scrubber: SecretScrubber;
  /** The package version, as `service.version`. */
  version: string;
  /** Told once per failed export (a collector down, a refused request); the turn goes on. */
  onExportError?: (error: Error) => void;
}

/** What a round exporter can do: export rounds, wait for them to be sent, and stop. */
export interface OtlpRoundExporter {
  /** Sends a round's spans (at once, unless `flush: false` leaves them queued) and resolves with how many there were. */
  exportRound(traced: TracedRound, options?: { flush?: boolean }): Promise<number>;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const KINDS = { internal: SpanKind.INTERNAL, client: SpanKind.CLIENT, server: SpanKind.SERVER } as const;

function hex(text: string, length: number): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, length);
}

/** The trace id of a round: its UUIDv7 in hex, so a collector shows the id `traces show` takes. */
export function traceIdOf(roundId: string): string {
  const plain = roundId.replace(/-/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(plain) && !/^0+$/.test(plain) ? plain : hex(`trace:${roundId}`, 32);
}

/** A span's id, derived from its round and its key, so a replay sends the spans the live export sent. */
export function spanIdOf(roundId: string, key: string): string {
  const id = hex(`span:${roundId}:${key}`, 16);
  return /^0+$/.test(id) ? '0000000000000001' : id;
}

/** Hands out the ids set just before a span starts (the SDK asks for them synchronously in `startSpan`). */
class PresetIds implements IdGenerator {
  traceId = '';
  spanId = '';
  generateTraceId(): string {
    return this.traceId;
  }
  generateSpanId(): string {
    return this.spanId;
  }
}

/** Passes export results through, telling `onError` about failures. */
function reportingExporter(inner: SpanExporter, onError: (error: Error) => void): SpanExporter {
  return {
    export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
      inner.export(spans, (result) => {
        if (result.code !== EXPORT_SUCCESS) onError(result.error ?? new Error('the collector refused the spans'));
        done(result);
      });
    },
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}

/** The SDK's OTLP/HTTP exporter for the chosen encoding. */
function transportExporter(settings: OtlpSettings): SpanExporter {
  const config = { url: settings.tracesUrl, timeoutMillis: settings.timeoutMs };
  return settings.protocol === 'http/protobuf' ? new ProtobufTraceExporter(config) : new JsonTraceExporter(config);
}

/** Rounds → OTLP/HTTP (JSON or protobuf) through the OpenTelemetry JS SDK, one flush per round. */
export function createOtlpRoundExporter(options: OtlpRoundExporterOptions): OtlpRoundExporter {
  const { settings } = options;
  const onError = options.onExportError ?? (() => undefined);
  const ids = new PresetIds();
  const exporter = transportExporter(settings);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName, [ATTR_SERVICE_VERSION]: options.version }),
    idGenerator: ids,
    sampler: new AlwaysOnSampler(),
    spanProcessors: [new BatchSpanProcessor({ exporter: reportingExporter(exporter, onError), exportTimeoutMillis: settings.timeoutMs })],
  });
  const tracer = provider.getTracer('control-room', options.version);

  const start = (roundId: string, planned: PlannedSpan, parent: Span | undefined): Span => {
    ids.traceId = traceIdOf(roundId);
    ids.spanId = spanIdOf(roundId, planned.key);
    const context = parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
    const span = tracer.startSpan(planned.name, { kind: KINDS[planned.kind], startTime: planned.startMs, attributes: planned.attributes }, context);
    for (const event of planned.events) span.addEvent(event.name, event.attributes, event.timeMs);
    if (planned.status.code === 'error') span.setStatus({ code: SpanStatusCode.ERROR, ...(planned.status.message ? { message: planned.status.message } : {}) });
    return span;
  };

  // A failed export is reported, never thrown: the store keeps the round, and the turn goes on.
  const flush = (): Promise<void> => provider.forceFlush().catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))));

  return {
    async exportRound(traced, exportOptions = {}) {
      const round = settings.content ? await scrubRound(traced, options.scrubber) : traced;
      const planned = planRoundSpans(round, { content: settings.content });
      const roundId = traced.round.round_id;
      const [rootPlan, ...children] = planned;
      if (!rootPlan) return 0;
      const root = start(roundId, rootPlan, undefined);
      for (const child of children) start(roundId, child, root).end(Math.max(child.endMs, child.startMs));
      root.end(Math.max(rootPlan.endMs, rootPlan.startMs));
      if (exportOptions.flush ?? true) await flush();
      return planned.length;
    },
    flush,
    shutdown: () => provider.shutdown().catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error)))),
  };
}
