/**
 * Tool-call and path fuzz (issue 8; SPEC §4, §5). Each run checks a fixed count of inputs, made
 * from one seed (printed; `CR_FUZZ_SEED=<n>` repeats a run exactly): 1,000,000 tool-call inputs
 * through `parseToolCall` (never throws; never accepts without the exact nonce; whatever it accepts
 * is valid for the catalog schema) and 100,000 hostile paths through `normalizeVfsPath` and
 * `FsWorkspace.read` (nothing outside the workspace or in its app data is read). The bulk inputs
 * come from cheap seeded mutators (helpers/*-mutator.ts); fast-check runs the smaller property
 * tests, where shrinking pays. Counts are asserted; time is printed, never asserted.
 */
import { createHash, randomInt } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlRoomError, TOOL_ARG_SCHEMAS, type AcceptedToolCall } from '../../src/protocol/index.js';
import { FsWorkspace } from '../../src/adapters/fs-workspace/index.js';
import { dropNullOptionals, MAX_TOOL_CALL_CHARS, parseToolCall, type ParsedToolCall, type ToolCallRejection } from '../../src/core/tool-calls/index.js';
import { coreTools, ToolRegistry } from '../../src/core/tools/index.js';
import { normalizeVfsPath, type VfsPathCheck } from '../../src/core/vfs/index.js';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { buildEnvelopeCorpus, mutateEnvelope, systematicEdits, type Envelope, type MutatedEnvelope } from './helpers/envelope-mutator.js';
import { hostilePath, TRAVERSALS } from './helpers/hostile-values.js';
import { nearMissNonce } from './helpers/nonce-mutator.js';
import { hostilePathFrom, type PathTargets } from './helpers/path-mutator.js';
import { SeededRandom } from './helpers/text-mutator.js';

const SEED = fuzzSeed(process.env.CR_FUZZ_SEED);
const TOOL_CALL_INPUTS = 1_000_000;
const PATH_INPUTS = 100_000;
const PATH_PROPERTY_SAMPLES = 10_000;
const NONCE = 'n-7f3a9c2e-real-nonce';
const SYSTEMATIC_INSERTIONS = ['\u0000', '\u200b', '\u202e', '\ud800', '\udc00', '"', '{', '}', '\\', '\n'];

const registry = new ToolRegistry(coreTools());
const options = { nonce: NONCE, tools: registry };
const corpus = buildEnvelopeCorpus(coreTools().map((tool) => ({ tool: tool.id, args: tool.example as Record<string, unknown> })), NONCE);
const CATALOG: Readonly<Record<string, z.ZodObject>> = TOOL_ARG_SCHEMAS;
const PARSER_CODES = new Set(['tool_call_invalid_format', 'tool_call_unknown_tool', 'tool_call_invalid_args', 'tool_call_multiple', 'tool_call_nonce_invalid']);
const ENVELOPE_KEYS = new Set(['tool', 'args', 'nonce']);

function fuzzSeed(given: string | undefined): number {
  if (given === undefined || given === '') return randomInt(2 ** 31);
  const seed = Number(given);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) throw new Error(`CR_FUZZ_SEED must be an integer from 0 to 2^32-1, not ${JSON.stringify(given)}.`);
  return seed;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const schemaOf = (tool: unknown): z.ZodObject | undefined => (typeof tool === 'string' && Object.hasOwn(CATALOG, tool) ? CATALOG[tool] : undefined);
/**
 * The catalog's verdict on arguments, with the one rule the protocol adds to the schemas: a
 * `null` given for an optional argument counts as absent (strict-mode providers send optional
 * properties as null).
 */
function catalogAccepts(schema: z.ZodObject, args: Record<string, unknown>): boolean {
  return schema.safeParse(dropNullOptionals(args, schema).args).success;
}
const sortedJson = (value: Record<string, unknown>): string => JSON.stringify(Object.fromEntries(Object.entries(value).sort(([left], [right]) => (left < right ? -1 : 1))));

