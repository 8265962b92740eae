import { api } from '../api/index.js';
import type { ChannelStats } from '../api/index.js';
import { LoadError } from '../common/index.js';
import { useAsync } from '../use-async.js';

const percent = (value: number | null): string => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
const ms = (value: number | null): string => (value === null ? '—' : `${Math.round(value)} ms`);

/** One table of the metrics: a row per channel or per model. */
export function ChannelStatsTable({ caption, rows, testId }: { caption: string; rows: Array<[string, ChannelStats]>; testId: string }) {
  if (rows.length === 0) return null;
  return (
    <table className="data-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">Tool calls accepted</th>
          <th scope="col">JSON errors</th>
          <th scope="col">Fallback rate</th>
          <th scope="col">Retries</th>
          <th scope="col">Latency p50 / p95 / p99</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, stats]) => (
          <tr key={name}>
            <th scope="row">
              <code>{name}</code>
            </th>
            <td>
              {stats.accepted}/{stats.accepted + stats.rejected} ({percent(stats.successRate)})
            </td>
            <td className={stats.jsonParseErrors > 0 ? 'count-nonzero' : ''}>{stats.jsonParseErrors}</td>
            <td>{percent(stats.fallbackRate)}</td>
            <td className={stats.retries > 0 ? 'count-nonzero' : ''}>{stats.retries}</td>
            <td>
              {ms(stats.latencyMs.p50)} / {ms(stats.latencyMs.p95)} / {ms(stats.latencyMs.p99)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * How tool calls arrive and fare, from the traces: per channel (a native call, JSON in the reply,
 * plain text) and per model — success rate, JSON errors, fallbacks, retries and latency.
 */
export function ChannelMetricsView() {
  const metrics = useAsync(() => api.channelMetrics(), []);
  const data = metrics.data;
  return (
    <section className="channel-metrics" aria-label="Tool-call channels" data-testid="channel-metrics">
      <div className="panel-toolbar">
        <p className="hint">{data ? `Tool calls by channel and model, over the last ${data.rounds} round${data.rounds === 1 ? '' : 's'}.` : 'Tool calls by channel and model.'}</p>
        <button type="button" className="link-button" onClick={metrics.reload}>
          Refresh
        </button>
      </div>
      <LoadError error={metrics.error} />
      {data ? <ChannelStatsTable caption="By channel" testId="channel-metrics-channels" rows={Object.entries(data.channels)} /> : null}
      {data ? <ChannelStatsTable caption="By model" testId="channel-metrics-models" rows={Object.entries(data.models)} /> : null}
    </section>
  );
}
