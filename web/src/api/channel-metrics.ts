/** What `GET /api/telemetry/channels` reports for one channel (`tool|json|text`) or one model. */
export interface ChannelStats {
  accepted: number;
  rejected: number;
  successRate: number | null;
  jsonParseErrors: number;
  fallbacks: number;
  fallbackRate: number | null;
  retries: number;
  replies: number;
  latencyMs: { p50: number | null; p95: number | null; p99: number | null };
}

export interface ChannelMetrics {
  rounds: number;
  channels: { tool: ChannelStats; json: ChannelStats; text: ChannelStats };
  models: Record<string, ChannelStats>;
}
