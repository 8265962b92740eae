export { JsonTelemetryStore, TELEMETRY_DIR } from './json-telemetry-store.js';