/** Object args, or a string holding one (the parser accepts both). */
function argsObject(value: unknown): Record<string, unknown> | undefined {
  if (isPlainObject(value)) return value;
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return isPlainObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one verdict SPEC §4's fixed check order gives a reply that is exactly `object` as JSON:
 * size, several calls, top-level keys, tool and args types, nonce, then tool and arguments.
 * Undefined where aliases or key normalisation decide (the accepted-call checks cover those).
 */
function expectedVerdict(text: string, object: Envelope): string | undefined {
  if (text.length > MAX_TOOL_CALL_CHARS) return 'tool_call_invalid_format';
  for (const key of ['tool_calls', 'calls']) {
    const calls = object[key];
    if (Object.hasOwn(object, key) && Array.isArray(calls) && calls.length > 1) return 'tool_call_multiple';
  }
  if (Object.keys(object).some((key) => !ENVELOPE_KEYS.has(key)) || !Object.hasOwn(object, 'tool') || !Object.hasOwn(object, 'args')) return 'tool_call_invalid_format';
  const args = argsObject(object.args);
  if (typeof object.tool !== 'string' || !args) return 'tool_call_invalid_format';
  if (object.nonce !== NONCE) return 'tool_call_nonce_invalid';
  const schema = schemaOf(object.tool);
  if (!schema || Object.keys(args).some((key) => !Object.hasOwn(schema.shape, key))) return undefined;
  return catalogAccepts(schema, args) ? 'accepted' : 'tool_call_invalid_args';
}

/** What is wrong with an accepted call, judged from the reply text alone; undefined when nothing. */
function acceptedProblem(text: string, call: AcceptedToolCall): string | undefined {
  let sent: unknown;
  try {
    sent = JSON.parse(text.trim());
  } catch {
    return 'accepted a reply that is not one JSON object';
  }
  if (!isPlainObject(sent)) return 'accepted a reply that is not one JSON object';
  const keys = Object.keys(sent).sort().join(',');
  if (keys !== 'args,nonce,tool') return `accepted top-level keys ${keys}`;
  if (sent.nonce !== NONCE) return `accepted nonce ${JSON.stringify(sent.nonce)}`;
  const schema = schemaOf(call.tool);
  if (!schema) return `accepted unknown tool ${JSON.stringify(call.tool)}`;
  if (!catalogAccepts(schema, call.args)) return `accepted arguments the catalog schema of ${call.tool} refuses`;
  const aliased = call.applied.some((step) => step.kind === 'tool_alias' && step.from === sent.tool && step.to === call.tool);
  if (sent.tool !== call.tool && !aliased) return `ran ${call.tool} for ${JSON.stringify(sent.tool)}`;
  const args = argsObject(sent.args);
  if (!args) return 'accepted arguments that are not an object';
  const renamed = Object.fromEntries(Object.entries(args).map(([key, value]) => [call.applied.find((step) => step.kind === 'arg_key' && step.from === key)?.to ?? key, value]));
  // Nulls for optional arguments are recorded as dropped; nothing else may differ.
  return sortedJson(dropNullOptionals(renamed, schema).args) === sortedJson(call.args) ? undefined : 'accepted other arguments than the ones sent';
}

/** What is wrong with a rejection; undefined when nothing. */
function rejectedProblem(rejection: ToolCallRejection): string | undefined {
  if (!PARSER_CODES.has(rejection.code)) return `unknown rejection code ${JSON.stringify(rejection.code)}`;
  if (typeof rejection.message !== 'string' || rejection.message === '' || !Array.isArray(rejection.issues)) return 'a rejection without a message or issues';
  // The parser's catch-all: something inside threw (a stack overflow, say). Never expected here.
  if (rejection.message.startsWith('The reply could not be checked')) return `internal failure: ${rejection.message}`;
  return undefined;
}

/** Judges one input; returns the verdict name for the tally, and a problem when there is one. */
function judge(input: MutatedEnvelope): { verdict: string; problem?: string } {
  let parsed: ParsedToolCall;
  try {
    parsed = parseToolCall(input.text, options);
  } catch (error) {
    return { verdict: 'threw', problem: `threw ${String(error)}` };
  }
  const verdict = parsed.ok ? 'accepted' : parsed.code;
  const problem = parsed.ok ? acceptedProblem(input.text, parsed) : rejectedProblem(parsed);
  if (problem !== undefined) return { verdict, problem };
  const expected = input.object ? expectedVerdict(input.text, input.object) : undefined;
  return expected === undefined || expected === verdict ? { verdict } : { verdict, problem: `expected ${expected}, got ${verdict}` };
}

const shown = (text: string): string => JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…(${text.length} chars)` : text);

describe('parseToolCall fuzz', () => {
  beforeAll(() => {
    console.info(`fuzz seed ${SEED}: CR_FUZZ_SEED=${SEED} repeats this run exactly`);
  });

  it('accepts every valid rendering of the corpus, and none of them with a near-miss nonce', () => {
    const random = new SeededRandom(SEED);
    for (const text of corpus.texts) expect(parseToolCall(text, options), text).toMatchObject({ ok: true });
    for (const envelope of corpus.envelopes) {
      const text = JSON.stringify({ ...envelope, nonce: nearMissNonce(random, NONCE) });
      expect(parseToolCall(text, options), text).toMatchObject({ ok: false, code: 'tool_call_nonce_invalid' });
    }
  });

  it(`never throws, accepts nothing without the exact nonce, and accepts only calls the catalog schema allows (${TOOL_CALL_INPUTS.toLocaleString('en')} inputs)`, () => {
    const random = new SeededRandom(SEED);
    const verdicts = new Map<string, number>();
    const failures: string[] = [];
    let count = 0;
    let withKnownVerdict = 0;
    const started = performance.now();
    const check = (input: MutatedEnvelope): void => {
      const { verdict, problem } = judge(input);
      verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1);
      if (input.object) withKnownVerdict += 1;
      if (problem !== undefined && failures.length < 10) failures.push(`#${count} [${input.label}] ${shown(input.text)}: ${problem}`);
      count += 1;
    };
    for (const input of systematicEdits(corpus, SYSTEMATIC_INSERTIONS)) check(input);
    const systematic = count;
    while (count < TOOL_CALL_INPUTS) check(mutateEnvelope(corpus, random));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const tally = [...verdicts].sort(([, left], [, right]) => right - left).map(([verdict, times]) => `${verdict} ${times.toLocaleString('en')}`).join(', ');
    console.info(`parseToolCall fuzz (seed ${SEED}): ${count.toLocaleString('en')} inputs (${systematic.toLocaleString('en')} systematic, ${withKnownVerdict.toLocaleString('en')} with a known verdict) in ${seconds} s: ${tally}`);
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(count).toBe(TOOL_CALL_INPUTS);
    expect(count).toBeGreaterThanOrEqual(1_000_000);
    // Every outcome is reached, so a mutator that only ever breaks the JSON would fail here.
    for (const verdict of ['accepted', ...PARSER_CODES]) expect(verdicts.get(verdict) ?? 0, verdict).toBeGreaterThan(100);
    expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
  }, 600_000);

  it('accepts a structurally valid envelope only with the exact nonce (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), fc.constant(NONCE), fc.constantFrom(...NONCE).map((letter) => NONCE.replace(letter, ''))), fc.constantFrom(...corpus.envelopes), (nonce, envelope) => {
        const parsed = parseToolCall(JSON.stringify({ ...envelope, nonce }), options);
        expect(parsed.ok).toBe(nonce === NONCE);
      }),
      { numRuns: 3000, seed: SEED },
    );
  });

  it('with the exact nonce, accepts canonical arguments exactly when the catalog schema does (property)', () => {
    const tools = Object.keys(CATALOG);
    const argsFor = (tool: string) => fc.dictionary(fc.constantFrom(...Object.keys(CATALOG[tool]!.shape)), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('Story/Scenes/SCN-01-the-lamp-room.md', 'DEEP_SCAN', 'open', 'all', 'events')), { maxKeys: 5 });
    fc.assert(
      fc.property(fc.constantFrom(...tools).chain((tool) => fc.tuple(fc.constant(tool), argsFor(tool))), ([tool, args]) => {
        const parsed = parseToolCall(JSON.stringify({ tool, args, nonce: NONCE }), options);
        expect(parsed.ok, JSON.stringify(args)).toBe(catalogAccepts(CATALOG[tool]!, args));
      }),
      { numRuns: 3000, seed: SEED },
    );
  });
});

