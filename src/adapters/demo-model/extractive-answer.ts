import type { Workspace } from '../../core/ports/index.js';
import { validateEvidence } from '../../core/evidence/index.js';
import { jsonObjectsIn } from './json-in-text.js';
import { lineScore, questionTerms } from './question-lookup.js';

/** Says on every answer what the demo is, so nobody takes it for a model's judgement. */
export const DEMO_NOTICE = '(This is the offline demo, without a language model: it can only show what the manuscript says. Connect a model server for a real answer.)';

interface ReadPassage {
  receiptId: string | null;
  path: string;
  startLine: number;
  content: string;
}

/** `file_reader` results in the tool messages, with the receipt of each run. */
function passagesIn(toolMessages: readonly string[]): ReadPassage[] {
  const passages: ReadPassage[] = [];
  for (const text of toolMessages) {
    for (const object of jsonObjectsIn(text)) {
      const record = object as { receipt_id?: unknown; result?: Record<string, unknown> } | null;
      const result = record?.result;
      if (!result || typeof result['content'] !== 'string' || typeof result['path'] !== 'string' || typeof result['start_line'] !== 'number') continue;
      const receiptId = typeof record?.receipt_id === 'string' ? record.receipt_id : null;
      passages.push({ receiptId, path: result['path'], startLine: result['start_line'], content: result['content'] });
    }
  }
  return passages;
}

function receiptsIn(toolMessages: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const text of toolMessages) for (const match of text.matchAll(/"receipt_id":"(rcpt_[A-Za-z0-9_-]{10,})"/g)) ids.add(match[1] ?? '');
  return [...ids].filter(Boolean);
}

/** Sentences of a passage with the line each starts and ends on (front matter and headings left out). */
function sentences(passage: ReadPassage): Array<{ text: string; startLine: number; endLine: number }> {
  const lines = passage.content.split('\n');
  const found: Array<{ text: string; startLine: number; endLine: number }> = [];
  let current = '';
  let start = passage.startLine;
  const flush = (line: number): void => {
    const text = current.replace(/\s+/g, ' ').trim();
    if (text !== '') found.push({ text, startLine: start, endLine: line });
    current = '';
  };
  lines.forEach((raw, index) => {
    const line = passage.startLine + index;
    if (/^\s*(?:#|---)/.test(raw) || raw.trim() === '') {
      flush(line - 1);
      start = line + 1;
      return;
    }
    // A card's `Eyes: grey` or `- name: Callum Lusk` line is a statement of its own.
    if (/^\s*(?:[-*]\s+)?[\p{L}][\p{L} ]{0,30}:\s+\S/u.test(raw)) {
      flush(line - 1);
      found.push({ text: raw.replace(/^\s*[-*]\s+/, '').trim(), startLine: line, endLine: line });
      start = line + 1;
      return;
    }
    for (const piece of raw.split(/(?<=[.!?]["”’)]?)\s+/)) {
      if (current === '') start = line;
      current += `${current === '' ? '' : ' '}${piece}`;
      if (/[.!?]["”’)]?$/.test(piece)) flush(line);
    }
  });
  flush(passage.startLine + lines.length - 1);
  return found;
}

const quoteSafe = (text: string): string => text.replace(/"/g, '”').replace(/\s+/g, ' ').trim();

/**
 * The demo's answer to a 1:1 question or a conference round (no language model): the sentence
 * of the passages read that holds most of the question's names and words, quoted with its file
 * and lines and the receipt of the read — or, when the lookups found nothing, an absence claim
 * over the whole manuscript for the term searched. Each candidate is checked with the real
 * evidence validator before it is given, so a demo answer always verifies.
 */
export async function extractiveAnswer(
  question: string,
  toolMessages: readonly string[],
  workspace: Workspace,
  preferred: readonly string[] = [],
): Promise<string | null> {
  const allowed = (path: string): boolean => preferred.length === 0 || preferred.some((source) => path === source || path.startsWith(source));
  const terms = questionTerms(question);
  const receipts = receiptsIn(toolMessages);
  const known = new Set(receipts);
  const verifies = async (reply: string): Promise<boolean> => (await validateEvidence(reply, { workspace, knownReceiptIds: known })).ok;
  const candidates = passagesIn(toolMessages)
    .filter((passage) => allowed(passage.path))
    .flatMap((passage) => sentences(passage).map((sentence) => ({ passage, sentence, hits: lineScore(sentence.text, terms) })))
    .filter((candidate) => candidate.hits > 0)
    // Prose says more than a label line (`File: …`), and a longer sentence more than a short one.
    .map((candidate) => ({ ...candidate, score: candidate.hits + (/^[\p{L} ]{1,30}:\s/u.test(candidate.sentence.text) ? -0.6 : 0) + Math.min(candidate.sentence.text.length, 200) / 1000 }))
    .sort((left, right) => right.score - left.score);
  const subject = [...terms.names, ...terms.words][0] ?? 'that';
  for (const { passage, sentence } of candidates.slice(0, 6)) {
    const lines = sentence.startLine === sentence.endLine ? `line ${sentence.startLine}` : `lines ${sentence.startLine}–${sentence.endLine}`;
    const receipt = passage.receiptId ? ` | receipt ${passage.receiptId}` : '';
    const reply = [
      `Here is what the manuscript says about ${subject}, in ${passage.path} (${lines}):`,
      `> ${sentence.text}`,
      // A blank line ends the quote: rendered as Markdown, the notice would otherwise join it.
      '',
      DEMO_NOTICE,
      `Evidence: content | ${passage.path}#L${sentence.startLine}-L${sentence.endLine} | "${quoteSafe(sentence.text)}"${receipt}`,
    ].join('\n');
    if (await verifies(reply)) return reply;
  }
  const searched = [...terms.names, ...terms.words].slice(0, 2);
  for (const term of searched) {
    const receipt = receipts.length > 0 ? ` | receipt ${receipts.join(', ')}` : '';
    const reply = [
      `I searched ${preferred.length > 0 ? preferred.join(' and ') : 'the whole manuscript'} for "${term}" and found no mention of it.`,
      DEMO_NOTICE,
      preferred.length > 0
        ? `Evidence: absence | ${preferred.join(', ')} | checked ${preferred.join(', ')} for "${term}"${receipt}`
        : `Evidence: absence | Story/, Compendium/ | checked the whole manuscript for "${term}"${receipt}`,
    ].join('\n');
    if (await verifies(reply)) return reply;
  }
  return null;
}
