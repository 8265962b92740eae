/** Stands for a slotted value in a template key; a text holding it has no template. */
const SLOT = '\u0000';

/** A receipt id the product mints (`rcpt_` and a UUID), between quotes or white space. */
const RECEIPT_ID = /(?<=^|["\s])rcpt_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=$|["\s])/g;

export interface TextTemplate {
  /** The text with every slotted value replaced by one placeholder character. */
  key: string;
  /** Where the slotted values are in the text, in order. */
  slots: Array<{ start: number; end: number }>;
}

/**
 * The text with its per-turn values put as slots, or undefined when it has none. Two kinds of
 * values are slotted: an allowed value (the turn's nonce) that ends its line after a space, a tab
 * or the line's start, and a receipt id between quotes or white space. Texts with the same
 * template differ only in such values, and each is delimited so that no rule can join it to its
 * neighbours (a token ends at white space and quotes; a label needs a separator right after it,
 * and a receipt id, hex digits, never spells one), so the values cannot change what else a scan
 * finds: only the values themselves need judging.
 */
export function templateOf(text: string, allow: ReadonlySet<string> | undefined): TextTemplate | undefined {
  if (text.includes(SLOT)) return undefined;
  const slots: Array<{ start: number; end: number }> = [];
  // Most texts hold no receipt id: a plain search spares them the pattern's scan.
  if (text.includes('rcpt_')) {
    for (const match of text.matchAll(RECEIPT_ID)) slots.push({ start: match.index, end: match.index + match[0].length });
  }
  for (const value of allow ?? []) {
    if (value === '' || /\s/.test(value)) continue;
    for (let index = text.indexOf(value); index !== -1; index = text.indexOf(value, index + 1)) {
      const end = index + value.length;
      const before = index === 0 ? '\n' : text[index - 1];
      const after = end === text.length ? '\n' : text[end];
      if ((before === ' ' || before === '\t' || before === '\n') && (after === '\n' || after === '\r')) slots.push({ start: index, end });
    }
  }
  if (slots.length === 0) return undefined;
  slots.sort((a, b) => a.start - b.start);
  let key = '';
  let cursor = 0;
  for (const slot of slots) {
    if (slot.start < cursor) return undefined;
    key += `${text.slice(cursor, slot.start)}${SLOT}`;
    cursor = slot.end;
  }
  return { key: key + text.slice(cursor), slots };
}
