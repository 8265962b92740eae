const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (/^#x/i.test(name)) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

type Block = { kind: 'heading'; level: number } | { kind: 'paragraph' } | { kind: 'item'; depth: number; marker: string } | { kind: 'cell' };

/**
 * The simple HTML that mammoth makes of a Word document, as Markdown lines: headings become `#`
 * lines, paragraphs are separated by blank lines, list items become `-` (or `1.`) bullets indented
 * by depth, and table rows become `| a | b |` rows (outlines are often tables).
 */
export function htmlToMarkdown(html: string): string[] {
  const lines: string[] = [];
  const lists: Array<{ ordered: boolean; count: number }> = [];
  let block: Block | null = null;
  let buffer = '';
  let row: string[] | null = null;
  let rowsInTable = 0;
  const separate = (): void => {
    if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
  };
  const flush = (): void => {
    const text = decodeEntities(buffer).replace(/[ \t]+/g, ' ').replace(/ ?\n ?/g, '\n').trim();
    buffer = '';
    const current = block;
    block = null;
    if (current?.kind === 'cell') {
      row?.push(text.replace(/\n/g, ' ').replace(/\|/g, '/'));
      return;
    }
    if (current === null || text === '') return;
    if (current.kind === 'heading') {
      separate();
      lines.push(`${'#'.repeat(current.level)} ${text.replace(/\n/g, ' ')}`);
    } else if (current.kind === 'item') {
      if (lines.length > 0 && lines[lines.length - 1] !== '' && !/^\s*(?:-|\d+\.)\s/.test(lines[lines.length - 1]!)) lines.push('');
      lines.push(`${'  '.repeat(current.depth)}${current.marker} ${text.replace(/\n/g, ' ')}`);
    } else {
      separate();
      lines.push(...text.split('\n'));
    }
  };
  for (const match of html.matchAll(/<(\/?)([a-z][a-z0-9]*)(?:\s[^>]*)?\/?>|([^<]+)/gi)) {
    const [, closing, rawTag, text] = match;
    if (text !== undefined) {
      if (block !== null) buffer += text;
      continue;
    }
    const tag = rawTag!.toLowerCase();
    if (tag === 'br') {
      if (block !== null) buffer += '\n';
    } else if (/^h[1-6]$/.test(tag) || tag === 'p') {
      if (block?.kind === 'cell' || block?.kind === 'item') {
        buffer += ' ';
      } else if (closing) {
        flush();
      } else {
        flush();
        block = tag === 'p' ? { kind: 'paragraph' } : { kind: 'heading', level: Number(tag[1]) };
      }
    } else if (tag === 'ul' || tag === 'ol') {
      flush();
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', count: 0 });
    } else if (tag === 'li') {
      flush();
      if (!closing && lists.length > 0) {
        const list = lists[lists.length - 1]!;
        list.count += 1;
        block = { kind: 'item', depth: lists.length - 1, marker: list.ordered ? `${list.count}.` : '-' };
      }
    } else if (tag === 'table') {
      flush();
      rowsInTable = 0;
      if (!closing) separate();
      else lines.push('');
    } else if (tag === 'tr') {
      flush();
      if (!closing) {
        row = [];
      } else if (row !== null) {
        lines.push(`| ${row.join(' | ')} |`);
        if (rowsInTable === 0) lines.push(`|${row.map(() => ' --- ').join('|')}|`);
        rowsInTable += 1;
        row = null;
      }
    } else if (tag === 'td' || tag === 'th') {
      flush();
      if (!closing) block = { kind: 'cell' };
    }
  }
  flush();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
