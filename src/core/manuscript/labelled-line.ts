/** A value with the 1-based file line it was read from. */
export interface Located<T> {
  value: T;
  line: number;
}

/** One `Key: value` line as writers type it in outlines and cards. */
export interface LabelledLine {
  /** Lower-case label with single spaces, e.g. `pov`, `died in`. */
  label: string;
  value: string;
}

// Bullets and emphasis are decoration: `- **POV:** Hester`, `* __When__: Day 2`, `POV - Hester`.
const LABELLED = /^\s*(?:[-*+]\s+)?([A-Za-z][A-Za-z _-]{0,30}?)\s*(?::|\s[-–—]\s)\s*(.*)$/;

/** Parses `- **POV:** Hester Vane` and its variations; null when the line is not `label: value`. */
export function parseLabelledLine(line: string): LabelledLine | null {
  const plain = line.replace(/\*\*|__/g, '');
  const match = LABELLED.exec(plain);
  if (!match) return null;
  const label = match[1]!.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
  return { label, value: stripMarkdown(match[2]!) };
}

/** Removes inline code marks, emphasis and a trailing full stop left by list formatting. */
export function stripMarkdown(text: string): string {
  return text
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(^|\s)[*_]([^*_]+)[*_](?=\s|$)/g, '$1$2')
    .trim();
}

/** True for a Markdown bullet line (`- `, `* `, `+ `). */
export function isBullet(line: string): boolean {
  return /^\s*[-*+]\s+\S/.test(line);
}

/** The text of a bullet line without its marker. */
export function bulletText(line: string): string {
  return line.replace(/^\s*[-*+]\s+/, '').trim();
}
