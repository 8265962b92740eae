import { findDialogueSpans, type DialogueSpan } from './dialogue-spans.js';
import { fictionSentenceStarts } from './fiction-sentences.js';
import { groupWords } from './group-words.js';
import type { ProseEngine, TaggedText } from './nlp-engine.js';
import type { ProseDocument, ProseWord } from './prose-document.js';
import type { SceneParagraph } from './scene-text.js';

const HYPHENS = new Set(['-', '\u2010']);
const CONTRACTION_ENDING = /['\u2019](t|ll|re|ve|d|m)$/;

/** Counts how many sorted `positions` are below `offset`, advancing a cursor (callers go in order). */
function advance(positions: readonly number[], cursor: number, offset: number): number {
  let next = cursor;
  while (next < positions.length && (positions[next] ?? Infinity) <= offset) next += 1;
  return next;
}

function spanAt(spans: readonly DialogueSpan[], cursor: number, offset: number): { cursor: number; inside: boolean } {
  let next = cursor;
  while (next < spans.length && (spans[next]?.end ?? 0) <= offset) next += 1;
  const span = spans[next];
  return { cursor: next, inside: span !== undefined && span.start <= offset && offset < span.end };
}

function newlinePositions(text: string): number[] {
  const positions: number[] = [];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) positions.push(index);
  return positions;
}

/** One paragraph being added: its tags, sentence starts and quoted spans, and where its records go. */
interface ParagraphWork {
  document: ProseDocument;
  paragraph: SceneParagraph;
  index: number;
  tagged: TaggedText;
  starts: number[];
  spans: DialogueSpan[];
  /** Local sentence number → index in `document.sentences` (created at its first word). */
  sentenceOf: Map<number, number>;
  /** Span number → index in `document.quotes` (created at its first word). */
  quoteOf: Map<number, number>;
}

function sentenceFor(work: ParagraphWork, local: number, line: number): number {
  const known = work.sentenceOf.get(local);
  if (known !== undefined) return known;
  const { document, paragraph, tagged, starts } = work;
  const from = tagged.offsets[starts[local] ?? 0] ?? 0;
  const next = starts[local + 1];
  const to = next === undefined ? paragraph.text.length : (tagged.offsets[next] ?? paragraph.text.length);
  const text = paragraph.text.slice(from, to).replace(/\s+/g, ' ').trim();
  document.sentences.push({ paragraph: work.index, line, endLine: line, words: 0, dialogueWords: 0, text });
  work.sentenceOf.set(local, document.sentences.length - 1);
  return document.sentences.length - 1;
}

function quoteFor(work: ParagraphWork, spanIndex: number, line: number): number {
  const known = work.quoteOf.get(spanIndex);
  if (known !== undefined) return known;
  const span = work.spans[spanIndex];
  const text = span === undefined ? '' : work.paragraph.text.slice(span.start, span.end);
  const next = work.document.words.length;
  work.document.quotes.push({
    paragraph: work.index,
    line,
    endLine: line,
    words: 0,
    mark: span?.mark ?? 'curly-double',
    firstWord: next,
    lastWord: next,
    question: text.includes('?'),
    exclamation: text.includes('!'),
  });
  work.quoteOf.set(spanIndex, work.document.quotes.length - 1);
  return work.document.quotes.length - 1;
}

function wordOf(tagged: TaggedText, group: readonly number[], place: Pick<ProseWord, 'line' | 'paragraph' | 'sentence' | 'quote'>): ProseWord {
  const head = group[0] ?? 0;
  const text = group.map((index) => tagged.values[index]).join('');
  const normal = text.toLowerCase();
  const hyphenated = group.some((index) => HYPHENS.has(tagged.values[index] ?? ''));
  return {
    text,
    normal,
    // A hyphenated compound is its own lemma; a contraction or possessive takes its head's (keeper’s → keeper).
    lemma: hyphenated ? normal : (tagged.lemmas[head] ?? normal).toLowerCase(),
    pos: tagged.pos[head] ?? 'X',
    stopWord: tagged.stopWords[head] === true,
    contraction: group.some((index) => tagged.contractions[index] === true) || CONTRACTION_ENDING.test(normal),
    ...place,
  };
}

/** Adds a word and updates the counts of its sentence and quote. */
function addWord(document: ProseDocument, word: ProseWord): void {
  const sentence = document.sentences[word.sentence];
  if (sentence) {
    sentence.words += 1;
    sentence.endLine = word.line;
    if (word.quote >= 0) sentence.dialogueWords += 1;
  }
  const quote = document.quotes[word.quote];
  if (quote) {
    quote.words += 1;
    quote.endLine = word.line;
    quote.lastWord = document.words.length;
  }
  document.words.push(word);
}

/** Adds one paragraph's words, sentences and quotes to the document. */
function addParagraph(engine: ProseEngine, document: ProseDocument, paragraph: SceneParagraph): void {
  const tagged = engine.tag(paragraph.text);
  const work: ParagraphWork = {
    document,
    paragraph,
    index: document.paragraphs.length,
    tagged,
    starts: fictionSentenceStarts(tagged),
    spans: findDialogueSpans(paragraph.text),
    sentenceOf: new Map(),
    quoteOf: new Map(),
  };
  const newlines = newlinePositions(paragraph.text);
  const firstWord = document.words.length;
  // Words come in text order, so each lookup resumes where the previous one stopped: linear overall.
  let lineCursor = 0;
  let startCursor = 0;
  let spanCursor = 0;
  for (const group of groupWords(tagged)) {
    const head = group[0] ?? 0;
    const offset = tagged.offsets[head] ?? 0;
    lineCursor = advance(newlines, lineCursor, offset);
    startCursor = advance(work.starts, startCursor, head);
    const span = spanAt(work.spans, spanCursor, offset);
    spanCursor = span.cursor;
    const line = paragraph.startLine + lineCursor;
    const sentence = sentenceFor(work, startCursor - 1, line);
    const quote = span.inside ? quoteFor(work, spanCursor, line) : -1;
    addWord(document, wordOf(tagged, group, { line, paragraph: work.index, sentence, quote }));
  }
  const words = document.words.length - firstWord;
  if (words === 0) return;
  const dialogueWords = document.words.slice(firstWord).filter((word) => word.quote >= 0).length;
  document.paragraphs.push({ startLine: paragraph.startLine, endLine: paragraph.endLine, words, sentences: work.sentenceOf.size, dialogueWords });
}

/** Tags every paragraph once and builds the document the metrics read. Linear in the text length. */
export function buildProseDocument(paragraphs: readonly SceneParagraph[], engine: ProseEngine): ProseDocument {
  const document: ProseDocument = { words: [], sentences: [], paragraphs: [], quotes: [] };
  for (const paragraph of paragraphs) addParagraph(engine, document, paragraph);
  return document;
}
