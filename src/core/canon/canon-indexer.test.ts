import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { FsCanonStore } from '../../adapters/fs-run-store/index.js';
import { ScriptedModel } from '../../adapters/scripted-model/index.js';
import { steppingClock } from '../testing/index.js';
import { CanonIndexer } from './canon-indexer.js';

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-canon-indexer-'));
  await initWorkspace(dir);
  await fs.writeFile(path.join(dir, 'Compendium/Characters/CHAR-tam-gillies.md'), '---\nname: Tam Gillies\neyes: brown\n---\n');
  await fs.writeFile(path.join(dir, 'Compendium/Places/PLACE-quay.md'), '---\nname: The Quay\nkind: harbour wall\n---\n');
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('CanonIndexer', () => {
  it('is idle before any build, runs one build at a time and reports how it ended', async () => {
    const indexer = new CanonIndexer({ store: new FsCanonStore(dir), clock: steppingClock() });
    expect(await indexer.status()).toMatchObject({ state: 'idle', done: 0, total: 0, facts: 0, mode: null });
    const workspace = await FsWorkspace.open(dir);
    const started = indexer.start({ workspace });
    expect(started.status).toMatchObject({ state: 'running', mode: 'deterministic', finishedAt: null });
    expect(indexer.running).toBe(true);
    let busy: unknown;
    try {
      indexer.start({ workspace });
    } catch (error) {
      busy = error;
    }
    expect(busy).toMatchObject({ code: 'canon_index_busy' });
    const outcome = await started.outcome;
    expect(outcome.ok).toBe(true);
    expect(await indexer.status()).toMatchObject({ state: 'done', done: 2, total: 2, facts: 2 });
    // A new process (a fresh indexer) reads the last build from its metadata.
    const fresh = new CanonIndexer({ store: new FsCanonStore(dir), clock: steppingClock() });
    expect(await fresh.status()).toMatchObject({ state: 'done', total: 2, facts: 2, mode: 'deterministic' });
  });

  it('reports a failed build as data and lets the next one start', async () => {
    const indexer = new CanonIndexer({ store: new FsCanonStore(dir), clock: steppingClock() });
    const workspace = await FsWorkspace.open(dir);
    const model = new ScriptedModel([{ status: 401, message: 'bad key' }]);
    const outcome = await indexer.start({ workspace, model: { models: { primary: model, fallback: null }, nowMs: () => 0 } }).outcome;
    expect(outcome).toMatchObject({ ok: false, error: { code: 'model_http_error' } });
    expect(await indexer.status()).toMatchObject({ state: 'failed', error: { code: 'model_http_error' } });
    expect((await indexer.start({ workspace }).outcome).ok).toBe(true);
  });
});
