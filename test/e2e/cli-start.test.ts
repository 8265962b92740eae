/**
 * The CLI starts at once: the quick commands load only what they need. Without timing anything,
 * each run records the modules it resolves (a loader hook) and must not have touched the heavy
 * packages — the prose analysers, the secret scanner, the server stack, SQLite, the embedded model.
 * The command runs from the build's CLI bundle: a few files instead of hundreds of small modules.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from './helpers/run-cli.js';

const RECORDER = pathToFileURL(path.join(REPO_ROOT, 'test/support/module-load-recorder.mjs')).href;
const HEAVY = ['compromise', 'wink-nlp', '@secretlint/core', 'hono', '@hono/node-server', 'better-sqlite3', 'node-llama-cpp', '@modelcontextprotocol/sdk', '@opentelemetry/sdk-trace', 'mammoth'];

let base: string;
let workspace: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'cr-cli-start-'));
  workspace = path.join(base, 'novel');
  expect((await runCli(['init', workspace, '--sample', '--json'])).status).toBe(0);
  const args = JSON.stringify({ path: 'Story/SCN-outline.md', start_line: 1, end_line: 3 });
  expect((await runCli(['tool', 'run', 'file_reader', '--args', args, '--session', 'start-check', '--workspace', workspace, '--json'])).status).toBe(0);
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Runs the CLI with the recorder and returns the packages it loaded. */
async function packagesLoaded(name: string, args: string[], input = ''): Promise<{ status: number; packages: Set<string> }> {
  const record = path.join(base, `${name}.modules`);
  const run = await runCli(args, { input, env: { NODE_OPTIONS: `--import ${RECORDER}`, MODULE_LOAD_RECORD: record } });
  const urls = (await readFile(record, 'utf8')).split('\n').filter(Boolean);
  // The bundle was recorded, so an empty list cannot pass by accident; the compiled files (one
  // module per source file) were not loaded: a build without the bundle step would show here.
  expect(urls.some((url) => url.includes('/dist/cli-bundle/'))).toBe(true);
  expect(urls.filter((url) => url.includes('/dist/cli/')), 'the CLI ran its compiled files, not the bundle: run "npm run build"').toEqual([]);
  const packages = new Set(urls.flatMap((url) => [...url.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].map((match) => match[1] ?? '')));
  return { status: run.status, packages };
}

describe('quick commands load no heavy package', { timeout: 60_000 }, () => {
  it('check tool-call reads a call with the parser alone', async () => {
    const reply = JSON.stringify({ tool: 'file_reader', nonce: 'n-7', args: { path: 'Story/SCN-outline.md' } });
    const { status, packages } = await packagesLoaded('check', ['check', 'tool-call', '--nonce', 'n-7', '--json'], reply);
    expect(status).toBe(0);
    // zod and commander are inside the bundle, not loaded file by file from node_modules.
    expect(packages.has('commander') || packages.has('zod')).toBe(false);
    expect(HEAVY.filter((name) => packages.has(name))).toEqual([]);
  });

  it('vfs tree lists the manuscript without the stores or the scanner', async () => {
    const { status, packages } = await packagesLoaded('vfs', ['vfs', 'tree', '--workspace', workspace, '--json']);
    expect(status).toBe(0);
    expect(HEAVY.filter((name) => packages.has(name))).toEqual([]);
  });

  it('audit verify checks signed receipts without the rest of the product', async () => {
    const { status, packages } = await packagesLoaded('audit', ['audit', 'verify', '--workspace', workspace, '--json']);
    expect(status).toBe(0);
    expect(HEAVY.filter((name) => packages.has(name))).toEqual([]);
  });
});
