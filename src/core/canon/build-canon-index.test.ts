import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { FsCanonStore } from '../../adapters/fs-run-store/index.js';
import { ScriptedModel } from '../../adapters/scripted-model/index.js';
import type { ModelRequest } from '../../protocol/index.js';
import type { CanonIndexProgress } from '../../protocol/canon.js';
import { steppingClock } from '../testing/index.js';
import { buildCanonIndex } from './build-canon-index.js';
import { normaliseForMatch } from './quote-locator.js';

const SAMPLE = path.resolve(import.meta.dirname, '../../../examples/glass-harbour');
const FACT_LINE = /^- (.+?) — (.+?): (.+) \((.+?)#L(\d+)(?:-L(\d+))?\)$/;

let base: string;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-canon-index-'));
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

async function sampleCopy(name: string): Promise<string> {
  const dir = path.join(base, name);
  await fs.cp(SAMPLE, dir, { recursive: true });
  return dir;
}

/** A small workspace: one card, one lore file, one scene. */
async function smallWorkspace(name: string): Promise<string> {
  const dir = path.join(base, name);
  await initWorkspace(dir);
  await fs.writeFile(path.join(dir, 'Compendium/Characters/CHAR-hester-vane.md'), '---\nname: Hester Vane\neyes: grey\nage: 38\n---\n\nShe has her father’s grey eyes.\n');
  await fs.writeFile(path.join(dir, 'Compendium/Lore/LORE-skerry-light.md'), '---\nname: Skerry Light Facts\n---\n\n- The Skerry Light stair has 131 steps.\n');
  await fs.writeFile(path.join(dir, 'Story/Scenes/SCN-01-the-lamp-room.md'), '---\ntitle: The Lamp Room\npov: Hester Vane\nscene: 1\n---\n\nHester climbed the stair in the dark.\n');
  return dir;
}

const fileOf = (request: ModelRequest): string => /^File: (\S+)/m.exec(request.messages.at(-1)?.content ?? '')?.[1] ?? '';
const factsReply = (facts: unknown[]) => ({ content: JSON.stringify({ facts }) });

describe('buildCanonIndex without a model', () => {
  it('indexes the sample; every fact cites a real line that states its value', async () => {
    const dir = await sampleCopy('cites');
    const workspace = await FsWorkspace.open(dir);
    const progress: CanonIndexProgress[] = [];
    const result = await buildCanonIndex({ workspace, store: new FsCanonStore(dir), clock: steppingClock(), onProgress: (step) => progress.push(step) });
    const markdown = await fs.readFile(path.join(dir, '.control-room/canon/canon-index.md'), 'utf8');
    expect(markdown).toBe(result.markdown);
    const factLines = markdown.split('\n').filter((line) => line.startsWith('- '));
    expect(factLines.length).toBe(result.facts.length);
    expect(factLines.length).toBeGreaterThan(100);
    for (const line of factLines) {
      const match = FACT_LINE.exec(line);
      expect(match, line).not.toBeNull();
      const [, , , value, file, start, end] = match!;
      const cited = await workspace.read(file!, { start: Number(start), end: Number(end ?? start) });
      expect(normaliseForMatch(cited.content).toLowerCase(), line).toContain(normaliseForMatch(value!).toLowerCase());
    }
    expect(markdown).toContain('- Hester Vane — eyes: grey (Compendium/Characters/CHAR-hester-vane.md#L5)');
    expect(markdown).toContain('(Compendium/Lore/LORE-skerry-light.md#L8)');
    expect(markdown).toMatch(/## Timeline\n- Day 1, evening — event: /);
    expect(progress.at(-1)).toEqual({ done: 30, total: 30, path: 'Story/Scenes/SCN-12-the-glass.md' });
    const meta = JSON.parse(await fs.readFile(path.join(dir, '.control-room/canon/canon-meta.json'), 'utf8'));
    expect(meta).toMatchObject({ schema_version: 1, mode: 'deterministic', model: null, fact_count: result.facts.length, rejected: [], index_sha256: result.meta.index_sha256 });
    const hester = meta.sources.find((source: { path: string }) => source.path === 'Compendium/Characters/CHAR-hester-vane.md');
    expect(hester).toMatchObject({ kind: 'character', sha256: (await workspace.read(hester.path)).sha256, kept: 6, error: null });
  });

  it('gives a byte-identical index when built twice; only the metadata time changes', async () => {
    const dir = await sampleCopy('twice');
    const workspace = await FsWorkspace.open(dir);
    const store = new FsCanonStore(dir);
    const clock = steppingClock();
    const first = await buildCanonIndex({ workspace, store, clock });
    const firstBytes = await fs.readFile(store.indexPath);
    const second = await buildCanonIndex({ workspace, store, clock });
    expect(Buffer.compare(await fs.readFile(store.indexPath), firstBytes)).toBe(0);
    expect(second.meta.index_sha256).toBe(first.meta.index_sha256);
    expect(second.meta.built_at).not.toBe(first.meta.built_at);
    expect(second.markdown).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('refuses a workspace with nothing to index', async () => {
    const dir = path.join(base, 'empty');
    await initWorkspace(dir);
    await expect(buildCanonIndex({ workspace: await FsWorkspace.open(dir), store: new FsCanonStore(dir), clock: steppingClock() })).rejects.toMatchObject({ code: 'canon_sources_missing' });
  });
});

describe('buildCanonIndex with a model', () => {
  it('makes one raw JSON-schema call per file and rejects a fabricated quote, listing it in the metadata', async () => {
    const dir = await smallWorkspace('model');
    const model = new ScriptedModel(
      Array.from({ length: 3 }, () => (request: ModelRequest) => {
        const file = fileOf(request);
        if (file.includes('CHAR-hester-vane')) {
          return factsReply([
            { subject: 'Hester Vane', attribute: 'eyes', value: 'grey', quote: 'eyes: grey' },
            { subject: 'Hester Vane', attribute: 'eyes', value: 'green', quote: 'She has her mother’s green eyes.' },
          ]);
        }
        if (file.includes('LORE-skerry-light')) return factsReply([{ subject: 'Skerry Light', attribute: 'steps', value: '131 steps', quote: 'stair has 131 steps' }]);
        return factsReply([{ subject: 'Scene 1', attribute: 'pov', value: 'Hester Vane', quote: 'pov: Hester Vane' }]);
      }),
      { name: 'extractor' },
    );
    const store = new FsCanonStore(dir);
    const result = await buildCanonIndex({ workspace: await FsWorkspace.open(dir), store, clock: steppingClock(), model: { models: { primary: model, fallback: null }, nowMs: () => 0 } });
    expect(model.requests).toHaveLength(3);
    for (const request of model.requests) {
      expect(request.responseFormat?.json_schema.name).toBe('canon_facts');
      expect(request.tools).toBeUndefined();
      expect(request.messages.map((message) => message.content).join('\n')).not.toMatch(/TOOL_NONCE|Evidence:/);
    }
    expect(result.markdown).toContain('- Hester Vane — eyes: grey (Compendium/Characters/CHAR-hester-vane.md#L3)');
    expect(result.markdown).toContain('- Skerry Light — steps: 131 steps (Compendium/Lore/LORE-skerry-light.md#L5)');
    expect(result.markdown).not.toContain('green');
    const meta = await store.readMeta();
    expect(meta).toMatchObject({ mode: 'model', model: 'extractor', fact_count: 3 });
    expect(meta!.rejected).toEqual([
      { path: 'Compendium/Characters/CHAR-hester-vane.md', subject: 'Hester Vane', attribute: 'eyes', value: 'green', quote: 'She has her mother’s green eyes.', reason: 'quote_not_found' },
    ]);
    expect(meta!.sources.find((source) => source.path.includes('hester'))).toMatchObject({ proposed: 2, kept: 1 });
  });

  it('records a reply that is not the facts JSON against its file and goes on', async () => {
    const dir = await smallWorkspace('bad-reply');
    const model = new ScriptedModel([
      { content: 'Here are the facts: Hester has grey eyes.' },
      factsReply([{ subject: 'Skerry Light', attribute: 'steps', value: '131', quote: '131 steps' }]),
      { content: '```json\n{"facts":[{"subject":"Scene 1","attribute":"title","value":"The Lamp Room","quote":"title: The Lamp Room"}]}\n```' },
    ]);
    const store = new FsCanonStore(dir);
    const result = await buildCanonIndex({ workspace: await FsWorkspace.open(dir), store, clock: steppingClock(), model: { models: { primary: model, fallback: null }, nowMs: () => 0 } });
    expect(result.facts.map((fact) => fact.attribute)).toEqual(['steps', 'title']);
    const card = result.meta.sources.find((source) => source.kind === 'character');
    expect(card?.error).toMatchObject({ code: 'extraction_invalid' });
  });

  it('fails when the model cannot be reached and keeps the previous index', async () => {
    const dir = await smallWorkspace('unreachable');
    const store = new FsCanonStore(dir);
    const workspace = await FsWorkspace.open(dir);
    await buildCanonIndex({ workspace, store, clock: steppingClock() });
    const before = await fs.readFile(store.indexPath, 'utf8');
    const model = new ScriptedModel([{ status: 400, message: 'no such model' }]);
    await expect(buildCanonIndex({ workspace, store, clock: steppingClock(), model: { models: { primary: model, fallback: null }, nowMs: () => 0 } })).rejects.toMatchObject({ code: 'model_http_error' });
    expect(await fs.readFile(store.indexPath, 'utf8')).toBe(before);
  });
});
