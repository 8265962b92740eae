import { Readable } from 'node:stream';
import { Tokenize } from 'rtf-stream-parser';
import { decodeSingleByte } from './single-byte-text.js';

/** A token of rtf-stream-parser's tokenizer. */
interface RtfToken {
  type: number;
  word?: string;
  param?: number;
  data?: Buffer;
}

const GROUP_START = 0;
const GROUP_END = 1;
const CONTROL = 2;
const TEXT = 3;

// Groups whose text is not the document's: tables of fonts and colours, metadata, pictures,
// headers and footers, field instructions, and anything marked optional with `\*`.
const SKIPPED_DESTINATIONS = new Set([
  'fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'object', 'header', 'headerl', 'headerr', 'headerf', 'footer', 'footerl',
  'footerr', 'footerf', 'footnote', 'fldinst', 'listtable', 'listoverridetable', 'rsidtbl', 'generator', 'xmlnstbl', 'themedata',
  'colorschememapping', 'latentstyles', 'datastore', 'expandedcolortbl', 'NeXTGraphic', 'annotation', 'atnid', 'atnauthor',
  'bkmkstart', 'bkmkend', 'filetbl', 'revtbl', 'pgdsctbl', 'operator', 'author', 'title', 'company', 'pntext',
]);
// (`\listtext` is kept: it holds a list item's own number or bullet, "1.\tab", which is the writer's.)
const SYMBOLS: Record<string, string> = {
  emdash: '—', endash: '–', lquote: '‘', rquote: '’', ldblquote: '“', rdblquote: '”', bullet: '•',
  tab: '\t', emspace: ' ', enspace: ' ', qmspace: ' ', '~': ' ', '-': '', _: '-', '{': '{', '}': '}', '\\': '\\',
};
// A paragraph end is a blank line in Markdown; a line break inside a paragraph stays one line.
const PARAGRAPH_ENDS = new Set(['par', 'sect', 'page', 'row', '\n', '\r']);

interface GroupState {
  skip: boolean;
  /** Characters to drop after `\uN` (the `\ucN` value). */
  unicodeSkip: number;
  /** The group's first control word, when nothing came before it. */
  fresh: boolean;
  optional: boolean;
}


/**
 * Plain text of an RTF document (Scrivener's `content.rtf`, Cocoa or Word RTF), paragraph by
 * paragraph, from the tokens of rtf-stream-parser. Code-page bytes (`\'92`) are decoded with the
 * document's code page, `\uN` characters honour `\ucN`, and only body text is kept.
 */
export async function rtfToText(rtf: Buffer): Promise<string> {
  const tokens: RtfToken[] = [];
  for await (const token of Readable.from([rtf]).pipe(new Tokenize())) tokens.push(token as RtfToken);
  let codePage = 'windows-1252';
  const decode = (bytes: Buffer | undefined): string => decodeSingleByte(bytes ?? Buffer.alloc(0), codePage);
  const stack: GroupState[] = [{ skip: false, unicodeSkip: 1, fresh: false, optional: false }];
  let output = '';
  let pendingSkip = 0;
  const state = (): GroupState => stack[stack.length - 1]!;
  const emit = (text: string): void => {
    if (!state().skip) output += text;
  };
  for (const token of tokens) {
    if (token.type === GROUP_START) {
      stack.push({ ...state(), fresh: true, optional: false });
      pendingSkip = 0;
      continue;
    }
    if (token.type === GROUP_END) {
      if (stack.length > 1) stack.pop();
      pendingSkip = 0;
      continue;
    }
    const current = state();
    const fresh = current.fresh;
    current.fresh = false;
    if (token.type === TEXT) {
      let text = decode(token.data).replace(/[\r\n]/g, '');
      if (pendingSkip > 0) {
        const dropped = Math.min(pendingSkip, text.length);
        text = text.slice(dropped);
        pendingSkip -= dropped;
      }
      emit(text);
      continue;
    }
    if (token.type !== CONTROL || token.word === undefined) continue;
    const word = token.word;
    if (word === '*') {
      current.optional = true;
      current.skip = true;
      continue;
    }
    if ((fresh || current.optional) && SKIPPED_DESTINATIONS.has(word)) {
      current.skip = true;
      continue;
    }
    if (word === 'ansicpg' && token.param !== undefined) codePage = `windows-${token.param}`;
    else if (word === 'mac') codePage = 'macintosh';
    else if (word === 'uc' && token.param !== undefined) current.unicodeSkip = token.param;
    else if (word === 'u' && token.param !== undefined) {
      emit(String.fromCharCode(token.param < 0 ? token.param + 65536 : token.param));
      pendingSkip = current.unicodeSkip;
    } else if (word === "'") {
      if (pendingSkip > 0) pendingSkip -= 1;
      else emit(decode(token.data));
    } else if (PARAGRAPH_ENDS.has(word)) emit('\n\n');
    else if (word === 'line') emit('\n');
    else if (word === 'cell') emit(' ');
    else if (word in SYMBOLS) emit(SYMBOLS[word]!);
  }
  return output
    .split('\n')
    // A list item's marker, as Markdown: "1.\tThursday" → "1. Thursday", "•\tbeat" → "- beat".
    .map((line) => line.replace(/^(\s*)(\d{1,3}[.)])\t+/, '$1$2 ').replace(/^(\s*)[•·▪◦‣]\t*\s*/, '$1- '))
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