const CANARY = 'CANARY-never-read-3b9f';
const LONG_AGO = new Date('2001-01-01T00:00:00Z');
/** Links planted in the workspace: [vfs path, target relative to the temp base folder]; `novel/` is the workspace. */
const LINKS: ReadonlyArray<readonly [string, string]> = [
  ['Story/escape.md', 'outside/secret.md'],
  ['Story/Outside', 'outside'],
  ['Compendium/app-data', 'novel/.control-room'],
  ['Compendium/Lore/key-link.md', 'novel/.control-room/canary.md'],
  ['Story/dangling.md', 'outside/missing.md'],
  ['Story/Inner', 'novel/Story/Scenes'],
  ['Story/inner-link.md', 'novel/Story/SCN-outline.md'],
];

/** What reading each existing path must give: `ok` with the file's sha256, or the refusal code. */
interface PathLayout {
  expected: Map<string, { code: string; sha256?: string }>;
  targets: PathTargets;
  /** Files outside the workspace or in its app data, with their access time: none may be read. */
  untouchable: Map<string, number>;
}

const sha256 = async (file: string): Promise<string> => createHash('sha256').update(await fs.readFile(file)).digest('hex');

/** Records every file and folder under `diskDir` as `vfsDir/...`, readable or refused as a whole. */
async function mapTree(diskDir: string, vfsDir: string, readable: boolean, into: PathLayout['expected']): Promise<void> {
  into.set(vfsDir, { code: readable ? 'path_is_directory' : 'path_outside_workspace' });
  for (const entry of await fs.readdir(diskDir, { withFileTypes: true })) {
    const disk = path.join(diskDir, entry.name);
    const vfs = `${vfsDir}/${entry.name}`;
    if (entry.isDirectory()) await mapTree(disk, vfs, readable, into);
    else if (entry.isFile()) into.set(vfs, readable ? { code: 'ok', sha256: await sha256(disk) } : { code: 'path_outside_workspace' });
  }
}

