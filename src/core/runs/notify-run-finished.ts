import type { RunRecord } from '../../protocol/runs.js';
import { notificationKeys, quietly, type Notifier } from '../notifications/index.js';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** What a finished run found, in a line: its findings and the issues it filed, or why it stopped. */
function outcomeOf(run: RunRecord): string {
  if (run.status === 'failed' || run.status === 'interrupted') return `${run.error?.message ?? 'It stopped before its last step.'} Start it again from Runs.`;
  if (run.status === 'cancelled') return `Cancelled after ${run.progress.done} of ${run.progress.total} steps.`;
  const { error, warning, info } = run.summary.findings;
  const findings = error + warning + info;
  const issues = run.summary.issues.length;
  return `${plural(findings, 'finding')} (${error} errors, ${warning} warnings), ${plural(issues, 'issue')} filed, ${plural(run.summary.receipts, 'receipt')}.`;
}

/** A run that finished (however it ended) is raised, so the writer hears of it from any screen. */
export async function notifyRunFinished(notifier: Notifier | undefined, run: RunRecord): Promise<void> {
  const ended = run.status === 'succeeded' ? 'finished' : run.status;
  await quietly(notifier, {
    kind: 'run_finished',
    key: notificationKeys.run(run.id),
    title: `${run.recipe.name} ${ended}`,
    detail: outcomeOf(run),
    link: { screen: 'runs', id: run.id },
  });
}
