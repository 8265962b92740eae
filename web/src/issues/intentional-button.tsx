import { useState } from 'react';
import { api, describeError } from '../api/index.js';
import type { Issue } from '../api/index.js';
import { Notice } from '../common/index.js';

/**
 * Marks the finding behind a continuity issue as intentional (a deliberate unreliable narrator,
 * say): it is not raised again for the same lines, and the issue is closed.
 */
export function IntentionalButton({ issue, onMarked }: { issue: Issue; onMarked: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const marked = issue.tags.includes('intentional');
  if (marked) return <span className="badge badge-neutral">Marked intentional</span>;
  return (
    <>
      <button
        type="button"
        className="small-button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setProblem(null);
          api.markIntentional(issue.id).then(
            () => {
              setBusy(false);
              onMarked();
            },
            (error: unknown) => {
              setBusy(false);
              setProblem(describeError(error));
            },
          );
        }}
      >
        Mark intentional
      </button>
      {problem ? <Notice tone="bad" title="Not marked">{problem}</Notice> : null}
    </>
  );
}
