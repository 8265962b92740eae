export { DevTools } from './dev-tools.js';
export type { DevToolsFocus, DevToolsSection } from './dev-tools.js';
export { ReceiptsViewer } from './receipts-viewer.js';
export { TelemetryView } from './telemetry-view.js';
export { TraceView } from './trace-view.js';
