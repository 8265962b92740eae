import type { Command } from 'commander';
import { requireWorkspaceRoot } from '../../adapters/fs-workspace/index.js';
import { withExistingTraceStore } from '../../adapters/sqlite-trace-store/index.js';
import { channelMetrics, readChannelMetrics, type ChannelMetrics, type ChannelStats } from '../../core/traces/index.js';
import { emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

const percent = (value: number | null): string => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
const ms = (value: number | null): string => (value === null ? '—' : `${Math.round(value)} ms`);

function row(name: string, stats: ChannelStats): string {
  return [
    name.padEnd(24),
    `${stats.accepted}/${stats.accepted + stats.rejected} ok (${percent(stats.successRate)})`.padEnd(20),
    `json errors ${stats.jsonParseErrors}`.padEnd(15),
    `fallback ${percent(stats.fallbackRate)}`.padEnd(16),
    `retries ${stats.retries}`.padEnd(11),
    `p50 ${ms(stats.latencyMs.p50)} · p95 ${ms(stats.latencyMs.p95)} · p99 ${ms(stats.latencyMs.p99)}`,
  ].join(' ');
}

/** The metrics as a table: one line per channel, then per model. */
export function describeMetrics(metrics: ChannelMetrics): string {
  return [
    `${metrics.rounds} round${metrics.rounds === 1 ? '' : 's'} read`,
    'By channel:',
    ...Object.entries(metrics.channels).map(([channel, stats]) => `  ${row(channel, stats)}`),
    'By model:',
    ...(Object.keys(metrics.models).length === 0 ? ['  (no model replies yet)'] : Object.entries(metrics.models).map(([model, stats]) => `  ${row(model, stats)}`)),
  ].join('\n');
}

/** `control-room traces metrics [--limit N]`: tool-call success, JSON errors, fallbacks, retries and latency per channel and model. */
export function registerTraceMetrics(traces: Command, io: CliIo): void {
  traces
    .command('metrics')
    .description('tool-call success rate, JSON parse errors, fallback rate, retries and latency p50/p95/p99 per channel (tool|json|text) and per model')
    .option('--limit <rounds>', 'how many of the latest rounds to read', '500')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions & { limit: string }) => {
      const root = await requireWorkspaceRoot(workspaceDir(options));
      const limit = Math.max(1, Math.min(100_000, Number(options.limit) || 500));
      const metrics: ChannelMetrics = await withExistingTraceStore(root, async (store) => (store === null ? channelMetrics([]) : readChannelMetrics(store, limit)));
      emit(io, options, metrics, () => describeMetrics(metrics));
    });
}
