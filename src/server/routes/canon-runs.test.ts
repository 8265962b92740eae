import { OpenAPIHono } from '@hono/zod-openapi';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openControlRoom, type ControlRoom } from '../../adapters/compose/index.js';
import { initWorkspace } from '../../adapters/fs-workspace/index.js';
import { openPipelineRunner } from '../../adapters/compose/index.js';
import { InMemoryTraceStore } from '../../core/traces/index.js';
import type { CanonIndexStatus } from '../../protocol/canon.js';
import type { RunRecord, RunStepEntry } from '../../protocol/runs.js';
import { handleError, invalidRequest } from '../error-response.js';
import type { TaskOutcome } from '../../protocol/tasks.js';
import { registerCanonRoutes } from './canon.js';
import { registerConfirmationRoutes } from './confirmations.js';
import { registerRunRoutes } from './runs.js';

const RECIPES = path.resolve(import.meta.dirname, '../../../recipes');

let base: string;
let room: ControlRoom;
let app: OpenAPIHono;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-routes-'));
  const dir = path.join(base, 'novel');
  await initWorkspace(dir, { sample: true });
  room = await openControlRoom(dir, { traces: new InMemoryTraceStore(), homeDir: null, env: {} });
  app = new OpenAPIHono({
    defaultHook: (result, c) => (result.success ? undefined : invalidRequest(c, result.error, result.target === 'json' ? 'body' : result.target)),
  });
  app.onError((error, c) => handleError(error, c, false));
  registerCanonRoutes(app, { room, deps: { mode: 'live', probe: async () => false } });
  registerConfirmationRoutes(app, { room, deps: { mode: 'live', probe: async () => false } });
  registerRunRoutes(app, { room }, { runner: openPipelineRunner(room, { bundledRecipesDir: RECIPES }) });
});
afterAll(async () => {
  await room.close();
  await fs.rm(base, { recursive: true, force: true });
});

const post = (url: string, body?: unknown) =>
  app.request(url, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('canon index routes', () => {
  it('waits for its confirmation, then builds in the background, refuses a second build while one runs, and reports the status', async () => {
    const asked = await post('/api/canon/index', {});
    expect(asked.status).toBe(202);
    const pending = (await asked.json()) as TaskOutcome;
    expect(pending).toMatchObject({ status: 'awaiting_confirmation', level: 3, confirmation: { required: 1 } });
    const confirmed = await post(`/api/confirmations/${pending.confirmationId}`, { accept: true });
    expect(confirmed.status).toBe(200);
    const applied = (await confirmed.json()) as TaskOutcome;
    expect(applied.status).toBe('applied');
    const started = (applied.results[0]!.result as { outcome: { status: CanonIndexStatus; notice: string | null } }).outcome;
    expect(started.status).toMatchObject({ state: 'running', mode: 'deterministic' });
    expect(started.notice).toMatch(/No model server answered/);
    const second = await post('/api/canon/index', { mode: 'deterministic' });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: { code: 'canon_index_busy' } });
    const status = await until(
      async () => (await (await app.request('/api/canon/index/status')).json()) as CanonIndexStatus,
      (value) => value.state !== 'running',
    );
    expect(status).toMatchObject({ state: 'done', done: 30, total: 30 });
    expect(status.facts).toBeGreaterThan(100);
    const canon = await room.workspace.read('Canon.md');
    expect(canon.content).toContain('- Hester Vane — eyes: grey (Compendium/Characters/CHAR-hester-vane.md#L5)');
  });

  it('refuses an unknown mode', async () => {
    const response = await post('/api/canon/index', { mode: 'guess' });
    expect(response.status).toBe(400);
    const listed = (await (await app.request('/api/confirmations')).json()) as { confirmations: unknown[] };
    expect(listed.confirmations).toEqual([]);
  });
});

describe('run routes', () => {
  it('starts, polls, drills into the cache and cancels', async () => {
    const recipes = (await (await app.request('/api/recipes')).json()) as { recipes: Array<{ id: string; origin: string }> };
    expect(recipes.recipes).toEqual([expect.objectContaining({ id: 'continuity-pass', origin: 'bundled' })]);
    const started = await post('/api/runs', { recipe: 'continuity-pass' });
    expect(started.status).toBe(202);
    const { run } = (await started.json()) as { run: RunRecord };
    expect(run.status).toBe('running');
    const polled = await until(
      async () => (await (await app.request(`/api/runs/${run.id}`)).json()) as { run: RunRecord; steps: RunStepEntry[] },
      (value) => value.run.progress.done >= 1,
    );
    expect(polled.steps[0]).toMatchObject({ event: 'run-start' });
    const cancelled = await post(`/api/runs/${run.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const after = ((await cancelled.json()) as { run: RunRecord }).run;
    expect(after.status).toBe('cancelled');
    const steps = ((await (await app.request(`/api/runs/${run.id}/steps`)).json()) as { steps: RunStepEntry[] }).steps;
    expect(steps.at(-1)).toMatchObject({ event: 'run-cancelled', done: after.progress.done });
    const slot = (await (await app.request(`/api/runs/${run.id}/cache/canon`)).json()) as { entries: unknown[] };
    expect(slot.entries).toHaveLength(after.progress.done);
    expect((await post(`/api/runs/${run.id}/cancel`)).status).toBe(409);
    const listed = (await (await app.request('/api/runs')).json()) as { runs: RunRecord[] };
    expect(listed.runs.map((entry) => entry.id)).toContain(run.id);
  }, 60_000);

  it('answers 404 for unknown runs, recipes and slots, and 400 for bad bodies', async () => {
    expect((await app.request('/api/runs/run_0190aaaa-0000-7000-8000-00000000dead')).status).toBe(404);
    expect((await post('/api/runs', { recipe: 'no-such-recipe' })).status).toBe(404);
    expect((await post('/api/runs', { recipe: 'continuity-pass', extra: true })).status).toBe(400);
    expect((await app.request('/api/runs/..%2F..%2Fissues')).status).toBe(400);
  });
});
