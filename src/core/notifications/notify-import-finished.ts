import type { ImportReport } from '../../protocol/imports.js';
import { notificationKeys } from './notification-keys.js';
import { quietly, type Notifier } from './notifications.js';

/** An import that ended: its report when it finished, its error when it failed. */
export interface FinishedImport {
  /** The import's job id (or any id naming this import). */
  importId: string;
  /** What was imported: the upload's name, a folder or a `.docx` file. */
  name: string;
  report: ImportReport | null;
  error: { code: string; message: string } | null;
}

/** The counts of a report as a line: "12 scenes, 4 characters, 2 skipped". */
function countsOf(report: ImportReport): string {
  const counts = Object.entries(report.counts)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`);
  if (report.skipped.length > 0) counts.push(`${report.skipped.length} skipped`);
  return counts.length > 0 ? counts.join(', ') : 'nothing new';
}

/**
 * Raises a notification for an import that ended (the HTTP import jobs and the CLI call it alike),
 * so the writer hears of it from any screen. Never throws.
 */
export async function notifyImportFinished(notifier: Notifier | undefined, finished: FinishedImport): Promise<void> {
  const failed = finished.error !== null || finished.report === null;
  await quietly(notifier, {
    kind: 'import_finished',
    key: notificationKeys.import(finished.importId),
    title: failed ? `Import of ${finished.name} failed` : `Import of ${finished.name} finished`,
    detail: failed
      ? `${finished.error?.message ?? 'It stopped before it was done.'} Fix the source and import it again.`
      : `${countsOf(finished.report!)}. The imported files are in the manuscript.`,
    link: { screen: 'manuscript', id: null },
  });
}
