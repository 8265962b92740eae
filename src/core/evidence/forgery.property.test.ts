/**
 * Property: forgeries built from real manuscript text never pass, and verbatim quotes of it do.
 * The text is our sample novel plus, when it is present next to the repository, a spread of
 * chapters from the public-domain `classics` corpus (other authors, other centuries, other
 * punctuation). Forgeries: a negation dropped or elided, a quote started right after a negation,
 * fragments spliced from distant paragraphs, a line range shifted off the quote, and absence
 * claimed of a word the file has (as written, in another case, or in the plural).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryWorkspace } from '../testing/index.js';
import { quoteFragments } from './quote-fragments.js';
import { QuoteIndex } from './quote-index.js';
import { isStopWord } from './stop-words.js';
import { validateEvidence, type EvidenceContext } from './validate-evidence.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SAMPLE = path.join(ROOT, 'examples/glass-harbour/Story/Scenes');
const CLASSICS = path.resolve(ROOT, '../shared/corpus/classics/Story/Scenes');
const RUNS = 200;

interface Scene {
  path: string;
  text: string;
  /** Words of the body (after front matter) with offsets. */
  words: Array<{ start: number; end: number; text: string }>;
}

let scenes: Scene[] = [];
let context: EvidenceContext;

function load(folder: string, vfsFolder: string, every: number): Record<string, string> {
  const files: Record<string, string> = {};
  readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .forEach((name, index) => {
      if (index % every === 0) files[`${vfsFolder}/${name}`] = readFileSync(path.join(folder, name), 'utf8');
    });
  return files;
}

beforeAll(() => {
  const files = load(SAMPLE, 'Story/Scenes', 1);
  if (existsSync(CLASSICS)) Object.assign(files, load(CLASSICS, 'Story/Classics', 16));
  else console.info('forgery.property.test.ts: the classics corpus is not next to the repository; using the sample novel only.');
  const workspace = new MemoryWorkspace(files);
  context = { workspace, knownReceiptIds: new Set(), quoteIndex: new QuoteIndex() };
  scenes = Object.entries(files).map(([file, text]) => {
    const body = text.startsWith('---') ? text.indexOf('\n---', 3) + 4 : 0;
    const words = [...text.slice(body).matchAll(/[\p{L}\p{N}][\p{L}\p{N}’']*/gu)].map((match) => ({
      start: body + match.index,
      end: body + match.index + match[0].length,
      text: match[0],
    }));
    return { path: file, text, words };
  });
  expect(scenes.length).toBeGreaterThanOrEqual(12);
});

