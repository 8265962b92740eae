import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { initWorkspace } from '../../adapters/fs-workspace/index.js';
import { openNotifications } from '../../adapters/json-notification-store/index.js';
import { systemClock, systemIds } from '../../adapters/system/index.js';
import { runCli } from '../main.js';

let base: string | undefined;
afterEach(async () => {
  if (base) await fs.rm(base, { recursive: true, force: true });
  base = undefined;
});

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io = { stdout: (text: string) => void (out += text), stderr: (text: string) => void (err += text), stdin: async () => '' };
  const code = await runCli(['node', 'control-room', 'notifications', ...args], io);
  return { code, out, err };
}

describe('control-room notifications', () => {
  it('lists what waits, dismisses one by id or all at once, and refuses a dismiss that names nothing', async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-notifications-'));
    const dir = path.join(base, 'novel');
    await initWorkspace(dir, { sample: true });
    expect((await cli('--workspace', dir)).out).toMatch(/nothing waits for you/);
    const store = openNotifications(dir, { clock: systemClock, ids: systemIds });
    const run = await store.notify({ kind: 'run_finished', key: 'run:r1', title: 'Continuity pass finished', detail: '2 findings, 1 issue filed.', link: { screen: 'runs', id: 'r1' } });
    await store.notify({ kind: 'import_finished', key: 'import:i1', title: 'Import of vault finished', detail: '12 scenes.' });
    const listed = JSON.parse((await cli('--workspace', dir, '--json')).out) as { waiting: number; notifications: Array<{ id: string; key: string }> };
    expect(listed.waiting).toBe(2);
    expect(listed.notifications.map((entry) => entry.key)).toEqual(['import:i1', 'run:r1']);
    expect((await cli('--workspace', dir)).out).toMatch(/\[run_finished\] Continuity pass finished[\s\S]*→ runs r1/);
    const dismissed = await cli('dismiss', run.id, '--workspace', dir);
    expect(dismissed.err).toBe('');
    expect(dismissed.code).toBe(0);
    expect(JSON.parse((await cli('--workspace', dir, '--json')).out)).toMatchObject({ waiting: 1 });
    const unknown = await cli('dismiss', 'ntf_00000000-0000-7000-8000-000000000000', '--workspace', dir, '--json');
    expect(unknown.code).toBe(1);
    expect(unknown.out + unknown.err).toContain('notification_not_found');
    expect((await cli('dismiss', '--workspace', dir)).code).toBe(2);
    expect(JSON.parse((await cli('dismiss', '--all', '--workspace', dir, '--json')).out)).toEqual({ dismissed: 1 });
    expect(JSON.parse((await cli('--all', '--workspace', dir, '--json')).out)).toMatchObject({ waiting: 0, notifications: [{}, {}] });
  });
});
