/** How the Changes screen names task states, levels and operations, in words. */
import type { TaskRecord, TaskStatus } from '../api/index.js';

export const STATUS_WORDS: Record<TaskStatus, { text: string; tone: 'ok' | 'warn' | 'bad' | 'info' | 'neutral' }> = {
  awaiting_confirmation: { text: 'Waiting for you', tone: 'warn' },
  applied: { text: 'Applied', tone: 'ok' },
  partial: { text: 'Partly applied', tone: 'warn' },
  invalid: { text: 'Not understood', tone: 'bad' },
  refused: { text: 'Refused', tone: 'neutral' },
  failed: { text: 'Failed', tone: 'bad' },
  undone: { text: 'Undone', tone: 'neutral' },
};

/** What each level asks of the writer (the authorization table's rules). */
export function levelWords(level: number | null): string {
  if (level === 4) return 'Level 4: needs two separate confirmations';
  if (level === 3) return 'Level 3: needs one confirmation';
  if (level === 2) return 'Level 2: applied at once, can be undone';
  if (level === 1) return 'Level 1: applied at once';
  return 'No level: nothing to apply';
}

/** The task's commands as the gate described them, else its batch. */
export function commandSummaries(task: TaskRecord): string[] {
  if (task.chain) return task.chain.commands.map((command) => command.summary);
  return task.batch.map((envelope) => `${envelope.op} ${'path' in envelope.params ? envelope.params.path : ''}`.trim());
}

export const when = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};
