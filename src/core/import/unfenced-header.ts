// A header line of a writing app that keeps no `---` fences (`title: The Long Night`, `ID: 7`,
// `summarySentence: …`): a key, a colon, and the value on the same line.
const HEADER_LINE = /^([A-Za-z][A-Za-z0-9_]{0,30}):(?:[ \t]+(.*))?$/;
const MIN_HEADER_LINES = 2;

/**
 * A text that opens with `key: value` lines without `---` fences, one of them its `title:`, and a
 * blank line after them (a scene file of Manuskript): the same text with those lines as front
 * matter, each value quoted. Any other text is returned as it is.
 */
export function fencedHeader(text: string): string {
  const lines = text.split('\n');
  const end = lines.findIndex((line) => line.trim() === '');
  if (end < MIN_HEADER_LINES || lines[0]!.trim() === '---') return text;
  const fields = lines.slice(0, end).map((line) => HEADER_LINE.exec(line));
  if (fields.some((field) => field === null) || !fields.some((field) => field![1]!.toLowerCase() === 'title')) return text;
  if (lines.slice(end).every((line) => line.trim() === '')) return text;
  const block = fields.map((field) => `${field![1]}: ${JSON.stringify((field![2] ?? '').trim())}`);
  return ['---', ...block, '---', ...lines.slice(end)].join('\n');
}
