import { ControlRoomError } from '../../protocol/index.js';

/** The OTLP/HTTP encodings we send: the values `OTEL_EXPORTER_OTLP_PROTOCOL` may take here. */
export const OTLP_PROTOCOLS = ['http/json', 'http/protobuf'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/** Where and how rounds are exported over OTLP/HTTP. */
export interface OtlpSettings {
  /** The traces URL (`…/v1/traces`). */
  tracesUrl: string;
  /** The body's encoding: JSON unless the standard protocol variables ask for protobuf. */
  protocol: OtlpProtocol;
  /** Prompts, replies, tool arguments and results go along (scrubbed) only when this is true. */
  content: boolean;
  /** How long one export may take before it is given up (ms). */
  timeoutMs: number;
  /** `service.name` of the exported resource. */
  serviceName: string;
}

/** The collector OpenTelemetry SDKs send to when nothing else is named. */
export const DEFAULT_OTLP_TRACES_URL = 'http://localhost:4318/v1/traces';

/** Set by `--otlp <url>`: wins over the standard variables. */
export const OTLP_FLAG_ENDPOINT = 'CONTROL_ROOM_OTLP_ENDPOINT';
/** Set by `--otlp` without a URL: export to the standard variables' endpoint, or the default collector. */
export const OTLP_FLAG_ON = 'CONTROL_ROOM_OTLP';
/** Set by `--otlp-content`; the standard switch is `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT`. */
export const OTLP_FLAG_CONTENT = 'CONTROL_ROOM_OTLP_CONTENT';

const DEFAULT_TIMEOUT_MS = 5000;

type Environment = Record<string, string | undefined>;

const truthy = (value: string | undefined): boolean => ['1', 'true', 'yes', 'on'].includes((value ?? '').trim().toLowerCase());
const present = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

/** A base endpoint (`http://host:4318`) gets the traces path; a URL already ending in it is kept. */
function tracesUrlOf(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return /\/v1\/traces$/.test(trimmed) ? trimmed : `${trimmed}/v1/traces`;
}

function checkedUrl(url: string, from: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ControlRoomError('config_invalid', `${from} is not a URL: ${JSON.stringify(url)}. Give the collector's OTLP/HTTP address, e.g. http://localhost:4318.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ControlRoomError('config_invalid', `${from} must be an http:// or https:// URL (OTLP over HTTP), not ${JSON.stringify(url)}.`);
  }
  return parsed.href;
}

/**
 * `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, then `OTEL_EXPORTER_OTLP_PROTOCOL`. JSON stays the default
 * (the spec recommends protobuf, but JSON is what earlier releases sent and what a reader can see);
 * gRPC is refused by name rather than sent to a gRPC port as HTTP.
 */
function protocolOf(env: Environment): OtlpProtocol {
  for (const name of ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL']) {
    const raw = present(env[name]);
    if (raw === undefined) continue;
    const value = raw.toLowerCase();
    const known = OTLP_PROTOCOLS.find((protocol) => protocol === value);
    if (known) return known;
    const grpc = value.startsWith('grpc') ? ' For a gRPC collector, point the endpoint at its OTLP/HTTP port instead (usually 4318).' : '';
    throw new ControlRoomError('config_invalid', `${name}=${JSON.stringify(raw)} is not supported. Traces are sent over OTLP/HTTP as "http/json" (the default) or "http/protobuf"; set ${name} to one of those.${grpc}`);
  }
  return 'http/json';
}

function timeoutOf(env: Environment): number {
  const raw = present(env['OTEL_EXPORTER_OTLP_TRACES_TIMEOUT']) ?? present(env['OTEL_EXPORTER_OTLP_TIMEOUT']);
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

/**
 * Whether to export traces, and where: `--otlp <url>` first, then the standard
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (used as given) and `OTEL_EXPORTER_OTLP_ENDPOINT` (a base,
 * `/v1/traces` added), then `--otlp` alone (the default local collector). Null — nothing loaded,
 * nothing sent — when none is set, or when `OTEL_SDK_DISABLED` or `OTEL_TRACES_EXPORTER=none` says so.
 * The encoding follows the standard protocol variables (see `protocolOf`).
 */
export function otlpSettingsFrom(env: Environment): OtlpSettings | null {
  if (truthy(env['OTEL_SDK_DISABLED']) || env['OTEL_TRACES_EXPORTER']?.trim().toLowerCase() === 'none') return null;
  const flag = present(env[OTLP_FLAG_ENDPOINT]);
  const signal = present(env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']);
  const base = present(env['OTEL_EXPORTER_OTLP_ENDPOINT']);
  let tracesUrl: string;
  if (flag !== undefined) tracesUrl = checkedUrl(tracesUrlOf(flag), '--otlp');
  else if (signal !== undefined) tracesUrl = checkedUrl(signal, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  else if (base !== undefined) tracesUrl = checkedUrl(tracesUrlOf(base), 'OTEL_EXPORTER_OTLP_ENDPOINT');
  else if (truthy(env[OTLP_FLAG_ON])) tracesUrl = DEFAULT_OTLP_TRACES_URL;
  else return null;
  return {
    tracesUrl,
    protocol: protocolOf(env),
    content: truthy(env['OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT']) || truthy(env[OTLP_FLAG_CONTENT]),
    timeoutMs: timeoutOf(env),
    serviceName: present(env['OTEL_SERVICE_NAME']) ?? 'control-room',
  };
}
