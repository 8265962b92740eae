import type { TaskFileChange } from '../api/index.js';
import { Notice, Pill, WordDiff } from '../common/index.js';
import { useNavigation } from '../navigation.js';

const STATE_WORDS: Record<TaskFileChange['state'], string> = {
  pending: 'would change',
  applied: 'changed',
  changed_since: 'changed (edited again since)',
  undone: 'changed, then undone',
  not_run: 'not changed',
};

const OP_WORDS: Record<TaskFileChange['op'], string> = { 'file.write': 'Write', 'file.patch': 'Edit', 'file.delete': 'Delete' };

/** One file of a change: what happens to it, and its words added and removed. */
export function FileChangeView({ change }: { change: TaskFileChange }) {
  const navigation = useNavigation();
  const known = navigation.knownPaths.includes(change.path);
  return (
    <section className="file-change" aria-label={`${OP_WORDS[change.op]} ${change.path}`} data-testid={`file-change-${change.index}`} data-state={change.state}>
      <header className="file-change-header">
        <Pill tone={change.op === 'file.delete' ? 'bad' : 'info'}>{OP_WORDS[change.op]}</Pill>
        {known ? (
          <button type="button" className="file-ref" onClick={() => navigation.openFile(change.path)}>
            {change.path}
          </button>
        ) : (
          <code>{change.path}</code>
        )}
        <span className="hint">{change.before === null && change.after !== null ? 'new file, ' : ''}{STATE_WORDS[change.state]}</span>
      </header>
      {change.problem ? <Notice tone="warn">{change.problem}</Notice> : null}
      {change.binary ? (
        <p className="hint">This file is not text, so no word changes can be shown.</p>
      ) : change.state === 'not_run' && change.before === null && change.after === null ? null : (
        <WordDiff before={change.before ?? ''} after={change.after ?? ''} label={`Word changes in ${change.path}`} />
      )}
    </section>
  );
}
