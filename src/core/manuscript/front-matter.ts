import { parseDocument } from 'yaml';
import type { ParseProblem } from './finding.js';

/** The YAML block at the top of a Markdown file, with the line of each top-level key. */
export interface FrontMatter {
  /** True when the file opens with a `---` fence (even if the YAML inside is broken). */
  present: boolean;
  /** The parsed mapping; empty when missing or broken. */
  data: Record<string, unknown>;
  /** 1-based file line of each top-level key. */
  keyLines: Map<string, number>;
  /** First line after the front matter (1 when there is none). */
  bodyStart: number;
  /** Set when the block is unclosed, not YAML, or not a mapping; the file is still usable. */
  problem: ParseProblem | null;
}

const FENCE = /^---\s*$/;
const CLOSING_FENCE = /^(?:---|\.\.\.)\s*$/;
const TOP_LEVEL_KEY = /^([A-Za-z_][\w -]*?)\s*:(?:\s|$)/;

function empty(bodyStart: number, problem: ParseProblem | null, present: boolean): FrontMatter {
  return { present, data: {}, keyLines: new Map(), bodyStart, problem };
}

/**
 * Parses the front matter of a file's lines. Never throws: a file without front matter, or with a
 * broken block, gets empty data and (for a broken block) a problem to report as a finding.
 */
export function parseFrontMatter(path: string, lines: readonly string[]): FrontMatter {
  const first = (lines[0] ?? '').replace(/^\uFEFF/, '');
  if (!FENCE.test(first)) return empty(1, null, false);
  const closeIndex = lines.findIndex((line, index) => index > 0 && CLOSING_FENCE.test(line));
  if (closeIndex < 0) {
    return empty(1, { code: 'front_matter_unclosed', message: `${path}: the front matter opened on line 1 is never closed with "---".`, path, line: 1 }, true);
  }
  const yamlLines = lines.slice(1, closeIndex);
  const bodyStart = closeIndex + 2;
  const document = parseDocument(yamlLines.join('\n'), { uniqueKeys: false, prettyErrors: false });
  if (document.errors.length > 0) {
    const error = document.errors[0]!;
    const line = 2 + (error.linePos?.[0]?.line ?? 1) - 1;
    const reason = error.message.split('\n')[0] ?? 'invalid YAML';
    return empty(bodyStart, { code: 'front_matter_invalid', message: `${path}: the front matter is not valid YAML (${reason}).`, path, line }, true);
  }
  let value: unknown;
  try {
    // Aliases are resolved here: an unknown anchor or an alias bomb throws.
    value = document.toJS({ maxAliasCount: 50 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid YAML';
    return empty(bodyStart, { code: 'front_matter_invalid', message: `${path}: the front matter is not valid YAML (${reason}).`, path, line: 2 }, true);
  }
  if (value === null || value === undefined) return empty(bodyStart, null, true);
  if (typeof value !== 'object' || Array.isArray(value)) {
    return empty(bodyStart, { code: 'front_matter_invalid', message: `${path}: the front matter is not a list of "key: value" lines.`, path, line: 2 }, true);
  }
  const keyLines = new Map<string, number>();
  yamlLines.forEach((line, index) => {
    const match = TOP_LEVEL_KEY.exec(line);
    if (match && !keyLines.has(match[1]!.trim())) keyLines.set(match[1]!.trim(), index + 2);
  });
  return { present: true, data: value as Record<string, unknown>, keyLines, bodyStart, problem: null };
}

/** A front-matter value as trimmed text (numbers become their digits); null when absent or empty. */
export function textField(data: Record<string, unknown>, key: string): string | null {
  const value = data[key];
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** A front-matter list (`[a, b]`, a block list, or a comma-separated string) as trimmed strings. */
export function listField(data: Record<string, unknown>, key: string): string[] {
  const value = data[key];
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items
    .filter((item): item is string | number => typeof item === 'string' || typeof item === 'number')
    .map((item) => String(item).trim())
    .filter((item) => item !== '');
}
