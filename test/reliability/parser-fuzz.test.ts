/**
 * Tool-call and path fuzz (issue 8; SPEC §4, §5): mutations of valid envelopes through
 * `parseToolCall` (nothing throws; nothing without the exact nonce is accepted), and hostile paths
 * through `normalizeVfsPath` and `FsWorkspace.read` (nothing outside the workspace or in its app
 * data is ever read). Runs are bounded by a count and by a time budget, whichever comes first; the
 * counts reached are printed, never asserted as speed.
 */
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_ARG_SCHEMAS } from '../../src/protocol/index.js';
import { FsWorkspace } from '../../src/adapters/fs-workspace/index.js';
import { parseToolCall, schemaLookupFrom } from '../../src/core/tool-calls/index.js';
import { normalizeVfsPath } from '../../src/core/vfs/index.js';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { hostilePath, TRAVERSALS } from './helpers/hostile-values.js';

const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);
const NONCE = 'n-7f3a9c2e-real-nonce';
const TOOL_CALL_TARGET = 1_000_000;
const TOOL_CALL_BUDGET_MS = 20_000;
const PATH_TARGET = 100_000;

const VALID: readonly string[] = [
  JSON.stringify({ tool: 'file_reader', args: { path: 'Story/SCN-outline.md' }, nonce: NONCE }),
  JSON.stringify({ tool: 'file_locator', args: { search_criteria: 'Hester', scan_mode: 'FAST_SCAN' }, nonce: NONCE }),
  JSON.stringify({ tool: 'canon_checker', args: {}, nonce: NONCE }),
];

/** A cheap seeded generator: a million mutations cannot afford fast-check's per-run overhead. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

const PIECES = ['{', '}', '"', ':', ',', '[', ']', '\\', '\u0000', '\u200b', '\u202e', 'nonce', '"nonce":"x"', NONCE.slice(0, 5), NONCE.toUpperCase(), ' ', '\n', '```', '<tool_call>', 'null', '1e999', '"tool"', '\ud800'];

/** One mutation of a valid envelope: delete, insert, replace or duplicate a slice. */
function mutate(text: string, random: () => number): string {
  let output = text;
  const edits = 1 + Math.floor(random() * 3);
  for (let edit = 0; edit < edits; edit += 1) {
    const at = Math.floor(random() * (output.length + 1));
    const span = Math.floor(random() * 8);
    const piece = PIECES[Math.floor(random() * PIECES.length)]!;
    switch (Math.floor(random() * 4)) {
      case 0: output = output.slice(0, at) + output.slice(at + span); break;
      case 1: output = output.slice(0, at) + piece + output.slice(at); break;
      case 2: output = output.slice(0, at) + piece + output.slice(at + span); break;
      default: output = output + output.slice(at, at + span * 4);
    }
  }
  return output;
}

/** Whether the text carries the exact nonce as the value of a `nonce` key. */
function carriesNonce(text: string): boolean {
  return text.includes(`"nonce":"${NONCE}"`) || new RegExp(`"nonce"\\s*:\\s*"${NONCE}"`).test(text);
}

describe('parseToolCall under mutation', () => {
  it(`never throws and accepts nothing without the nonce (up to ${TOOL_CALL_TARGET.toLocaleString('en')} inputs)`, () => {
    const random = seeded(20_240_8);
    const deadline = performance.now() + TOOL_CALL_BUDGET_MS;
    let runs = 0;
    let accepted = 0;
    while (runs < TOOL_CALL_TARGET && (runs % 1000 !== 0 || performance.now() < deadline)) {
      const input = mutate(VALID[runs % VALID.length]!, random);
      const parsed = parseToolCall(input, { nonce: NONCE, tools });
      // Plain checks in the hot loop: expect() would cost more than the parser.
      if (parsed.ok) {
        accepted += 1;
        if (!carriesNonce(input)) throw new Error(`accepted without the nonce: ${JSON.stringify(input)}`);
      } else if (typeof parsed.code !== 'string') {
        throw new Error(`rejection without a code for ${JSON.stringify(input)}`);
      }
      runs += 1;
    }
    console.info(`parseToolCall fuzz: ${runs.toLocaleString('en')} mutated envelopes, ${accepted.toLocaleString('en')} accepted (all with the nonce)`);
    expect(runs).toBeGreaterThan(0);
  }, 60_000);

  it('accepts a structurally valid envelope only with the exact nonce (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.constantFrom(...VALID), (nonce, valid) => {
        const envelope = { ...(JSON.parse(valid) as Record<string, unknown>), nonce };
        const parsed = parseToolCall(JSON.stringify(envelope), { nonce: NONCE, tools });
        expect(parsed.ok).toBe(nonce === NONCE);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('hostile paths', () => {
  let workspace: { dir: string; cleanup: () => Promise<void> };
  let fsWorkspace: FsWorkspace;
  beforeAll(async () => {
    workspace = await sampleWorkspace('cr-paths-');
    fsWorkspace = await FsWorkspace.open(workspace.dir);
  });
  afterAll(async () => {
    await workspace?.cleanup();
  });

  it(`refuses every traversal through normalizeVfsPath and FsWorkspace.read (${PATH_TARGET.toLocaleString('en')} paths)`, async () => {
    const samples = fc.sample(hostilePath, { numRuns: PATH_TARGET - TRAVERSALS.length, seed: 8 });
    let refused = 0;
    let readInside = 0;
    for (const raw of [...TRAVERSALS, ...samples]) {
      const checked = normalizeVfsPath(raw);
      if (checked.ok) {
        // Accepted paths are inside the workspace and never in its app data (plain checks: hot loop).
        if (checked.path.startsWith('/') || checked.segments.includes('..') || checked.segments[0] === '.control-room') {
          throw new Error(`accepted ${JSON.stringify(raw)} as ${checked.path}`);
        }
      } else {
        refused += 1;
        continue; // FsWorkspace.read runs the same check first; the refused ones are read below in a sample
      }
      // Reading goes through the same check; a refused path never reaches the disk.
      const read = await fsWorkspace.read(raw).then(
        (file) => ({ ok: true as const, file }),
        (error: unknown) => ({ ok: false as const, code: (error as { code?: string }).code }),
      );
      if (read.ok) {
        readInside += 1;
        const resolved = path.resolve(workspace.dir, read.file.path);
        expect(resolved.startsWith(workspace.dir + path.sep), raw).toBe(true);
        expect(read.file.path.split('/')[0], raw).not.toBe('.control-room');
      } else {
        expect(['path_outside_workspace', 'path_not_found', 'path_is_directory', 'file_too_large', 'path_not_file', 'vfs_path_invalid'], `${JSON.stringify(raw.slice(0, 80))} → ${read.code}`).toContain(read.code);
      }
    }
    // FsWorkspace.read refuses the same paths itself (not only through the check above).
    for (const raw of [...TRAVERSALS, ...samples.slice(0, 2000)]) {
      const code = await fsWorkspace.read(raw).then(() => 'read', (error: unknown) => (error as { code?: string }).code);
      if (!normalizeVfsPath(raw).ok) expect(code, JSON.stringify(raw.slice(0, 80))).toBe('path_outside_workspace');
    }
    console.info(`path fuzz: ${PATH_TARGET.toLocaleString('en')} hostile paths, ${refused.toLocaleString('en')} refused by normalizeVfsPath, ${readInside} read inside the workspace`);
    expect(refused).toBeGreaterThan(PATH_TARGET / 2);
  }, 240_000);
});
