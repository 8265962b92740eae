/**
 * A loopback OpenTelemetry collector for tests: takes OTLP/HTTP on 127.0.0.1 (`/v1/traces`), as
 * JSON or as protobuf (`application/x-protobuf`), keeps every request and decodes the spans with
 * their attributes as plain values. A protobuf body is kept as its OTLP/JSON mapping (ids in hex,
 * 64-bit numbers as strings), so a test reads both encodings the same way.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';

/**
 * The messages of an OTLP trace export, from opentelemetry-proto (collector/trace/v1,
 * trace/v1, common/v1, resource/v1), less the comments and the fields no test reads; protobufjs
 * skips fields it does not know, as any proto3 reader does.
 */
const OTLP_TRACE_PROTOS = [
  `syntax = "proto3";
  package opentelemetry.proto.common.v1;
  message AnyValue {
    oneof value {
      string string_value = 1;
      bool bool_value = 2;
      int64 int_value = 3;
      double double_value = 4;
      ArrayValue array_value = 5;
      KeyValueList kvlist_value = 6;
      bytes bytes_value = 7;
    }
  }
  message ArrayValue { repeated AnyValue values = 1; }
  message KeyValueList { repeated KeyValue values = 1; }
  message KeyValue { string key = 1; AnyValue value = 2; }
  message InstrumentationScope { string name = 1; string version = 2; repeated KeyValue attributes = 3; uint32 dropped_attributes_count = 4; }`,
  `syntax = "proto3";
  package opentelemetry.proto.resource.v1;
  message Resource { repeated opentelemetry.proto.common.v1.KeyValue attributes = 1; uint32 dropped_attributes_count = 2; }`,
  `syntax = "proto3";
  package opentelemetry.proto.trace.v1;
  message ResourceSpans { opentelemetry.proto.resource.v1.Resource resource = 1; repeated ScopeSpans scope_spans = 2; string schema_url = 3; }
  message ScopeSpans { opentelemetry.proto.common.v1.InstrumentationScope scope = 1; repeated Span spans = 2; string schema_url = 3; }
  message Span {
    bytes trace_id = 1;
    bytes span_id = 2;
    string trace_state = 3;
    bytes parent_span_id = 4;
    fixed32 flags = 16;
    string name = 5;
    enum SpanKind { SPAN_KIND_UNSPECIFIED = 0; SPAN_KIND_INTERNAL = 1; SPAN_KIND_SERVER = 2; SPAN_KIND_CLIENT = 3; SPAN_KIND_PRODUCER = 4; SPAN_KIND_CONSUMER = 5; }
    SpanKind kind = 6;
    fixed64 start_time_unix_nano = 7;
    fixed64 end_time_unix_nano = 8;
    repeated opentelemetry.proto.common.v1.KeyValue attributes = 9;
    uint32 dropped_attributes_count = 10;
    message Event { fixed64 time_unix_nano = 1; string name = 2; repeated opentelemetry.proto.common.v1.KeyValue attributes = 3; uint32 dropped_attributes_count = 4; }
    repeated Event events = 11;
    uint32 dropped_events_count = 12;
    uint32 dropped_links_count = 14;
    Status status = 15;
  }
  message Status {
    string message = 2;
    enum StatusCode { STATUS_CODE_UNSET = 0; STATUS_CODE_OK = 1; STATUS_CODE_ERROR = 2; }
    StatusCode code = 3;
  }`,
  `syntax = "proto3";
  package opentelemetry.proto.collector.trace.v1;
  message ExportTraceServiceRequest { repeated opentelemetry.proto.trace.v1.ResourceSpans resource_spans = 1; }`,
];

let exportRequestType: protobuf.Type | undefined;

/** The `ExportTraceServiceRequest` type, parsed once. */
function exportRequest(): protobuf.Type {
  if (exportRequestType) return exportRequestType;
  const root = new protobuf.Root();
  for (const source of OTLP_TRACE_PROTOS) protobuf.parse(source, root);
  exportRequestType = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest');
  return exportRequestType;
}

type DecodedSpan = Record<string, unknown>;
type DecodedRequest = { resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: DecodedSpan[] }> }> };

const hexOf = (bytes: unknown): string => (bytes instanceof Uint8Array ? Buffer.from(bytes).toString('hex') : String(bytes ?? ''));

