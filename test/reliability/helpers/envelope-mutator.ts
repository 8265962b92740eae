/**
 * Tool-call inputs for the parser fuzz (issue 8). A corpus of valid calls is built once; each input
 * is then a valid text with shared text edits (text-mutator.ts), or a copy of a valid call with
 * structural edits (structure-mutator.ts) written as JSON in some style, sometimes followed by an
 * envelope trick (duplicate nonce keys, escaped nonces, several calls, wrappers, `__proto__`) and
 * text edits. `systematicEdits` adds truncation at every position and the like.
 */
import { guessedNonce, nearMissNonce } from './nonce-mutator.js';
import { editStructure, isObject, withDeepValue } from './structure-mutator.js';
import { mutateText, SeededRandom } from './text-mutator.js';

export type Envelope = Record<string, unknown>;

/** One fuzz input. */
export interface MutatedEnvelope {
  text: string;
  /** What was done, in order, e.g. `nonce:near-miss+render:pretty+text:delete`. */
  label: string;
  /** Set only when `text` is exactly this object as JSON: the test then knows the one right verdict. */
  object?: Envelope;
}

export interface EnvelopeCorpus {
  nonce: string;
  envelopes: readonly Envelope[];
  /** Valid renderings of every envelope: compact, indented, reordered, args as a string, tool ids respelled. */
  texts: readonly string[];
  /** The compact rendering of every envelope. */
  compact: readonly string[];
}

/** Calls that use every optional argument, and values with emoji, RTL text and zero-width characters. */
const FULL_CALLS: ReadonlyArray<{ tool: string; args: Record<string, unknown> }> = [
  { tool: 'file_locator', args: { search_criteria: 'SCN-0?-*.md', scan_mode: 'DEEP_SCAN', max_results: 200, include_globs: true, dry_run: false } },
  { tool: 'file_reader', args: { path: 'Story/Scenes/SCN-12-the-glass.md', start_line: 1, end_line: 2 } },
  { tool: 'file_reader', args: { path: 'Canon.md' } },
  { tool: 'outline_analyzer', args: { outline_path: 'Story/SCN-outline.md', mode: 'beats', dry_run: true } },
  { tool: 'outline_analyzer', args: {} },
  { tool: 'canon_checker', args: { scene_path: 'Story/Scenes/SCN-03-the-drowned-bell.md', canon_paths: ['Canon.md', 'Compendium/Characters/CHAR-hester-vane.md'], mode: 'lenient', dry_run: false } },
  { tool: 'task_router', args: { user_request: 'Check scene 4 against “Day 2, evening” — 🐋 \u05e9\u05dc\u05d5\u05dd zero\u200bwidth', dry_run: true } },
  { tool: 'search_issues', args: { tags: ['continuity', 'timeline'], assignedTo: 'chief', status: 'all', priority: 'urgent', personalTags: ['mine'], personalAgent: 'continuity', excludePersonalTags: ['done'], minInterestLevel: 5 } },
  { tool: 'search_issues', args: {} },
  { tool: 'prose_analyzer', args: { scene_path: 'Story/Scenes/SCN-01-the-lamp-room.md', focus: 'rhythm', dry_run: true } },
  { tool: 'consistency_checker', args: { file_paths: ['Story/Scenes/SCN-01-the-lamp-room.md', 'Story/Scenes/SCN-02-harbour-house.md'], focus: 'events' } },
  { tool: 'scene_draft_validator', args: { scene_path: 'Story/Scenes/SCN-05-the-surgery.md', outline_path: 'Story/SCN-outline.md', include_canon: true, dry_run: false } },
];

const camelCase = (key: string): string => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** The valid ways to write one envelope; the parser must accept every one of them. */
function renderingsOf(envelope: Envelope): string[] {
  const { tool, args, nonce } = envelope as { tool: string; args: Record<string, unknown>; nonce: string };
  return [
    JSON.stringify(envelope),
    JSON.stringify(envelope, null, 2),
    JSON.stringify({ nonce, args, tool }, null, '\t'),
    JSON.stringify({ tool, args: JSON.stringify(args), nonce }),
    JSON.stringify({ tool: tool.replace(/_/g, '-').toUpperCase(), args, nonce }),
    ` \n${JSON.stringify({ tool: camelCase(tool), args, nonce })}\r\n\t`,
  ];
}

/** The corpus: each tool's catalog example plus FULL_CALLS, with this turn's nonce, in every rendering. */
export function buildEnvelopeCorpus(examples: ReadonlyArray<{ tool: string; args: Record<string, unknown> }>, nonce: string): EnvelopeCorpus {
  const envelopes = [...examples, ...FULL_CALLS].map(({ tool, args }) => ({ tool, args, nonce }));
  return { nonce, envelopes, texts: envelopes.flatMap(renderingsOf), compact: envelopes.map((envelope) => JSON.stringify(envelope)) };
}

/** The envelope as JSON in one of the styles models use. */
function render(envelope: Envelope, random: SeededRandom): { text: string; style: string } {
  const roll = random.int(10);
  if (roll < 5) return { text: JSON.stringify(envelope), style: 'compact' };
  if (roll < 7) return { text: JSON.stringify(envelope, null, 2), style: 'indented' };
  if (roll < 8) return { text: JSON.stringify(envelope, null, '\t'), style: 'tabbed' };
  if (roll < 9 && isObject(envelope.args)) return { text: JSON.stringify({ ...envelope, args: JSON.stringify(envelope.args) }), style: 'args-string' };
  return { text: ` ${JSON.stringify(envelope)}\n`, style: 'padded' };
}

