/**
 * parse-tool-call: our strict parser (precomputed key maps, JSON.parse fast path, zod schemas built
 * once) against the naive way, which builds a fresh zod schema for the tool on every call, then
 * JSON.parse + safeParse. Both see the same replies: valid envelopes for all nine tools.
 */
import { z } from 'zod';
import { parseToolCall, schemaLookupFrom } from '../src/core/tool-calls/index.js';
import { TOOL_ARG_SCHEMAS } from '../src/protocol/tool-args.js';
import { measure, result, type Benchmark } from './harness.js';

const NONCE = 'bench-nonce-5f2c9e';
const CALLS_PER_SECOND_TARGET = 200_000;
const RATIO_TARGET = 5;
const MEMORY_PARSES = 1_000_000;
const ROUNDS = 3;

const ARGS: Record<string, Record<string, unknown>> = {
  file_locator: { search_criteria: 'Story/SCN-outline.md', scan_mode: 'FAST_SCAN', max_results: 12, include_globs: false, dry_run: false },
  file_reader: { path: 'Story/Scenes/SCN-03-the-lamp-room.md', start_line: 12, end_line: 40 },
  outline_analyzer: { outline_path: 'Story/SCN-outline.md', mode: 'structure', dry_run: false },
  canon_checker: { scene_path: 'Story/Scenes/SCN-05-low-tide.md', canon_paths: ['Compendium/Characters/CHAR-mara-quill.md'], mode: 'strict' },
  task_router: { user_request: 'Check whether the lighthouse keeper is alive in scene five.', dry_run: false },
  search_issues: { tags: ['continuity'], status: 'open', priority: 'normal', minInterestLevel: 2 },
  prose_analyzer: { scene_path: 'Story/Scenes/SCN-02-the-ferry.md', focus: 'all' },
  consistency_checker: { file_paths: ['Story/Scenes/SCN-01-arrival.md', 'Compendium/Characters/CHAR-mara-quill.md'], focus: 'general' },
  scene_draft_validator: { scene_path: 'Story/Scenes/SCN-04-storm.md', include_canon: true, dry_run: false },
};
const REPLIES = Object.entries(ARGS).map(([tool, args]) => JSON.stringify({ tool, args, nonce: NONCE }));

// The naive baseline: each tool's schema written inline and rebuilt for every call, as a handler
// that declares its schema where it uses it would do. Same rules as src/protocol/tool-args.ts.
const path = () => z.string().min(1).max(1024);
const FRESH_SCHEMAS: Record<string, () => z.ZodObject> = {
  file_locator: () => z.strictObject({ search_criteria: z.string().min(1).max(500), scan_mode: z.enum(['FAST_SCAN', 'DEEP_SCAN']).optional(), max_results: z.number().int().min(1).max(200).optional(), include_globs: z.boolean().optional(), dry_run: z.boolean().optional() }),
  file_reader: () => z.strictObject({ path: path(), start_line: z.number().int().min(1).optional(), end_line: z.number().int().min(1).optional() }),
  outline_analyzer: () => z.strictObject({ outline_path: path().optional(), mode: z.string().max(40).optional(), dry_run: z.boolean().optional() }),
  canon_checker: () => z.strictObject({ scene_path: path(), canon_paths: z.array(path()).max(20).optional(), mode: z.string().max(40).optional(), dry_run: z.boolean().optional() }),
  task_router: () => z.strictObject({ user_request: z.string().min(1).max(4000), dry_run: z.boolean().optional() }),
  search_issues: () => z.strictObject({ tags: z.array(z.string().max(80)).max(20).optional(), assignedTo: z.string().max(80).optional(), status: z.enum(['open', 'closed', 'all']).optional(), priority: z.enum(['low', 'normal', 'high', 'urgent']).optional(), personalTags: z.array(z.string().max(80)).max(20).optional(), personalAgent: z.string().max(80).optional(), excludePersonalTags: z.array(z.string().max(80)).max(20).optional(), minInterestLevel: z.number().int().min(0).max(5).optional() }),
  prose_analyzer: () => z.strictObject({ scene_path: path(), focus: z.enum(['pacing', 'voice', 'rhythm', 'all']).optional(), dry_run: z.boolean().optional() }),
  consistency_checker: () => z.strictObject({ file_paths: z.array(path()).min(1).max(10), focus: z.enum(['characters', 'terminology', 'events', 'general']).optional(), dry_run: z.boolean().optional() }),
  scene_draft_validator: () => z.strictObject({ scene_path: path(), outline_path: path().optional(), include_canon: z.boolean().optional(), dry_run: z.boolean().optional() }),
};

