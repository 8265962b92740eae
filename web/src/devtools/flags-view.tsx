import { api } from '../api/index.js';
import { LoadError } from '../common/index.js';
import { useAsync } from '../use-async.js';

/** The feature flags the server runs with: each value, where it came from and the variable that sets it. */
export function FlagsView() {
  const flags = useAsync(() => api.flags(), []);
  return (
    <div className="flags-view" data-testid="flags-view">
      <LoadError error={flags.error} />
      {flags.data ? (
        <>
          <p className="hint">
            Set in <code>{flags.data.file}</code> or with the environment variable shown (it wins); the server reads them when it starts.
          </p>
          <table className="flags-table">
            <thead>
              <tr>
                <th scope="col">Flag</th>
                <th scope="col">Value</th>
                <th scope="col">From</th>
                <th scope="col">What it does</th>
              </tr>
            </thead>
            <tbody>
              {flags.data.list.map((flag) => (
                <tr key={flag.name} data-testid={`flag-${flag.name}`} data-value={String(flag.value)} data-source={flag.source}>
                  <th scope="row">
                    <code>{flag.name}</code>
                  </th>
                  <td>
                    <strong>{String(flag.value)}</strong>
                    {flag.value !== flag.default ? <span className="hint"> (default {String(flag.default)})</span> : null}
                  </td>
                  <td>
                    {flag.source}
                    <br />
                    <code className="hint">{flag.environment}</code>
                  </td>
                  <td>{flag.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </div>
  );
}
