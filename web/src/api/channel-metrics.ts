import type { components } from './generated/openapi-types.js';

/** What `GET /api/telemetry/channels` reports: per channel (`tool|json|text`) and per model. */
export type ChannelMetrics = components['schemas']['ChannelMetrics'];
export type ChannelStats = ChannelMetrics['channels']['tool'];