function naiveParse(text: string): boolean {
  let envelope: { tool?: unknown; args?: unknown; nonce?: unknown };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    return false;
  }
  const build = typeof envelope.tool === 'string' ? FRESH_SCHEMAS[envelope.tool] : undefined;
  return envelope.nonce === NONCE && build !== undefined && build().safeParse(envelope.args).success;
}

const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);
const options = { nonce: NONCE, tools };

function parseAll(): number {
  let accepted = 0;
  for (const reply of REPLIES) if (parseToolCall(reply, options).ok) accepted += 1;
  return accepted;
}

/** The floor no parser can beat: JSON.parse and a safeParse with the prebuilt schema, no checks. */
function floorAll(): number {
  let accepted = 0;
  for (const reply of REPLIES) {
    const envelope = JSON.parse(reply) as { tool: keyof typeof TOOL_ARG_SCHEMAS; args: unknown };
    if (TOOL_ARG_SCHEMAS[envelope.tool].safeParse(envelope.args).success) accepted += 1;
  }
  return accepted;
}

function naiveAll(): number {
  let accepted = 0;
  for (const reply of REPLIES) if (naiveParse(reply)) accepted += 1;
  return accepted;
}

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Heap before and after a million parses; with `--expose-gc` both readings follow a full collection. */
function memoryNote(): string {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const before = process.memoryUsage().heapUsed;
  for (let index = 0; index < MEMORY_PARSES; index += 1) parseToolCall(REPLIES[index % REPLIES.length]!, options);
  collect?.();
  const after = process.memoryUsage().heapUsed;
  const how = collect ? 'after a full GC' : 'without forced GC (for settled figures: node --expose-gc --import tsx bench/run-all.ts parse-tool-call)';
  return `memory: heap used ${megabytes(before)} before and ${megabytes(after)} after ${MEMORY_PARSES.toLocaleString('en-US')} parses, ${how}`;
}

const benchmark: Benchmark = {
  name: 'parse-tool-call',
  run: () => {
    if (parseAll() !== REPLIES.length || naiveAll() !== REPLIES.length) {
      throw new Error('parse-tool-call bench: a reply that should be valid was refused; fix the inputs before timing them.');
    }
    // Rounds alternate between the three so a burst of load on a shared machine hits all of them;
    // each keeps its best round.
    let ours = 0;
    let baseline = 0;
    let floor = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      ours = Math.max(ours, measure(parseAll, { opsPerCall: REPLIES.length, ms: 700 }));
      floor = Math.max(floor, measure(floorAll, { opsPerCall: REPLIES.length, ms: 700 }));
      baseline = Math.max(baseline, measure(naiveAll, { opsPerCall: REPLIES.length, ms: 700 }));
    }
    const ratio = ours / baseline;
    const met = (ok: boolean): string => (ok ? 'met' : 'NOT met');
    return result(
      'parse-tool-call',
      `${REPLIES.length} valid envelopes, one per tool, parsed in turn`,
      { label: 'parseToolCall (parse+validate)', opsPerSecond: ours },
      { label: 'fresh zod schema per call + JSON.parse + safeParse', opsPerSecond: baseline },
      [
        `target ≥${CALLS_PER_SECOND_TARGET.toLocaleString('en-US')} calls/s: ${met(ours >= CALLS_PER_SECOND_TARGET)} (${Math.round(ours).toLocaleString('en-US')} calls/s)`,
        `target ≥${RATIO_TARGET}× the baseline: ${met(ratio >= RATIO_TARGET)} (${ratio.toFixed(1)}×)`,
        `floor (JSON.parse + prebuilt safeParse, no checks): ${Math.round(floor).toLocaleString('en-US')} calls/s; ours runs at ${Math.round((100 * ours) / floor)}% of it, so the checks, aliases and key maps cost ${Math.max(0, Math.round(100 - (100 * ours) / floor))}% on this machine`,
        memoryNote(),
      ],
    );
  },
};

export default benchmark;