/** `\uXXXX` escapes for some or all characters of the nonce: the same JSON string, other bytes. */
function escapeSome(nonce: string, random: SeededRandom): string {
  const all = random.chance(0.3);
  let escaped = '';
  for (const character of nonce) escaped += all || random.chance(0.3) ? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}` : character;
  return escaped;
}

type EnvelopeTrick = (text: string, random: SeededRandom, corpus: EnvelopeCorpus) => { text: string; faithful: boolean };

/** Tricks on the rendered text; `faithful` says whether the text still means the same object. */
const ENVELOPE_TRICKS: ReadonlyArray<readonly [string, EnvelopeTrick]> = [
  ['escaped-nonce', (text, random, corpus) => ({ text: text.replace(JSON.stringify(corpus.nonce), `"${escapeSome(corpus.nonce, random)}"`), faithful: true })],
  ['nonce-before', (text, random, corpus) => ({ text: `{"nonce":${JSON.stringify(nearMissNonce(random, corpus.nonce))},${text.trimStart().slice(1)}`, faithful: false })],
  ['nonce-after', (text, random, corpus) => ({ text: `${text.trimEnd().slice(0, -1)},"nonce":${JSON.stringify(guessedNonce(random, corpus.nonce))}}`, faithful: false })],
  ['proto', (text, random) => {
    const injected = '"__proto__":{"polluted":"yes","nonce":"x"},';
    return { text: random.chance(0.5) ? `{${injected}${text.trimStart().slice(1)}` : text.replace(/"args":\s*\{/, (found) => found + injected), faithful: false };
  }],
  ['several', (text, random, corpus) => {
    const other = random.pick(corpus.texts);
    const joined = random.pick([`${text}${other}`, `${text}\n${other}`, `[${text},${other}]`, `{"tool_calls":[${text},${other}]}`, `${text},${other}`, `[${text}]`]);
    return { text: joined, faithful: false };
  }],
  ['wrapped', (text, random) => {
    const [before, after] = random.pick([['```json\n', '\n```'], ['```\n', '```'], ['<tool_call>', '</tool_call>'], ['Sure! ', ''], ['', '\nDone.'], ['<think>x</think>', ''], ['\ufeff', ''], ['TOOL_NONCE: x\n', ''], ['"', '"'], ['[TOOL_REQUEST]', '[END_TOOL_REQUEST]']]);
    return { text: before + text + after, faithful: false };
  }],
  ['whitespace', (text, random) => ({ text: random.pick([' ', '\n', '\r\n', '\t', '\n\n\n']).repeat(1 + random.int(4)) + text + random.pick(['', ' ', '\n']), faithful: true })],
];

/** One fuzz input made from the corpus: ~30% shared text edits of a valid text, the rest structural first. */
export function mutateEnvelope(corpus: EnvelopeCorpus, random: SeededRandom): MutatedEnvelope {
  if (random.chance(0.3)) {
    const edited = mutateText(random.pick(corpus.texts), random);
    return { text: edited.text, label: `text:${edited.label}` };
  }
  const base = random.pick(corpus.envelopes);
  const envelope: Envelope = { ...base, args: { ...(base.args as Record<string, unknown>) } };
  let label = editStructure(envelope, random, corpus.nonce);
  if (random.chance(0.3)) label += `+${editStructure(envelope, random, corpus.nonce)}`;
  const rendered = render(envelope, random);
  let text = rendered.text;
  // Args sent as a string holding the object mean the same call, so every rendering is faithful.
  let faithful = true;
  label += `+render:${rendered.style}`;
  const deep = withDeepValue(text, random);
  if (deep !== text) {
    text = deep;
    faithful = false;
  }
  if (random.chance(0.3)) {
    const [name, trick] = random.pick(ENVELOPE_TRICKS);
    const tricked = trick(text, random, corpus);
    text = tricked.text;
    faithful &&= tricked.faithful;
    label += `+trick:${name}`;
  }
  if (random.chance(0.15)) {
    const edited = mutateText(text, random);
    text = edited.text;
    faithful = false;
    label += `+text:${edited.label}`;
  }
  return faithful ? { text, label, object: envelope } : { text, label };
}

/**
 * Systematic edits: every valid text cut at every position (a reply truncated anywhere, even inside
 * a surrogate pair) and with each single character deleted; each given character inserted at every
 * position of the compact texts.
 */
export function* systematicEdits(corpus: EnvelopeCorpus, insertions: readonly string[]): Generator<MutatedEnvelope> {
  for (const text of corpus.texts) {
    for (let at = 0; at < text.length; at += 1) {
      yield { text: text.slice(0, at), label: 'systematic:truncate' };
      yield { text: text.slice(0, at) + text.slice(at + 1), label: 'systematic:delete' };
    }
  }
  for (const text of corpus.compact) {
    for (let at = 0; at <= text.length; at += 1) {
      for (const insertion of insertions) yield { text: text.slice(0, at) + insertion + text.slice(at), label: 'systematic:insert' };
    }
  }
}
