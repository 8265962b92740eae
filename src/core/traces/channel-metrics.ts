import type { RoundEvent, ToolChannel } from '../../protocol/index.js';

/** Latency percentiles in milliseconds (null when nothing was measured). */
export interface LatencyPercentiles {
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

/** What one channel or one model did over the rounds read. */
export interface ChannelStats {
  /** Tool calls (and decisions) accepted on this channel. */
  accepted: number;
  /** Tool calls refused on this channel, by any code. */
  rejected: number;
  /** accepted / (accepted + rejected), or null with nothing to divide. */
  successRate: number | null;
  /** Refusals for a reply that was not one well-formed JSON object (`tool_call_invalid_format`). */
  jsonParseErrors: number;
  /** Model calls answered by the fallback model. */
  fallbacks: number;
  /** fallbacks / model replies, or null with no reply. */
  fallbackRate: number | null;
  /** Retries recorded: a tool call asked again, a model call or a tool run sent again. */
  retries: number;
  /** Model replies counted (for a channel: the replies that made its calls). */
  replies: number;
  latencyMs: LatencyPercentiles;
}

/** The observability of the JSON tool-calling reference: per channel (`tool|json|text`) and per model. */
export interface ChannelMetrics {
  rounds: number;
  channels: Record<ToolChannel, ChannelStats>;
  models: Record<string, ChannelStats>;
}

interface Tally {
  accepted: number;
  rejected: number;
  jsonParseErrors: number;
  fallbacks: number;
  retries: number;
  latencies: number[];
}

const emptyTally = (): Tally => ({ accepted: 0, rejected: 0, jsonParseErrors: 0, fallbacks: 0, retries: 0, latencies: [] });

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

function statsOf(tally: Tally): ChannelStats {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const calls = tally.accepted + tally.rejected;
  const replies = tally.latencies.length;
  return {
    accepted: tally.accepted,
    rejected: tally.rejected,
    successRate: calls === 0 ? null : tally.accepted / calls,
    jsonParseErrors: tally.jsonParseErrors,
    fallbacks: tally.fallbacks,
    fallbackRate: replies === 0 ? null : tally.fallbacks / replies,
    retries: tally.retries,
    replies,
    latencyMs: { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99) },
  };
}

const CHANNELS: readonly ToolChannel[] = ['tool', 'json', 'text'];
const isChannel = (value: unknown): value is ToolChannel => typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);

/**
 * Computes the per-channel and per-model figures from stored rounds: every `llm.response` (model,
 * latency, fallback), the `tool_call` verdict that followed it (accepted or refused, on which
 * channel) and every retry recorded. A channel's latency is that of the replies that made its calls.
 */
export function channelMetrics(rounds: ReadonlyArray<{ events: readonly RoundEvent[] }>): ChannelMetrics {
  const channels = new Map<ToolChannel, Tally>(CHANNELS.map((channel) => [channel, emptyTally()]));
  const models = new Map<string, Tally>();
  const modelTally = (name: string): Tally => {
    let tally = models.get(name);
    if (!tally) models.set(name, (tally = emptyTally()));
    return tally;
  };
  for (const round of rounds) {
    let last: { model: string; latency: number; fallback: boolean } | null = null;
    for (const event of round.events) {
      const payload = event.payload;
      if (event.event_type === 'llm.response') {
        const model = typeof payload['model'] === 'string' ? payload['model'] : 'unknown';
        const latency = typeof payload['latency_ms'] === 'number' ? payload['latency_ms'] : null;
        const fallback = payload['used_fallback'] === true;
        const tally = modelTally(model);
        if (latency !== null) tally.latencies.push(latency);
        if (fallback) tally.fallbacks += 1;
        last = latency === null ? null : { model, latency, fallback };
        continue;
      }
      if (event.event_type !== 'validator.ran') continue;
      const validator = payload['validator_id'];
      const status = payload['status'];
      const code = payload['code'];
      if (validator === 'retry_policy') {
        // Output retries are counted with their refusal below; here, model calls sent again.
        const details = payload['details'] as Record<string, unknown> | undefined;
        if (details?.['kind'] === 'model' && typeof details['target'] === 'string') modelTally(details['target']).retries += 1;
        continue;
      }
      if (validator !== 'tool_call' || code === 'no_call') continue;
      const channel = (payload['details'] as Record<string, unknown> | undefined)?.['channel'];
      if (!isChannel(channel)) continue;
      const tally = channels.get(channel)!;
      const byModel = last ? modelTally(last.model) : null;
      const accepted = status === 'ok';
      for (const target of [tally, byModel]) {
        if (!target) continue;
        if (accepted) target.accepted += 1;
        else target.rejected += 1;
        if (code === 'tool_call_invalid_format') target.jsonParseErrors += 1;
        if (status === 'retry') target.retries += 1;
      }
      if (last) {
        tally.latencies.push(last.latency);
        if (last.fallback) tally.fallbacks += 1;
      }
    }
  }
  return {
    rounds: rounds.length,
    channels: Object.fromEntries(CHANNELS.map((channel) => [channel, statsOf(channels.get(channel)!)])) as Record<ToolChannel, ChannelStats>,
    models: Object.fromEntries([...models].sort(([a], [b]) => a.localeCompare(b)).map(([name, tally]) => [name, statsOf(tally)])),
  };
}

/** The metrics of the latest `limit` rounds of a trace store. */
export async function readChannelMetrics(traces: { listRounds(filter?: { limit?: number }): Promise<Array<{ round_id: string }>>; getRound(id: string): Promise<{ events: RoundEvent[] } | null> }, limit = 500): Promise<ChannelMetrics> {
  const headers = await traces.listRounds({ limit });
  const rounds = (await Promise.all(headers.map((header) => traces.getRound(header.round_id)))).filter((round): round is { events: RoundEvent[] } => round !== null);
  return channelMetrics(rounds);
}