const NEGATIONS = /^(?:not|never|no|nor|nothing|nobody|nowhere|cannot|without|\w+n[’']t)$/i;
/** A negation right after a cut: "a coat that was" out of "a coat that was not his" is refused. */
const NEGATION_AFTER = /^[\s_*]*(?:not|never|no|nothing|nobody|hardly|scarcely|barely|seldom|rarely)\b/i;
const NEGATION_BEFORE = /(?:\b(?:not|no|never|nor|neither|nobody|nothing|nowhere|none|cannot|without|hardly|scarcely|barely|seldom|rarely)|n[’']t)[\s_*]*$/i;

const pick = fc.record({ scene: fc.nat(), at: fc.nat(), length: fc.integer({ min: 5, max: 16 }), gap: fc.integer({ min: 1, max: 3 }) });

function sceneOf(value: { scene: number }): Scene {
  return scenes[value.scene % scenes.length] as Scene;
}

/** A verbatim quote of `length` words from word `first` (the text between them kept as written). */
function quoteFrom(scene: Scene, first: number, length: number): string {
  const words = scene.words.slice(first, first + length);
  return scene.text.slice(words[0]?.start, words[words.length - 1]?.end).replace(/\s+/g, ' ');
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

const content = (file: string, quote: string): string => `The scene shows it.\nEvidence: content | ${file} | "${quote}"`;
const check = (reply: string) => validateEvidence(reply, context);

/** Word indexes of negations inside a clause (only spaces around them), for the negation forgeries. */
function negations(scene: Scene): number[] {
  return scene.words.flatMap((word, index) => {
    const previous = scene.words[index - 1];
    const next = scene.words[index + 1];
    if (!previous || !next || !NEGATIONS.test(word.text) || index < 3 || index > scene.words.length - 6) return [];
    const inClause = /^\s+$/.test(scene.text.slice(previous.end, word.start)) && /^\s+$/.test(scene.text.slice(word.end, next.start));
    return inClause ? [index] : [];
  });
}

describe('forgeries from real manuscript text', () => {
  it('passes every verbatim quote that can prove something', async () => {
    await fc.assert(
      fc.asyncProperty(pick, async (value) => {
        const scene = sceneOf(value);
        const first = value.at % Math.max(1, scene.words.length - value.length);
        const quote = quoteFrom(scene, first, value.length);
        const start = scene.words[first]?.start ?? 0;
        const end = scene.words[first + value.length - 1]?.end ?? start;
        fc.pre(quoteFragments(quote).ok && !quote.includes('"') && !NEGATION_BEFORE.test(scene.text.slice(Math.max(0, start - 12), start)) && !NEGATION_AFTER.test(scene.text.slice(end, end + 12)));
        const report = await check(content(scene.path, quote));
        expect(report.issues).toEqual([]);
        expect(report.locations[0]?.path).toBe(scene.path);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses a quote with its negation dropped, elided, or cut off the front', async () => {
    await fc.assert(
      fc.asyncProperty(pick, fc.constantFrom('drop', 'elide', 'after'), async (value, how) => {
        const scene = sceneOf(value);
        const found = negations(scene);
        fc.pre(found.length > 0);
        const at = found[value.at % found.length] as number;
        const before = quoteFrom(scene, Math.max(0, at - 3), Math.min(3, at));
        const after = quoteFrom(scene, at + 1, 5);
        const quote = how === 'drop' ? `${before} ${after}` : how === 'elide' ? `${before} … ${after}` : after;
        const report = await check(content(scene.path, quote));
        expect(report.ok, quote).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses fragments spliced from distant paragraphs', async () => {
    await fc.assert(
      fc.asyncProperty(pick, async (value) => {
        const scene = sceneOf(value);
        const first = value.at % Math.max(1, scene.words.length - 200);
        const head = quoteFrom(scene, first, 4);
        // Far enough on that the two fragments cannot be one passage.
        const farWord = scene.words.findIndex((word) => word.start > (scene.words[first]?.end ?? 0) + 1500);
        fc.pre(farWord > 0 && farWord < scene.words.length - 4);
        const tail = quoteFrom(scene, farWord, 4);
        // Each fragment written once in the file, so no closer pair of them makes the quote true.
        const flat = scene.text.replace(/\s+/g, ' ');
        const once = (fragment: string): boolean => flat.indexOf(fragment) === flat.lastIndexOf(fragment);
        fc.pre(quoteFragments(`${head} … ${tail}`).ok && once(head) && once(tail));
        const report = await check(content(scene.path, `${head} … ${tail}`));
        expect(report.ok, `${head} … ${tail}`).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses a verbatim quote cited with a line range shifted off it', async () => {
    await fc.assert(
      fc.asyncProperty(pick, async (value) => {
        const scene = sceneOf(value);
        const first = value.at % Math.max(1, scene.words.length - value.length);
        const quote = quoteFrom(scene, first, value.length);
        fc.pre(quoteFragments(quote).ok && !quote.includes('"'));
        const startLine = lineOf(scene.text, scene.words[first]?.start ?? 0);
        const endLine = lineOf(scene.text, scene.words[first + value.length - 1]?.end ?? 0);
        const lines = scene.text.split('\n').length;
        // A window of the same size, moved past the quote (or before it near the end of the file).
        const size = endLine - startLine + value.gap;
        const shifted = endLine + size + 1 <= lines ? { start: endLine + 1, end: endLine + size } : { start: 1, end: Math.max(1, startLine - 1) };
        fc.pre(shifted.end < startLine || shifted.start > endLine);
        // The same words may be written elsewhere in the shifted window: then the citation is true.
        const window = scene.text.split('\n').slice(shifted.start - 1, shifted.end).join(' ').replace(/\s+/g, ' ');
        fc.pre(!window.includes(quote));
        const report = await check(content(`${scene.path}#L${shifted.start}-L${shifted.end}`, quote));
        expect(report.ok).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses absence claimed of a word the file has, as written, in capitals or in the plural', async () => {
    await fc.assert(
      fc.asyncProperty(pick, fc.constantFrom('as-is', 'upper', 'plural'), async (value, form) => {
        const scene = sceneOf(value);
        const candidates = scene.words.filter((word) => /^[\p{L}]{4,}$/u.test(word.text) && !isStopWord(word.text));
        fc.pre(candidates.length > 0);
        const word = (candidates[value.at % candidates.length] as { text: string }).text;
        const term = form === 'upper' ? word.toUpperCase() : form === 'plural' && !/s$/i.test(word) ? `${word}s` : word;
        const reply = `It never comes up.\nEvidence: absence | ${scene.path} | checked ${scene.path} for "${term}"`;
        const report = await check(reply);
        expect(report.issues.map((issue) => issue.code)).toContain('absence_contradicted');
        expect(report.absenceHits.length).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('accepts absence of a word that is truly not in the scope', async () => {
    const scene = scenes[0] as Scene;
    const report = await check(`No zeppelin.\nEvidence: absence | ${scene.path} | checked ${scene.path} for "zeppelinqx"`);
    expect(report.issues).toEqual([]);
    expect(report.searched).toEqual([scene.path]);
  });
});
