import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openControlRoom } from '../../adapters/compose/index.js';
import { initWorkspace } from '../../adapters/fs-workspace/index.js';
import { findToolNonce, ScriptedModel } from '../../adapters/scripted-model/index.js';
import { runChatTurn } from '../../core/loop/index.js';
import { runCli } from '../main.js';

let base: string | undefined;
afterEach(async () => {
  if (base) await fs.rm(base, { recursive: true, force: true });
  base = undefined;
});

async function metrics(dir: string, json: boolean): Promise<string> {
  let out = '';
  const io = { stdout: (text: string) => void (out += text), stderr: () => undefined, stdin: async () => '' };
  expect(await runCli(['node', 'control-room', 'traces', 'metrics', '--workspace', dir, ...(json ? ['--json'] : [])], io)).toBe(0);
  return out;
}

describe('control-room traces metrics', () => {
  it('reads the stored rounds and reports per channel and per model', async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-metrics-'));
    const dir = path.join(base, 'novel');
    await initWorkspace(dir, { sample: true });
    const empty = JSON.parse(await metrics(dir, true)) as { rounds: number };
    expect(empty.rounds).toBe(0);
    const model = new ScriptedModel(
      [
        { toolCalls: [{ name: 'outline_analyzer', arguments: {} }] },
        (request) => ({ content: JSON.stringify({ action: 'final', nonce: findToolNonce(request.messages) }) }),
        { content: 'Three acts.' },
      ],
      { name: 'local-qwen' },
    );
    const room = await openControlRoom(dir, { env: {}, homeDir: null, modelFactory: () => model });
    const endpoints = room.endpoints;
    endpoints.default = { ...endpoints.default, profile: 'cascade' };
    await runChatTurn({ message: 'How many acts?', sessionId: 'metrics-1', toolPolicy: { requireTool: true } }, { ...room.turnDependencies(), validateReply: undefined });
    await room.close();
    const report = JSON.parse(await metrics(dir, true)) as { rounds: number; channels: Record<string, { accepted: number }>; models: Record<string, { replies: number }> };
    expect(report.rounds).toBe(1);
    expect(report.channels['tool']!.accepted + report.channels['json']!.accepted).toBe(2);
    expect(report.models['local-qwen']!.replies).toBe(3);
    expect(await metrics(dir, false)).toMatch(/By channel:[\s\S]*json[\s\S]*By model:[\s\S]*local-qwen/);
  });
});
