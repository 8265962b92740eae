import type { Issue, IssuesFile } from '../../protocol/index.js';

/**
 * The bytes of an issues file, assembled from one piece per issue so a change serialises and
 * encodes only the issue it changed. The pieces are exactly what `JSON.stringify(file, null, 2)`
 * writes for each issue in the list (two levels deep: four spaces of indent), in UTF-8, so the
 * file reads the same as one written whole.
 */
const pieces = new WeakMap<Issue, Buffer>();

const SEPARATOR = Buffer.from(',\n    ');
const LIST_END = Buffer.from('\n  ]\n}\n');

/** Whether this process wrote the issue (already through the scrubbing boundary) and kept its piece. */
export function hasPiece(issue: Issue): boolean {
  return pieces.has(issue);
}

// JSON.stringify never writes a raw line break inside a string, so every one is a line of the
// layout and takes the list's indent.
const pieceOf = (text: string): Buffer => Buffer.from(text.replaceAll('\n', '\n    '));

/** Serialises an issue that is what the file holds (scrubbed) and keeps its piece with it. */
export function keepPiece(issue: Issue): Buffer {
  let piece = pieces.get(issue);
  if (piece === undefined) {
    piece = pieceOf(JSON.stringify(issue, null, 2));
    pieces.set(issue, piece);
  }
  return piece;
}

/**
 * An issue (already scrubbed) as the file will hold it, read back from its own text so memory has
 * no undefined fields, with its piece kept from that one serialisation.
 */
export function readBackIssue(value: unknown): Issue {
  const text = JSON.stringify(value, null, 2);
  const issue = JSON.parse(text) as Issue;
  pieces.set(issue, pieceOf(text));
  return issue;
}

/**
 * `JSON.stringify(file, null, 2)` and a final newline, in UTF-8, as the pieces to write in order
 * (kept per issue, so a long list is not copied into one buffer for every change).
 */
export function issuesFileBytes(file: IssuesFile): Buffer[] {
  const head = `{\n  "schema_version": ${JSON.stringify(file.schema_version)},\n  "issues": `;
  if (file.issues.length === 0) return [Buffer.from(`${head}[]\n}\n`)];
  const parts: Buffer[] = [Buffer.from(`${head}[\n    `)];
  for (const [index, issue] of file.issues.entries()) {
    if (index > 0) parts.push(SEPARATOR);
    parts.push(keepPiece(issue));
  }
  parts.push(LIST_END);
  return parts;
}
