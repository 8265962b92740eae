export { otlpSettingsFrom, DEFAULT_OTLP_TRACES_URL, OTLP_PROTOCOLS, OTLP_FLAG_ENDPOINT, OTLP_FLAG_ON, OTLP_FLAG_CONTENT } from './otlp-settings.js';
export type { OtlpProtocol, OtlpSettings } from './otlp-settings.js';
export { openOtlpRoundExporter, withOtlpExport } from './open-otlp-exporter.js';
export type { TraceExportOptions } from './open-otlp-exporter.js';
export type { OtlpRoundExporter, OtlpRoundExporterOptions } from './otlp-round-exporter.js';
