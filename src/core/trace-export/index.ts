export { planRoundSpans } from './plan-round-spans.js';
export type { PlannedSpan, PlannedSpanEvent, PlanSpansOptions, SpanAttributes, SpanAttributeValue } from './plan-round-spans.js';
export { ExportingTraceStore } from './exporting-trace-store.js';
export type { RoundSink } from './exporting-trace-store.js';
export { scrubRound } from './scrub-round.js';
export { GEN_AI, GEN_AI_OPERATION, GEN_AI_EVALUATION_EVENT, DEFAULT_PROVIDER } from './genai-attributes.js';
