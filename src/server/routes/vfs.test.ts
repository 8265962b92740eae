import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture;
beforeAll(async () => {
  fixture = await openRouteFixture();
});
afterAll(async () => {
  await fixture.close();
});

const SCENE = 'Story/Scenes/SCN-07-statements.md';

describe('GET /api/vfs/tree', () => {
  it('answers the VFS tree: Story/, Compendium/ and Canon.md, with the outline found', async () => {
    const response = await fixture.send('GET', '/api/vfs/tree');
    expect(response.status).toBe(200);
    const tree = (await response.json()) as { root: { children: Array<{ name: string }> }; outlinePath: string; fileCount: number };
    expect(tree.root.children.map((child) => child.name)).toEqual(['Story', 'Compendium', 'Canon.md']);
    expect(tree.outlinePath).toBe('Story/SCN-outline.md');
    expect(tree.fileCount).toBeGreaterThan(20);
  });
});

describe('GET /api/vfs/file', () => {
  it('reads a whole file with its sha256 and size', async () => {
    const response = await fixture.send('GET', `/api/vfs/file?path=${encodeURIComponent(SCENE)}`);
    expect(response.status).toBe(200);
    const file = (await response.json()) as { path: string; content: string; lines: number; startLine: number; endLine: number; sha256: string; size: number };
    expect(file).toMatchObject({ path: SCENE, startLine: 1 });
    expect(file.content).toContain('Hester Vane’s green eyes went to the first page and stayed there.');
    expect(file.endLine).toBe(file.lines);
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads a line range, and from a start line to the end', async () => {
    const range = (await (await fixture.send('GET', `/api/vfs/file?path=${encodeURIComponent(SCENE)}&start=90&end=90`)).json()) as { content: string; startLine: number; endLine: number };
    expect(range).toMatchObject({ startLine: 90, endLine: 90 });
    expect(range.content).toContain('green eyes');
    const tail = (await (await fixture.send('GET', `/api/vfs/file?path=${encodeURIComponent(SCENE)}&start=100`)).json()) as { startLine: number; endLine: number; lines: number };
    expect(tail.startLine).toBe(100);
    expect(tail.endLine).toBe(tail.lines);
  });

  it('serves the virtual Canon.md from app data', async () => {
    const response = await fixture.send('GET', '/api/vfs/file?path=Canon.md');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { content: string }).content.length).toBeGreaterThan(0);
  });

  it('answers 404 path_not_found for a file that is not there', async () => {
    const response = await fixture.send('GET', '/api/vfs/file?path=Story/Scenes/SCN-99-nowhere.md');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'path_not_found' } });
  });

  it.each([
    ['a parent step', '../../etc/passwd'],
    ['a parent step inside the path', 'Story/../../secret.txt'],
    ['encoded dots', '%2e%2e/%2e%2e/etc/passwd'],
    ['double-encoded dots', '%252e%252e%252fetc'],
    ['an absolute path', '/etc/passwd'],
    ['a Windows drive path', 'C:\\Windows\\win.ini'],
    ['a backslash path', 'Story\\..\\..\\x'],
    ['app data', '.control-room/audit/secret.key'],
    ['app data agents file', '.control-room/agents/agent-endpoints.json'],
    ['a NUL byte', 'Story/SCN-outline.md%00.txt'],
  ])('refuses %s with 400 path_outside_workspace and no content', async (_label, raw) => {
    const query = raw.includes('%') ? raw : encodeURIComponent(raw);
    const response = await fixture.send('GET', `/api/vfs/file?path=${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string }; content?: string };
    expect(body.error.code).toBe('path_outside_workspace');
    expect(body.content).toBeUndefined();
  });

  it('refuses a missing path, bad line numbers and unknown query keys with 400 and the issues', async () => {
    for (const url of ['/api/vfs/file', `/api/vfs/file?path=${SCENE}&start=0`, `/api/vfs/file?path=${SCENE}&start=abc`, `/api/vfs/file?path=${SCENE}&lines=1-2`]) {
      const response = await fixture.send('GET', url);
      expect(response.status, url).toBe(400);
      const body = (await response.json()) as { error: { code: string; issues: Array<{ path: unknown[]; message: string }> } };
      expect(body.error.code).toBe('invalid_request');
      expect(body.error.issues.length).toBeGreaterThan(0);
    }
  });

  it('refuses a range that ends before it starts, or starts past the end', async () => {
    const backwards = await fixture.send('GET', `/api/vfs/file?path=${SCENE}&start=20&end=10`);
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({ error: { code: 'line_range_invalid' } });
    const past = await fixture.send('GET', `/api/vfs/file?path=${SCENE}&start=100000`);
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ error: { code: 'line_range_invalid' } });
  });
});
