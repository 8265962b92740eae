/** A reference to a manuscript file found in a text, with the lines it names. */
export interface FileRef {
  text: string;
  path: string;
  range: { start: number; end: number } | null;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits a text into plain runs and references to known manuscript files (`Story/…/x.md`,
 * optionally `#L12` or `#L12-L20`). Only paths the workspace really has become references,
 * longest first, so a path with spaces or brackets is found whole and nothing is guessed.
 */
export function splitFileRefs(text: string, knownPaths: readonly string[]): Array<string | FileRef> {
  const paths = [...new Set(knownPaths)].filter((path) => path.length > 0).sort((a, b) => b.length - a.length);
  if (paths.length === 0 || text === '') return text === '' ? [] : [text];
  const pattern = new RegExp(`(${paths.map(escape).join('|')})(?:#L(\\d+)(?:-L?(\\d+))?)?`, 'g');
  const parts: Array<string | FileRef> = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    // A known path inside a longer word (e.g. "xStory/…") is not a reference.
    if (at > 0 && /[\w/.-]/.test(text[at - 1]!)) continue;
    if (at > last) parts.push(text.slice(last, at));
    const start = match[2] ? Number(match[2]) : null;
    const end = match[3] ? Number(match[3]) : start;
    parts.push({ text: match[0], path: match[1]!, range: start !== null && end !== null && start > 0 ? { start, end: Math.max(start, end) } : null });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
