import { secretLintProfiler } from '@secretlint/profiler';

/**
 * secretlint marks every scan on Node's global performance timeline and keeps every mark in its
 * profiler's own list, searched on each new mark. A process that scans every prompt, tool result
 * and stored record would grow both without end and spend ever longer on each scan, so the
 * profiler — only needed by secretlint's CLI `--profile` — records nothing here.
 */
export function quietSecretlintProfiler(): void {
  secretLintProfiler.mark = () => undefined;
}
