import { describe, expect, it } from 'vitest';
import { DEFAULT_OTLP_TRACES_URL, otlpSettingsFrom } from './otlp-settings.js';

describe('otlpSettingsFrom', () => {
  it('exports nothing unless an endpoint or the flag says so', () => {
    expect(otlpSettingsFrom({})).toBeNull();
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBeNull();
    expect(otlpSettingsFrom({ CONTROL_ROOM_OTLP: '1' })?.tracesUrl).toBe(DEFAULT_OTLP_TRACES_URL);
  });

  it('adds /v1/traces to a base endpoint, keeps a signal endpoint as given, and lets --otlp win', () => {
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' })?.tracesUrl).toBe('http://127.0.0.1:4318/v1/traces');
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example/otel' })?.tracesUrl).toBe('https://collector.example/otel/v1/traces');
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:9999/custom' })?.tracesUrl).toBe('http://b:9999/custom');
    expect(otlpSettingsFrom({ CONTROL_ROOM_OTLP_ENDPOINT: 'http://c:4318/v1/traces', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:9999/custom' })?.tracesUrl).toBe('http://c:4318/v1/traces');
  });

  it('is switched off by OTEL_SDK_DISABLED and OTEL_TRACES_EXPORTER=none', () => {
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_SDK_DISABLED: 'true' })).toBeNull();
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeNull();
  });

  it('sends content only when it is explicitly switched on', () => {
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318' })?.content).toBe(false);
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'false' })?.content).toBe(false);
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true' })?.content).toBe(true);
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', CONTROL_ROOM_OTLP_CONTENT: '1' })?.content).toBe(true);
  });

  it('refuses what is not an http(s) URL with config_invalid, naming where it came from', () => {
    expect(() => otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'localhost:4317' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT must be an http/);
    expect(() => otlpSettingsFrom({ CONTROL_ROOM_OTLP_ENDPOINT: 'not a url' })).toThrow(expect.objectContaining({ code: 'config_invalid', message: expect.stringContaining('--otlp') }));
    expect(() => otlpSettingsFrom({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://x:4317' })).toThrow(/http/);
  });

  it('takes the export timeout and service name from the standard variables', () => {
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TIMEOUT: '1200', OTEL_SERVICE_NAME: 'my-room' })).toMatchObject({ timeoutMs: 1200, serviceName: 'my-room' });
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TIMEOUT: 'soon' })).toMatchObject({ timeoutMs: 5000, serviceName: 'control-room' });
  });

  it('sends JSON unless the protocol variables ask for protobuf, the traces one first', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318' };
    expect(otlpSettingsFrom(endpoint)?.protocol).toBe('http/json');
    expect(otlpSettingsFrom({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: ' ' })?.protocol).toBe('http/json');
    expect(otlpSettingsFrom({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' })?.protocol).toBe('http/protobuf');
    expect(otlpSettingsFrom({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'HTTP/JSON' })?.protocol).toBe('http/json');
    expect(otlpSettingsFrom({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' })?.protocol).toBe('http/protobuf');
    expect(otlpSettingsFrom({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' })?.protocol).toBe('http/json');
    expect(otlpSettingsFrom({ CONTROL_ROOM_OTLP: '1', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' })?.protocol).toBe('http/protobuf');
  });

  it('refuses grpc and unknown protocols with config_invalid, naming the variable and the values it takes', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318' };
    expect(() => otlpSettingsFrom({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      expect.objectContaining({ code: 'config_invalid', message: expect.stringMatching(/^OTEL_EXPORTER_OTLP_PROTOCOL="grpc" is not supported.*"http\/json".*"http\/protobuf".*OTLP\/HTTP port/) }),
    );
    expect(() => otlpSettingsFrom({ ...endpoint, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/xml' })).toThrow(/^OTEL_EXPORTER_OTLP_TRACES_PROTOCOL="http\/xml" is not supported/);
    // Nothing is checked while export is off: a variable meant for other programs stops nothing.
    expect(otlpSettingsFrom({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toBeNull();
  });
});
