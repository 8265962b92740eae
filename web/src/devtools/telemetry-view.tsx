import { api } from '../api/index.js';
import { LoadError } from '../common/index.js';
import { useAsync } from '../use-async.js';
import { ChannelMetricsView } from './channel-metrics-view.js';

type Counts = Record<string, number>;

const isCounts = (value: unknown): value is Counts =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((count) => typeof count === 'number');

const isGroup = (value: unknown): value is Record<string, Counts> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isCounts);

const TITLES: Record<string, string> = {
  agents: 'By agent',
  conferences: 'By conference',
  sessions: 'By session',
  codes: 'By issue or rejection code, per session',
  byAgent: 'By agent',
  byConference: 'By conference',
};

function CountsTable({ caption, rows }: { caption: string; rows: Record<string, Counts> }) {
  const buckets = [...new Set(Object.values(rows).flatMap((counts) => Object.keys(counts)))];
  if (Object.keys(rows).length === 0) return null;
  return (
    <table className="data-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" />
          {buckets.map((bucket) => (
            <th key={bucket} scope="col">
              <code>{bucket}</code>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Object.entries(rows).map(([name, counts]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            {buckets.map((bucket) => (
              <td key={bucket} className={counts[bucket] ? 'count-nonzero' : ''}>
                {counts[bucket] ?? 0}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Rejection telemetry: counts per bucket (evidence_invalid, quote_not_found, tool_syntax, cot_leak, format_error). */
export function TelemetryView() {
  const telemetry = useAsync(() => api.telemetry(), []);
  const data = (telemetry.data ?? {}) as Record<string, unknown>;
  return (
    <div className="telemetry" data-testid="telemetry">
      <div className="panel-toolbar">
        <p className="hint">Why replies and tool calls were refused, counted by bucket.</p>
        <button type="button" className="link-button" onClick={telemetry.reload}>
          Refresh
        </button>
      </div>
      <LoadError error={telemetry.error} />
      {isCounts(data['totals']) ? <CountsTable caption="All sessions" rows={{ total: data['totals'] }} /> : null}
      {Object.entries(data)
        .filter(([key, value]) => key !== 'totals' && isGroup(value))
        .map(([key, value]) => (
          <CountsTable key={key} caption={TITLES[key] ?? key} rows={value as Record<string, Counts>} />
        ))}
      <ChannelMetricsView />
    </div>
  );
}
