import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Envelope } from '../../protocol/tasks.js';
import { openTaskBench, type TaskBench } from '../../adapters/json-task-store/index.js';
import { preflightBatch } from './preflight-batch.js';

let base: string;
let bench: TaskBench;

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-preflight-'));
  bench = await openTaskBench(path.join(base, 'novel'));
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('preflightBatch', () => {
  it('checks each operation against the workspace as the earlier ones leave it', async () => {
    const batch: Envelope[] = [
      { op: 'file.write', params: { path: 'Story/Scenes/SCN-20-new.md', content: 'A new scene with a lamp.\n' } },
      { op: 'file.patch', params: { path: 'Story/Scenes/SCN-20-new.md', find: 'a lamp', replace: 'a lantern' } },
      { op: 'file.delete', params: { path: 'Story/Scenes/SCN-20-new.md' } },
      { op: 'file.patch', params: { path: 'Story/Scenes/SCN-20-new.md', find: 'lantern', replace: 'torch' } },
    ];
    const checked = await preflightBatch(batch, bench.deps);
    expect(checked.issues).toEqual([expect.objectContaining({ code: 'path_not_found', path: ['batch', 3, 'params', 'path'] })]);
    await expect(fs.stat(path.join(bench.root, 'Story/Scenes/SCN-20-new.md'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses two operations with one idempotency key, issue ids that do not exist, and canon.rebuild without a rebuilder', async () => {
    const batch: Envelope[] = [
      { op: 'issue.create', params: { title: 'a', body: '' }, idempotencyKey: 'k' },
      { op: 'issue.create', params: { title: 'b', body: '' }, idempotencyKey: 'k' },
      { op: 'issue.close', params: { id: 'ISS-404' } },
      { op: 'canon.rebuild', params: {} },
    ];
    const checked = await preflightBatch(batch, bench.deps);
    expect(checked.issues.map((issue) => [issue.code, issue.path.join('.')])).toEqual([
      ['idempotency_key_duplicate', 'batch.1.idempotencyKey'],
      ['issue_not_found', 'batch.2.params.id'],
      ['canon_rebuild_unavailable', 'batch.3.op'],
    ]);
  });

  it('refuses a symlink that leads out of the manuscript', async () => {
    await fs.writeFile(path.join(base, 'secret.txt'), 'outside\n');
    await fs.symlink(path.join(base, 'secret.txt'), path.join(bench.root, 'Story/Scenes/SCN-50-link.md'));
    await fs.symlink(path.join(base), path.join(bench.root, 'Compendium/escape'));
    const batch: Envelope[] = [
      { op: 'file.patch', params: { path: 'Story/Scenes/SCN-50-link.md', find: 'outside', replace: 'inside' } },
      { op: 'file.write', params: { path: 'Compendium/escape/new.md', content: 'x' } },
    ];
    const checked = await preflightBatch(batch, bench.deps);
    expect(checked.issues.map((issue) => [issue.code, issue.path.join('.')])).toEqual([
      ['path_outside_workspace', 'batch.0.params.path'],
      ['path_outside_workspace', 'batch.1.params.path'],
    ]);
    expect(await fs.readFile(path.join(base, 'secret.txt'), 'utf8')).toBe('outside\n');
  });
});
