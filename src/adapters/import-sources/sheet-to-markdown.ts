import { parse } from 'csv-parse/sync';

/** A cell as one line of a Markdown table: line breaks joined, pipes escaped, spaces trimmed. */
function cell(value: string): string {
  return value.replace(/\s*\r?\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
}

/**
 * A spreadsheet saved as CSV or TSV (a cast list, a timeline exported from a spreadsheet) as a
 * Markdown table with its first row as the header, so the import reads it like any table a writer
 * keeps in a note. Quoted fields, embedded commas and line breaks follow RFC 4180; rows of
 * different lengths are padded; blank rows are dropped. Null when the text is not a sheet.
 */
export function sheetToMarkdown(text: string, delimiter: ',' | '\t' | ';'): string | null {
  let rows: string[][];
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true });
  } catch {
    return null;
  }
  rows = rows.filter((row) => row.some((value) => value.trim() !== ''));
  if (rows.length === 0) return null;
  const width = Math.max(...rows.map((row) => row.length));
  const line = (row: readonly string[]): string => `| ${Array.from({ length: width }, (_, index) => cell(row[index] ?? '')).join(' | ')} |`;
  return [line(rows[0]!), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(line)].join('\n') + '\n';
}

/** The delimiter a sheet uses: tabs for `.tsv`, else whichever of `,` and `;` its header row has more of. */
export function sheetDelimiter(extension: string, text: string): ',' | '\t' | ';' {
  if (extension === '.tsv') return '\t';
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}
