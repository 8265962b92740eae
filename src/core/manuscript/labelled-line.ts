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
// `Eyes: grey`, `Eyes — grey`, and Dataview's inline field `Eyes:: grey`.
const LABELLED = /^\s*(?:[-*+]\s+)?([A-Za-z][A-Za-z _-]{0,30}?)\s*(?:::?|\s[-–—]\s)\s*(.*)$/;

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

/** One line of a questionnaire card: the question asked and the answer after it (empty when on the next line). */
export interface QuestionLine {
  /** The question as written, with its `?`: `What colour are her eyes?`. */
  question: string;
  answer: string;
}

// `**What colour are her eyes?** Brown.`, `- *Which hand?* Left`, `### When was he born?`, `Q: Eye colour? A: grey`.
const EMPHASISED_QUESTION = /^\s*(?:#{1,6}\s+|[-*+]\s+)?(?:Q[.:]\s*)?(\*\*|__|\*|_)([^*_?]{1,80}\?)\1\s*(.*)$/;
// Without emphasis a question must open with an asking word, or be a heading (`### Eye colour?`),
// so prose ending in "?" is not read as one.
const PLAIN_QUESTION = /^\s*(?:#{1,6}\s+|[-*+]\s+)?(?:Q[.:]\s*)?((?:What|When|Where|Which|Who|Whose|How|Why|Is|Are|Does|Do|Did|Has|Have|Any|Anything|Can)\b[^?]{1,80}\?)\s*(.*)$/;
const HEADING_QUESTION = /^\s*#{1,6}\s+([^?#]{1,80}\?)\s*(.*)$/;

/** Parses `**What colour are her eyes?** Brown, like creek mud.` and its variations; null when the line asks nothing. */
export function parseQuestionLine(line: string): QuestionLine | null {
  const emphasised = EMPHASISED_QUESTION.exec(line);
  const plain = emphasised ? null : PLAIN_QUESTION.exec(line) ?? HEADING_QUESTION.exec(line);
  if (!emphasised && !plain) return null;
  const question = (emphasised ? emphasised[2]! : plain![1]!).trim();
  const answer = (emphasised ? emphasised[3]! : plain![2]!).replace(/^A[.:]\s*/, '');
  return { question, answer: stripMarkdown(answer.replace(/\*\*|__/g, '')) };
}