/** Plants canaries and links next to and inside the workspace, and maps what each path must read as. */
async function layoutFor(dir: string): Promise<PathLayout> {
  const base = path.dirname(dir);
  await fs.mkdir(path.join(base, 'outside'));
  await fs.writeFile(path.join(base, 'outside/secret.md'), `${CANARY} outside the workspace\n`);
  await fs.writeFile(path.join(dir, '.control-room/canary.md'), `${CANARY} in app data\n`);
  const expected: PathLayout['expected'] = new Map();
  for (const folder of ['Story', 'Compendium']) await mapTree(path.join(dir, folder), folder, true, expected);
  await mapTree(path.join(dir, 'Story/Scenes'), 'Story/Inner', true, expected);
  await mapTree(path.join(base, 'outside'), 'Story/Outside', false, expected);
  await mapTree(path.join(dir, '.control-room'), 'Compendium/app-data', false, expected);
  expected.set('Story/escape.md', { code: 'path_outside_workspace' });
  expected.set('Compendium/Lore/key-link.md', { code: 'path_outside_workspace' });
  expected.set('Story/inner-link.md', { code: 'ok', sha256: await sha256(path.join(dir, 'Story/SCN-outline.md')) });
  expected.set('Canon.md', { code: 'ok', sha256: await sha256(path.join(dir, '.control-room/canon/canon-index.md')) });
  for (const [link, target] of LINKS) await fs.symlink(path.join(base, target), path.join(dir, link));

  // An access time far before the modification time: Linux (relatime) updates it on any read.
  const untouchable = new Map<string, number>();
  const files = [path.join(base, 'outside/secret.md'), ...(await fs.readdir(path.join(dir, '.control-room'), { recursive: true })).map((name) => path.join(dir, '.control-room', name))];
  for (const file of files) {
    if (!(await fs.stat(file)).isFile() || file.endsWith(path.join('canon', 'canon-index.md'))) continue;
    await fs.utimes(file, LONG_AGO, new Date());
    untouchable.set(file, (await fs.stat(file)).atimeMs);
  }
  const real = [...expected].filter(([, outcome]) => outcome.code !== 'path_outside_workspace').map(([vfs]) => vfs);
  const targets = {
    files: real.filter((vfs) => expected.get(vfs)?.code === 'ok'),
    folders: real.filter((vfs) => expected.get(vfs)?.code === 'path_is_directory'),
    links: [...LINKS.map(([link]) => link), 'Story/Outside/secret.md', 'Compendium/app-data/canary.md', 'Compendium/app-data/audit', 'Compendium/app-data/canon/canon-index.md'],
  };
  return { expected, targets, untouchable };
}

/** The outcome `FsWorkspace.read` must give: refused by the check, not a file of the visible tree, or as mapped. */
function expectedRead(checked: VfsPathCheck, layout: PathLayout): { code: string; sha256?: string } {
  if (!checked.ok) return { code: 'path_outside_workspace' };
  // `Story` and `Compendium` themselves are the tree's roots, not entries in it.
  if (checked.segments.length < 2 && checked.path !== 'Canon.md') return { code: 'path_not_found' };
  return layout.expected.get(checked.path) ?? { code: 'path_not_found' };
}

