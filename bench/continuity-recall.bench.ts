/**
 * Continuity recall and precision: every test manuscript (`test/manuscripts/<slug>/`) imported and
 * run through the continuity pass, its findings matched against the planted errors. Ours counts
 * every finding (errors and warnings); the baseline counts only the error-level findings, the ones
 * the pass files as issues. `npm run bench -- continuity` prints it alone.
 */
import path from 'node:path';
import type { Benchmark } from './harness.js';
import { MANUSCRIPTS, listManuscripts, measureManuscript, type ManuscriptMeasure } from '../test/continuity/measure-continuity.js';

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
const TARGET = 0.9;

const benchmark: Benchmark = {
  name: 'continuity recall',
  async run() {
    const rows: ManuscriptMeasure[] = [];
    for (const slug of await listManuscripts()) rows.push(await measureManuscript(path.join(MANUSCRIPTS, slug)));
    const errors = rows.reduce((sum, row) => sum + row.errors, 0);
    const matched = rows.reduce((sum, row) => sum + row.matchedErrors, 0);
    const findings = rows.reduce((sum, row) => sum + row.findings, 0);
    const matching = rows.reduce((sum, row) => sum + row.matchedFindings, 0);
    const errorOnly = rows.reduce((sum, row) => sum + row.errorOnlyRecall * row.errors, 0);
    const recall = errors === 0 ? 1 : matched / errors;
    const baseline = errors === 0 ? 1 : errorOnly / errors;
    return {
      name: 'continuity recall',
      input: `${rows.length} test manuscripts (${rows.map((row) => row.slug).join(', ')}), ${errors} planted errors, imported and run through the continuity pass`,
      ours: { label: 'all findings', opsPerSecond: recall, figure: `recall ${percent(recall)}, precision ${percent(findings === 0 ? 1 : matching / findings)}` },
      baseline: { label: 'error-level findings only (filed as issues)', opsPerSecond: baseline, figure: `recall ${percent(baseline)}` },
      ratio: baseline === 0 ? 0 : recall / baseline,
      notes: rows.map(
        (row) =>
          `${row.slug} (${row.layout}): recall ${percent(row.recall)} (${row.matchedErrors}/${row.errors}), precision ${percent(row.precision)} (${row.matchedFindings}/${row.findings}); both lines cited ${percent(row.bothSidesRecall)}; target ≥90% both: ${row.recall >= TARGET && row.precision >= TARGET ? 'met' : 'NOT met'}`,
      ),
    };
  },
};

export default benchmark;
