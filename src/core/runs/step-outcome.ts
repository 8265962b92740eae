import type { RunCacheEntry } from '../../protocol/runs.js';

/** What one unit of a run (one step for one item) produced. */
export interface StepOutcome {
  status: 'ok' | 'tool_error' | 'unknown_tool';
  receiptIds: string[];
  /** A short summary for `steps.jsonl`; the full result goes into the cache. */
  summary: Record<string, unknown>;
  cache: RunCacheEntry;
  /** Issues filed by the unit. */
  issueIds?: string[];
}
