/**
 * Quote verification over a manuscript of a million words (the `classics` corpus next to the
 * repository: 380 scenes of six public-domain novels plus a Compendium), quotes per second.
 *
 * Ours: `QuoteIndex` — every file folded once (NFKC, quotes, dashes, whitespace) with a map back
 * to the original, behind a word index, so "where in the manuscript is this quote?" costs a few
 * lookups. Baseline: the straightforward check — for each quote, normalise every file of the
 * manuscript and search it with `indexOf`. Both answer the same question for the same quotes:
 * random real quotes (4–20 words, often across a line wrap) and some with one word changed.
 *
 * Also printed: the time to build the index (target under 2 s), the rate of the per-file check
 * `validateEvidence` makes against a cited file, and a file change that re-indexes only that file.
 * The corpus is copied to a temp folder first, so the change never touches the shared copy.
 */
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FsWorkspace } from '../src/adapters/fs-workspace/index.js';
import { locateInFile, QuoteIndex, quoteFragments, validateEvidence } from '../src/core/evidence/index.js';
import { measure, measureAsync, result, type Benchmark, type BenchResult } from './harness.js';
import { SeededRandom } from '../test/reliability/helpers/text-mutator.js';
import { writableCopy } from '../test/support/writable-copy.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLASSICS = path.resolve(REPO_ROOT, '..', 'shared', 'corpus', 'classics');
const QUOTES = 2000;
const FAKE_SHARE = 0.1;
const TARGET_RATE = 20_000;
const TARGET_RATIO = 100;
const TARGET_BUILD_MS = 2000;

interface Quote {
  path: string;
  text: string;
  real: boolean;
}

function drawQuotes(files: Array<{ path: string; text: string }>, count: number): Quote[] {
  // Seeded, so every run draws the same quotes.
  const random = new SeededRandom(20240601);
  const next = (): number => random.next();
  const quotes: Quote[] = [];
  while (quotes.length < count) {
    const file = files[Math.floor(next() * files.length)];
    if (!file) continue;
    const words = [...file.text.matchAll(/\S+/g)];
    const length = 4 + Math.floor(next() * 17);
    if (words.length <= length) continue;
    const first = Math.floor(next() * (words.length - length));
    const firstWord = words[first];
    const lastWord = words[first + length - 1];
    if (!firstWord || !lastWord) continue;
    let text = file.text.slice(firstWord.index, lastWord.index + lastWord[0].length);
    if (next() < 0.5) text = text.replace(/\n/g, ' ');
    const real = next() >= FAKE_SHARE;
    if (!real) {
      const parts = text.split(' ');
      parts[Math.floor(next() * parts.length)] = 'quixotically';
      text = parts.join(' ');
    }
    quotes.push({ path: file.path, text, real });
  }
  return quotes;
}

/** The baseline's normalisation: what one writes first, applied to the whole text every time. */
function naiveNormalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[“”„«»]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/\s*[—–‒−]+\s*|\s*--+\s*/g, '-')
    .replace(/[*_]/g, '')
    .replace(/\s+/g, ' ');
}

const cpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function copyCorpus(): Promise<string> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-bench-quotes-'));
  // The shared corpus is read-only; the copy must be writable for the change below.
  await writableCopy(CLASSICS, base);
  return base;
}

