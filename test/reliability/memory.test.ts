/**
 * Memory with a one-million-word manuscript open (issue 8 target: server memory ≤300 MB). The
 * shared `classics` corpus (380 scenes of six novels and a Compendium) is copied to a temp folder
 * and served by the compiled `control-room serve` against a loopback model server. The test does
 * what a writer's session does with a big manuscript open: fetch the tree, read every file,
 * a 1:1 turn whose tool calls search the whole manuscript, and a turn whose quote must be found
 * across the whole manuscript (so the quote index over a million words is built). Then it reads
 * the server's resident memory from /proc (VmRSS now, VmHWM the peak) and asserts the peak.
 */
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackModelServer, type LoopbackModelServer } from '../../src/adapters/loopback-model-server/index.js';
import type { VfsNode } from '../../src/protocol/index.js';
import { REPO_ROOT } from '../e2e/helpers/run-cli.js';
import { eventsNamed, postForEvents, requestJson } from './helpers/http-client.js';
import { hintedPath, manuscriptScript, QUOTE_TURN, SEARCH_TURN, type ManuscriptPlan } from './helpers/http-manuscript-model.js';
import { processMemory, processMemoryReadable } from './helpers/http-process-memory.js';
import { startKillableServer, type KillableServer } from './helpers/killable-server.js';
import { writableCopy } from '../support/writable-copy.js';

const CLASSICS = path.resolve(REPO_ROOT, '../shared/corpus/classics');
const corpusPresent = existsSync(path.join(CLASSICS, 'Story'));
const MAX_PEAK_MB = 300;
const READ_CONCURRENCY = 8;

if (!corpusPresent) console.info(`memory.test.ts skipped: the one-million-word corpus is not at ${CLASSICS} (../shared/corpus/classics next to the repository).`);
if (corpusPresent && !processMemoryReadable) console.info(`memory.test.ts: /proc/<pid>/status is Linux-only; on ${process.platform} the workload runs but the memory figure is not checked.`);

interface ChatBody {
  content: string;
  evidence: string | null;
  validation: { ok: boolean; issues: Array<{ code: string; message: string }> };
  receipts: string[];
  rejections: unknown[];
  stopHook: string | null;
  traceRoundId: string;
}

const fold = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ');

function filesOf(nodes: readonly VfsNode[], into: string[] = []): string[] {
  for (const node of nodes) {
    if (node.type === 'file') into.push(node.path);
    else filesOf(node.children, into);
  }
  return into;
}

/** The corpus as a writable copy in the OS temp folder (the shared copy is read-only and must stay untouched). */
async function copyCorpus(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-memory-'));
  const dir = path.join(base, 'classics');
  await writableCopy(CLASSICS, dir);
  return { dir, cleanup: () => fs.rm(base, { recursive: true, force: true }) };
}

/** Eight words on one plain line of a scene in the middle of the manuscript, found in no other file. */
function choosePlan(scenes: string[], texts: Map<string, string>): ManuscriptPlan {
  const folded = [...texts].map(([file, text]) => ({ file, text: fold(text) }));
  for (const source of scenes.slice(Math.floor(scenes.length / 2))) {
    for (const line of (texts.get(source) ?? '').split('\n')) {
      const words = line.trim().split(/\s+/);
      if (!/^[A-Za-z ,;]+$/.test(line.trim()) || words.length < 10) continue;
      const quote = words.slice(2, 10).join(' ');
      const holders = folded.filter((file) => file.text.includes(fold(quote))).map((file) => file.file);
      if (holders.length === 1 && holders[0] === source) return { scenes, quote, source, wrongSource: scenes[0]! };
    }
  }
  throw new Error('no plain line to quote in the second half of the scenes');
}

