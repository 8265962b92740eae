import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceStore } from '../../core/ports/index.js';
import { openSqliteTraceStore, TRACES_DB_PATH } from './open-sqlite-trace-store.js';
import { withExistingTraceStore } from './with-existing-trace-store.js';

const folders: string[] = [];

function tempWorkspace(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'cr-existing-traces-'));
  mkdirSync(path.join(folder, '.control-room'));
  folders.push(folder);
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('withExistingTraceStore', () => {
  it('passes null and creates no database when the workspace has no traces yet', async () => {
    const root = tempWorkspace();
    expect(await withExistingTraceStore(root, async (store) => store)).toBeNull();
    expect(existsSync(path.join(root, TRACES_DB_PATH))).toBe(false);
  });

  it('opens the existing store, returns what the work returns, and closes the store even when the work throws', async () => {
    const root = tempWorkspace();
    await (await openSqliteTraceStore(root)).close();
    expect(await withExistingTraceStore(root, async (store) => (store === null ? 'none' : store.getRound('00000000-0000-7000-8000-000000000000')))).toBeNull();
    let opened: TraceStore | null = null;
    await expect(
      withExistingTraceStore(root, async (store) => {
        opened = store;
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(opened).not.toBeNull();
    // A closed store refuses every call, which shows the store was closed after the failure.
    await expect(opened!.getRound('00000000-0000-7000-8000-000000000000')).rejects.toMatchObject({ code: 'trace_store_closed' });
  });
});
