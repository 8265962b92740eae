/**
 * A loopback OpenTelemetry collector for tests: takes OTLP/HTTP JSON on 127.0.0.1 (`/v1/traces`),
 * keeps every request and decodes the spans with their attributes as plain values.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

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
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: a test can see what was sent
      }
      requests.push({ path: request.url ?? '/', headers: request.headers, body });
      const status = failure ?? 200;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 200 ? '{"partialSuccess":{}}' : '{"code":14,"message":"unavailable"}');
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
              kind: Number(span['kind']),
              startMs: nanosToMs(span['startTimeUnixNano'] as string),
              endMs: nanosToMs(span['endTimeUnixNano'] as string),
              attributes: attributesOf(span['attributes'] as KeyValue[]),
              events: ((span['events'] as Array<{ name: string; timeUnixNano: string; attributes?: KeyValue[] }>) ?? []).map((event) => ({
                name: event.name,
                timeMs: nanosToMs(event.timeUnixNano),
                attributes: attributesOf(event.attributes),
              })),
              status: (span['status'] as { code: number; message?: string }) ?? { code: 0 },
              resource: attributesOf(resourceSpans.resource?.attributes),
              scope: scopeSpans.scope?.name ?? '',
            })),
          ),
        );
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