describe.skipIf(!corpusPresent)('server memory with the one-million-word manuscript open', () => {
  let corpus: { dir: string; cleanup: () => Promise<void> };
  let model: LoopbackModelServer;
  let server: KillableServer;
  let plan: ManuscriptPlan | null = null;
  const texts = new Map<string, string>();
  const steps: Array<{ step: string; ms: number; rssMb: number | null; peakMb: number | null }> = [];
  let stepStart = 0;
  const measured = (step: string): void => {
    const memory = processMemory(server.pid);
    steps.push({ step, ms: Math.round(performance.now() - stepStart), rssMb: memory?.rssMb ?? null, peakMb: memory?.peakMb ?? null });
    stepStart = performance.now();
  };

  beforeAll(async () => {
    corpus = await copyCorpus();
    model = await startLoopbackModelServer(
      manuscriptScript(50, () => {
        if (!plan) throw new Error('the model was asked before the test read the manuscript');
        return plan;
      }),
    );
    stepStart = performance.now();
    server = await startKillableServer(corpus.dir, { CONTROL_ROOM_LLM_BASE_URL: model.baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' });
    measured('server started');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await model?.close();
    await corpus?.cleanup();
  });

  it('serves the tree and every file of the manuscript: over a million words', async () => {
    const tree = await requestJson<{ root: { children: VfsNode[] }; fileCount: number }>(`${server.url}/api/vfs/tree`);
    expect(tree.status).toBe(200);
    const files = filesOf(tree.body.root.children);
    expect(files.length).toBe(tree.body.fileCount);
    expect(files.length).toBeGreaterThanOrEqual(400);
    measured('tree fetched');
    let next = 0;
    const reader = async (): Promise<void> => {
      for (let index = next++; index < files.length; index = next++) {
        const file = files[index]!;
        const answer = await requestJson<{ content: string }>(`${server.url}/api/vfs/file?path=${encodeURIComponent(file)}`);
        expect(answer.status, file).toBe(200);
        texts.set(file, answer.body.content);
      }
    };
    await Promise.all(Array.from({ length: READ_CONCURRENCY }, reader));
    const words = [...texts.values()].reduce((sum, text) => sum + (text.match(/\S+/g)?.length ?? 0), 0);
    expect(words).toBeGreaterThanOrEqual(1_000_000);
    measured(`${files.length} files read (${words.toLocaleString('en-US')} words)`);
    plan = choosePlan(files.filter((file) => file.startsWith('Story/Scenes/')).sort(), texts);
  }, 120_000);

  it('runs a turn whose tool calls search the whole manuscript', async () => {
    expect(plan).not.toBeNull();
    const answer = await requestJson<ChatBody>(`${server.url}/api/ai/chat`, { body: { message: `${SEARCH_TURN}: where does the whale appear, and Elizabeth with Darcy?`, agentId: 'chief', sessionId: 'memory-search' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.stopHook).toBeNull();
    expect(answer.body.rejections).toEqual([]);
    expect(answer.body.receipts).toHaveLength(4);
    expect(answer.body.validation).toEqual({ ok: true, issues: [] });
    const receipts = await requestJson<{ receipts: Array<{ tool_id: string; status: string; verified: boolean; outputs?: unknown; excerpt?: string }> }>(`${server.url}/api/audit/sessions/memory-search/receipts`);
    // The DEEP_SCANs looked at every file of the manuscript (the count is at the head of the output, kept even when truncated).
    const scanned = receipts.body.receipts.slice(0, 2).map((receipt) => Number(/"files_scanned":(\d+)/.exec(receipt.excerpt ?? JSON.stringify(receipt.outputs))?.[1]));
    expect(scanned).toEqual([texts.size, texts.size]);
    expect(receipts.body.receipts.map((receipt) => [receipt.tool_id, receipt.status, receipt.verified])).toEqual([
      ['file_locator', 'ok', true],
      ['file_locator', 'ok', true],
      ['file_locator', 'ok', true],
      ['consistency_checker', 'ok', true],
    ]);
    measured('search turn (2 DEEP_SCANs, glob listing, consistency check)');
  }, 120_000);

  it('verifies a quote against the whole manuscript: the check names the right file and the retry cites it', async () => {
    const current = plan!;
    const answer = await postForEvents(`${server.url}/api/ai/chat`, { message: `${QUOTE_TURN}: quote the line for me.`, agentId: 'chief', sessionId: 'memory-quote', stream: true });
    expect(answer.status).toBe(200);
    expect(eventsNamed(answer, 'error')).toEqual([]);
    const result = eventsNamed<ChatBody>(answer, 'done')[0]!;
    // The first citation named the wrong file; the check found the words elsewhere in the manuscript.
    const corrective = model.requests.map((request) => JSON.stringify(request.body?.messages ?? [])).find((text) => text.includes('failed these checks') && text.includes(QUOTE_TURN));
    expect(corrective, 'no corrective retry reached the model').toBeDefined();
    expect(corrective).toContain('quote_not_found');
    const retryMessage = (JSON.parse(corrective!) as Array<{ content?: unknown }>).at(-1)?.content;
    expect(hintedPath(String(retryMessage))).toBe(current.source);
    expect(result.validation).toEqual({ ok: true, issues: [] });
    expect(result.evidence).toContain(`| ${current.source} |`);
    measured('quote turn (manuscript-wide quote index built)');
  }, 120_000);

  it.skipIf(!processMemoryReadable)(`keeps the server's resident memory at or under ${MAX_PEAK_MB} MB at its peak (VmHWM)`, () => {
    const table = steps.map((entry) => `  ${entry.step.padEnd(64)} ${String(entry.ms).padStart(6)} ms   RSS ${entry.rssMb} MB   peak ${entry.peakMb} MB`);
    console.info(`memory.test.ts: server process ${server.pid}\n${table.join('\n')}`);
    const final = processMemory(server.pid);
    expect(final, 'the server process is gone').not.toBeNull();
    expect(steps.length).toBe(5);
    expect(final!.peakMb).toBeLessThanOrEqual(MAX_PEAK_MB);
  });
});