/** A protobuf export request as its OTLP/JSON mapping: camelCase fields, ids in hex, 64-bit numbers as strings. */
function decodeProtobufRequest(bytes: Buffer): DecodedRequest {
  const type = exportRequest();
  const body = type.toObject(type.decode(bytes), { longs: String, enums: Number }) as DecodedRequest;
  for (const span of (body.resourceSpans ?? []).flatMap((resource) => (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? []))) {
    for (const key of ['traceId', 'spanId', 'parentSpanId']) if (key in span) span[key] = hexOf(span[key]);
  }
  return body;
}

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean; arrayValue?: { values?: AnyValue[] } };
type KeyValue = { key: string; value: AnyValue };

export type AttributeValue = string | number | boolean | AttributeValue[] | null;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  startMs: number;
  endMs: number;
  attributes: Record<string, AttributeValue>;
  events: Array<{ name: string; timeMs: number; attributes: Record<string, AttributeValue> }>;
  status: { code: number; message?: string };
  resource: Record<string, AttributeValue>;
  scope: string;
}

export interface OtlpReceiver {
  /** Base endpoint, as `OTEL_EXPORTER_OTLP_ENDPOINT` takes it. */
  endpoint: string;
  requests: Array<{ path: string; headers: IncomingHttpHeaders; body: unknown }>;
  spans(): ReceivedSpan[];
  /** Answers the next requests with this status (e.g. 503) instead of 200. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

function valueOf(value: AnyValue | undefined): AttributeValue {
  if (!value) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(valueOf);
  return null;
}

function attributesOf(list: KeyValue[] | undefined): Record<string, AttributeValue> {
  return Object.fromEntries((list ?? []).map((entry) => [entry.key, valueOf(entry.value)]));
}

const nanosToMs = (nanos: string | number | undefined): number => Number(BigInt(String(nanos ?? 0)) / 1_000_000n);

/** Starts the receiver on a free loopback port. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const requests: OtlpReceiver['requests'] = [];
  let failure: number | null = null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const binary = (request.headers['content-type'] ?? '').startsWith('application/x-protobuf');
      let body: unknown = bytes.toString(binary ? 'base64' : 'utf8');
      try {
        body = binary ? decodeProtobufRequest(bytes) : JSON.parse(String(body));
      } catch {
        // kept as text (base64 for protobuf): a test can see what was sent
      }
      requests.push({ path: request.url ?? '/', headers: request.headers, body });
      const status = failure ?? 200;
      // An empty protobuf body is an ExportTraceServiceResponse with nothing to report.
      response.writeHead(status, { 'content-type': binary ? 'application/x-protobuf' : 'application/json' });
      response.end(binary ? '' : status === 200 ? '{"partialSuccess":{}}' : '{"code":14,"message":"unavailable"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    failWith: (status) => {
      failure = status;
    },
    spans: () =>
      requests.flatMap((request) => {
        const body = request.body as { resourceSpans?: Array<{ resource?: { attributes?: KeyValue[] }; scopeSpans?: Array<{ scope?: { name?: string }; spans?: Array<Record<string, unknown>> }> }> };
        return (body.resourceSpans ?? []).flatMap((resourceSpans) =>
          (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
            (scopeSpans.spans ?? []).map((span) => ({
              traceId: String(span['traceId']),
              spanId: String(span['spanId']),
              parentSpanId: String(span['parentSpanId'] ?? ''),
              name: String(span['name']),
              kind: Number(span['kind'] ?? 0),
              startMs: nanosToMs(span['startTimeUnixNano'] as string),
              endMs: nanosToMs(span['endTimeUnixNano'] as string),
              attributes: attributesOf(span['attributes'] as KeyValue[]),
              events: ((span['events'] as Array<{ name: string; timeUnixNano: string; attributes?: KeyValue[] }>) ?? []).map((event) => ({
                name: event.name,
                timeMs: nanosToMs(event.timeUnixNano),
                attributes: attributesOf(event.attributes),
              })),
              // Protobuf leaves out a zero code (unset), JSON may not: both read as 0.
              status: { code: 0, ...(span['status'] as { code?: number; message?: string } | undefined) },
              resource: attributesOf(resourceSpans.resource?.attributes),
              scope: scopeSpans.scope?.name ?? '',
            })),
          ),
        );
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
