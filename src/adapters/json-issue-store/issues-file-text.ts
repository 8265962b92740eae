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

/** Serialises an issue that is what the file holds (scrubbed) and keeps its piece with it. */
export function keepPiece(issue: Issue): Buffer {
  let piece = pieces.get(issue);
  if (piece === undefined) {
    // JSON.stringify never writes a raw line break inside a string, so every one is a line of
    // the layout and takes the list's indent.
    piece = Buffer.from(JSON.stringify(issue, null, 2).replaceAll('\n', '\n    '));
    pieces.set(issue, piece);
  }
  return piece;
}

/** `JSON.stringify(file, null, 2)` and a final newline, in UTF-8, from the issues' pieces. */
export function issuesFileBytes(file: IssuesFile): Buffer {
  const head = `{\n  "schema_version": ${JSON.stringify(file.schema_version)},\n  "issues": `;
  if (file.issues.length === 0) return Buffer.from(`${head}[]\n}\n`);
  const parts: Buffer[] = [Buffer.from(`${head}[\n    `)];
  for (const [index, issue] of file.issues.entries()) {
    if (index > 0) parts.push(SEPARATOR);
    parts.push(keepPiece(issue));
  }
  parts.push(LIST_END);
  return Buffer.concat(parts);
}