async function run(): Promise<BenchResult> {
  if (!existsSync(path.join(CLASSICS, 'Story'))) {
    const message = `skipped: the classics corpus is not at ${path.relative(REPO_ROOT, CLASSICS)} (a workspace folder with Story/ and Compendium/).`;
    process.stdout.write(`  ${message}\n`);
    return { name: 'quote verification', input: 'none', ours: { label: 'index', opsPerSecond: 0 }, baseline: { label: 'naive', opsPerSecond: 0 }, ratio: 0, notes: [message] };
  }
  const root = await copyCorpus();
  try {
    const workspace = await FsWorkspace.open(root);
    const index = new QuoteIndex();
    const wallStart = performance.now();
    const cpuStart = cpuMs();
    const search = await index.manuscript(workspace);
    const buildMs = performance.now() - wallStart;
    const buildCpuMs = cpuMs() - cpuStart;

    const files = await Promise.all(search.paths().map(async (file) => ({ path: file, text: (await workspace.read(file)).content })));
    const words = files.reduce((sum, file) => sum + (file.text.match(/\S+/g)?.length ?? 0), 0);
    const scenes = files.filter((file) => file.path.startsWith('Story/Scenes/'));
    const quotes = drawQuotes(scenes, QUOTES);
    const folded = quotes.map((quote) => {
      const split = quoteFragments(quote.text);
      if (!split.ok) throw new Error(split.reason);
      return split.fragments;
    });

    // Correctness first: every real quote is found in its file, no altered one anywhere.
    quotes.forEach((quote, at) => {
      const hits = search.find(folded[at] ?? [], 3);
      if (quote.real && !hits.some((hit) => hit.path === quote.path)) throw new Error(`real quote not found: ${quote.text}`);
      if (!quote.real && hits.length > 0) throw new Error(`altered quote found: ${quote.text}`);
    });

    let cursor = 0;
    const oursRate = measure(() => search.find(folded[cursor++ % folded.length] ?? [], 1), { ms: 1500 });
    const naiveQuotes = quotes.map((quote) => naiveNormalise(quote.text));
    let naiveCursor = 0;
    const baselineRate = measure(
      () => {
        const needle = naiveQuotes[naiveCursor++ % naiveQuotes.length] ?? '';
        return files.some((file) => naiveNormalise(file.text).includes(needle));
      },
      { ms: 3000 },
    );

    // The check validateEvidence makes: the cited file, current (stat), cached, searched.
    let citedCursor = 0;
    const citedRate = await measureAsync(async () => {
      const quote = quotes[citedCursor % quotes.length] as Quote;
      const fragments = folded[citedCursor++ % folded.length] ?? [];
      return locateInFile(await index.file(workspace, quote.path), fragments);
    }, { ms: 1500 });
    // Replies quote with straight marks, so take real quotes without quotation marks of their own.
    const plain = quotes.filter((quote) => quote.real && !/["“”]/.test(quote.text));
    let replyCursor = 0;
    const known = new Set<string>();
    const validateRate = await measureAsync(async () => {
      const quote = plain[replyCursor++ % plain.length] as Quote;
      const report = await validateEvidence(`A grounded answer.\nEvidence: content | ${quote.path} | "${quote.text.replace(/\n/g, ' ')}"`, { workspace, knownReceiptIds: known, quoteIndex: index });
      if (!report.ok) throw new Error(`validateEvidence rejected a real quote: ${report.issues.map((issue) => issue.message).join('; ')}`);
    }, { ms: 1500 });

    // A file changes: only it is read and indexed again, and search follows the new text.
    const changed = scenes[0] as { path: string; text: string };
    const before = index.builds;
    const sentence = 'The lamp room smelled of paraffin and of something older than paraffin.';
    await fs.appendFile(path.join(root, changed.path), `\n${sentence}\n`);
    const refreshStart = performance.now();
    await index.manuscript(workspace);
    const refreshMs = performance.now() - refreshStart;
    const reindexed = index.builds - before;
    const added = quoteFragments(sentence);
    const found = added.ok && search.find(added.fragments, 1)[0]?.path === changed.path;
    if (reindexed !== 1 || !found) throw new Error(`after a change: ${reindexed} files re-indexed, new text found: ${found}`);

    const ratio = oursRate / baselineRate;
    const fakes = quotes.filter((quote) => !quote.real).length;
    return result(
      'quote verification',
      `${QUOTES.toLocaleString('en-US')} quotes (${fakes} altered) over ${words.toLocaleString('en-US')} words in ${files.length} files`,
      { label: 'word index', opsPerSecond: oursRate },
      { label: 'normalise+scan every file', opsPerSecond: baselineRate },
      [
        `index build: ${Math.round(buildMs)} ms wall, ${Math.round(buildCpuMs)} ms CPU for ${files.length} files (target under ${TARGET_BUILD_MS} ms: ${buildMs < TARGET_BUILD_MS ? 'met' : 'not met on this machine'})`,
        `manuscript-wide lookups: ${Math.round(oursRate).toLocaleString('en-US')} quotes/s (target ≥ ${TARGET_RATE.toLocaleString('en-US')}: ${oursRate >= TARGET_RATE ? 'met' : 'not met'}); ${ratio.toFixed(0)}× the baseline (target ≥ ${TARGET_RATIO}×: ${ratio >= TARGET_RATIO ? 'met' : 'not met'})`,
        `cited-file check as validateEvidence makes it (stat + cached fold + search): ${Math.round(citedRate).toLocaleString('en-US')} quotes/s; whole validateEvidence on a one-quote reply: ${Math.round(validateRate).toLocaleString('en-US')} replies/s`,
        `after appending to ${changed.path}: ${reindexed} file re-indexed in a ${Math.round(refreshMs)} ms refresh (a stat of every file), and the new sentence is found`,
        'every real quote was found in its own file and no altered quote anywhere, before timing',
      ],
    );
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}

const benchmark: Benchmark = { name: 'quote verification', run };
export default benchmark;
