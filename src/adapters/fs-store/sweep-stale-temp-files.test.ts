import { describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sweepStaleTempFiles } from './sweep-stale-temp-files.js';

describe('sweepStaleTempFiles', () => {
  it('removes old temporary files a killed writer left, and keeps fresh ones and real files', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-sweep-'));
    const folder = path.join(root, '.control-room/issues');
    await fs.mkdir(folder, { recursive: true });
    const stale = path.join(folder, '.issues.json.0123456789ab.tmp');
    const fresh = path.join(folder, '.issues.json.ba9876543210.tmp');
    await fs.writeFile(stale, 'half');
    await fs.writeFile(fresh, 'in progress');
    await fs.writeFile(path.join(folder, 'issues.json'), '{}');
    const old = new Date(Date.now() - 5 * 60_000);
    await fs.utimes(stale, old, old);
    expect(await sweepStaleTempFiles(root)).toEqual(['.control-room/issues/.issues.json.0123456789ab.tmp']);
    expect((await fs.readdir(folder)).sort()).toEqual(['.issues.json.ba9876543210.tmp', 'issues.json']);
    await fs.rm(root, { recursive: true, force: true });
  });
});
