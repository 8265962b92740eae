import type { Workspace } from '../../core/ports/index.js';

/** A quote the demo may cite: words found on that line of that file, just now. */
export interface VerifiedQuote {
  path: string;
  line: number;
  text: string;
}

const QUOTE_MARKS = /["“”„«»]/;
const EDGE_PUNCTUATION = /^[\s,;:.!?—–-]+|[\s,;:.—–-]+$/g;

/**
 * The part of a flagged line worth quoting: the longest run of words between quotation marks
 * (dialogue marks inside a quote would end it early), trimmed of dangling punctuation.
 */
export function quotableFragment(line: string): string {
  const pieces = line
    .split(QUOTE_MARKS)
    .map((piece) => piece.replace(EDGE_PUNCTUATION, '').trim())
    .filter((piece) => piece.split(/\s+/).length >= 2);
  const longest = pieces.sort((a, b) => b.length - a.length)[0] ?? line.replace(EDGE_PUNCTUATION, '').trim();
  return longest.replace(/\s+/g, ' ');
}

function folded(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/**
 * Reads the line back through the workspace and keeps the fragment only when it is really there:
 * the demo never cites words a file does not have, whatever a tool result said.
 */
export async function verifiedQuote(workspace: Workspace, path: string, line: number, quote: string): Promise<VerifiedQuote | null> {
  const fragment = quotableFragment(quote);
  if (fragment.length < 4) return null;
  try {
    const read = await workspace.read(path, { start: line, end: line });
    return folded(read.content).includes(folded(fragment)) ? { path, line, text: fragment } : null;
  } catch {
    return null;
  }
}