/** What is wrong with a path the check accepted; undefined when nothing. */
function acceptedPathProblem(checked: VfsPathCheck): string | undefined {
  if (!checked.ok) return undefined;
  const first = checked.segments[0]?.normalize('NFKC').toLowerCase();
  if (checked.path.startsWith('/') || /[\u0000\\]/.test(checked.path) || checked.segments.includes('..') || first === '.control-room') return `normalizeVfsPath accepted it as ${JSON.stringify(checked.path)}`;
  return undefined;
}

describe('hostile paths', () => {
  let workspace: { dir: string; cleanup: () => Promise<void> };
  let layout: PathLayout;
  let fsWorkspace: FsWorkspace;
  beforeAll(async () => {
    workspace = await sampleWorkspace('cr-paths-');
    layout = await layoutFor(workspace.dir);
    fsWorkspace = await FsWorkspace.open(workspace.dir);
  });
  afterAll(async () => {
    await workspace?.cleanup();
  });

  it(`refuses every traversal through normalizeVfsPath and FsWorkspace.read, and reads nothing outside the workspace (${PATH_INPUTS.toLocaleString('en')} paths)`, async () => {
    const random = new SeededRandom(SEED ^ 0x5bd1e995);
    const before = (await fs.readdir(path.dirname(workspace.dir), { recursive: true })).sort();
    const inputs: Array<{ path: string; label: string }> = [
      ...TRAVERSALS.map((raw) => ({ path: raw, label: 'traversal' })),
      ...fc.sample(hostilePath, { numRuns: PATH_PROPERTY_SAMPLES, seed: SEED }).map((raw) => ({ path: raw, label: 'fast-check' })),
    ];
    while (inputs.length < PATH_INPUTS) inputs.push(hostilePathFrom(random, layout.targets));
    const outcomes = new Map<string, number>();
    const failures: string[] = [];
    let refusedByLink = 0;
    const started = performance.now();
    for (const [index, input] of inputs.entries()) {
      const checked = normalizeVfsPath(input.path);
      const expected = expectedRead(checked, layout);
      const read = await fsWorkspace.read(input.path).then(
        (file) => ({ code: 'ok', file }),
        (error: unknown) => ({ code: error instanceof ControlRoomError ? error.code : `unexpected ${String(error)}`, file: undefined }),
      );
      outcomes.set(read.code, (outcomes.get(read.code) ?? 0) + 1);
      if (checked.ok && read.code === 'path_outside_workspace') refusedByLink += 1;
      const problem =
        acceptedPathProblem(checked) ??
        (read.code !== expected.code ? `expected ${expected.code}, got ${read.code}` : undefined) ??
        (read.file && (read.file.sha256 !== expected.sha256 || read.file.path !== (checked.ok ? checked.path : '') || read.file.content.includes(CANARY)) ? `read the wrong file: ${read.file.path}` : undefined);
      if (problem !== undefined && failures.length < 10) failures.push(`#${index} [${input.label}] ${shown(input.path)}: ${problem}`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const tally = [...outcomes].sort(([, left], [, right]) => right - left).map(([code, times]) => `${code} ${times.toLocaleString('en')}`).join(', ');
    console.info(`path fuzz (seed ${SEED}): ${inputs.length.toLocaleString('en')} paths in ${seconds} s: ${tally} (${refusedByLink} refused only once a link was followed)`);

    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(inputs.length).toBe(PATH_INPUTS);
    expect(inputs.length).toBeGreaterThanOrEqual(100_000);
    for (const code of ['ok', 'path_outside_workspace', 'path_not_found', 'path_is_directory']) expect(outcomes.get(code) ?? 0, code).toBeGreaterThan(100);
    expect(refusedByLink).toBeGreaterThan(100);
    // Nothing outside the workspace or in its app data was read, and nothing was created beside it.
    for (const [file, atime] of layout.untouchable) expect((await fs.stat(file)).atimeMs, `${path.basename(file)} was read`).toBe(atime);
    expect((await fs.readdir(path.dirname(workspace.dir), { recursive: true })).sort()).toEqual(before);
  }, 600_000);
});
