/**
 * gpt-oss writes in the "harmony" format: messages on channels, `<|channel|>analysis<|message|>…`
 * for its reasoning and `<|channel|>final<|message|>…` for the answer. Servers with a reasoning
 * parser move the analysis into a `reasoning` field; without one (llama.cpp with reasoning format
 * `none`, raw completions) the markers arrive inside the content. This splits such content into
 * the final channel's text and the other channels' text (reasoning, tool preambles).
 */
export interface HarmonySplit {
  /** The final channel's text (or the text outside any message). */
  text: string;
  reasoning: string[];
}

const MARKER = /<\|(start|end|message|channel|return|call|constrain)\|>/g;

/** True when the text carries harmony markers worth splitting. */
export function hasHarmonyMarkers(text: string): boolean {
  return text.includes('<|channel|>') || text.includes('<|message|>');
}

/** A header left without its opening marker by a server that cut the reply: `analysis` before `<|message|>`. */
const BARE_HEADER = /^\s*(?:assistant\s*)?(analysis|commentary|final)\s*$/;

/** Splits harmony-formatted content; text without the markers comes back as it was. */
export function splitHarmony(text: string): HarmonySplit {
  if (!hasHarmonyMarkers(text)) return { text, reasoning: [] };
  const visible: string[] = [];
  const reasoning: string[] = [];
  let channel: string | null = null;
  let inHeader = false;
  let headerFrom = 0;
  let cursor = 0;
  for (const match of text.matchAll(MARKER)) {
    if (!inHeader) {
      const body = text.slice(cursor, match.index);
      if (channel === null || channel === 'final') visible.push(body);
      else if (body.trim() !== '') reasoning.push(body.trim());
    }
    cursor = match.index + match[0].length;
    const marker = match[1];
    if (marker === 'start' || ((marker === 'channel' || marker === 'constrain') && !inHeader)) {
      inHeader = true;
      headerFrom = match.index;
      channel = null;
    } else if (marker === 'message') {
      let name: string | undefined;
      if (inHeader) name = /<\|channel\|>\s*([A-Za-z_]+)/.exec(text.slice(headerFrom, match.index))?.[1];
      else if (channel === null && BARE_HEADER.test(visible.at(-1) ?? '')) name = BARE_HEADER.exec(visible.pop()!)?.[1];
      channel = name ?? 'final';
      inHeader = false;
    } else if (marker === 'end' || marker === 'return' || marker === 'call') {
      // The message is over; what follows before another header is text outside any message.
      inHeader = false;
      channel = null;
    }
  }
  if (!inHeader) {
    const body = text.slice(cursor);
    if (channel === null || channel === 'final') visible.push(body);
    else if (body.trim() !== '') reasoning.push(body.trim());
  }
  return { text: visible.join(''), reasoning };
}
