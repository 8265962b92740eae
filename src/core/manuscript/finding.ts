/**
 * What the manuscript checks report. A finding always points at a real line of a real file and
 * quotes it, so an agent can cite it as evidence; `canon` says which card or lore line it was
 * checked against.
 */

/** How sure a check is: `error` is a contradiction of a stated fact, `warning` a likely one, `info` a note. */
export type Severity = 'error' | 'warning' | 'info';

/** The canon side of a finding: the file and line that states the fact, and the fact's value. */
export interface CanonSide {
  path: string;
  line: number;
  value: string;
  /** The trimmed text of the canon line, filled in by `attachCanonQuotes`. */
  quote?: string;
}

/** One problem found in the manuscript. */
export interface Finding {
  /** Stable, snake_case kind, e.g. `eye_colour_mismatch`, `dead_character_speaks`. */
  kind: string;
  severity: Severity;
  message: string;
  path: string;
  line: number;
  /** The exact text of `line` (trimmed), which contains the evidence. */
  quote: string;
  canon?: CanonSide;
}

/** A problem reading the manuscript itself (broken front matter, a malformed outline line). */
export interface ParseProblem {
  code: string;
  message: string;
  path: string;
  line: number;
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Sorts findings by severity, then path, then line, so tool output is stable across runs. */
export function sortFindings<T extends Finding>(findings: readonly T[]): T[] {
  return [...findings].sort(
    (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.path.localeCompare(b.path) || a.line - b.line || a.kind.localeCompare(b.kind),
  );
}

/** Turns a parse problem into a warning finding quoting the offending line. */
export function problemAsFinding(problem: ParseProblem, lines: readonly string[]): Finding {
  return {
    kind: problem.code,
    severity: 'warning',
    message: problem.message,
    path: problem.path,
    line: problem.line,
    quote: (lines[problem.line - 1] ?? '').trim(),
  };
}
