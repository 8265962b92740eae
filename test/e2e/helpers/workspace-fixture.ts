import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { initWorkspace } from '../../../src/adapters/fs-workspace/index.js';

/** A fresh copy of the sample workspace in a temp folder; `cleanup` removes it. */
export async function sampleWorkspace(prefix = 'cr-e2e-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const dir = path.join(base, 'novel');
  await initWorkspace(dir, { sample: true });
  return { dir, cleanup: () => fs.rm(base, { recursive: true, force: true }) };
}

/** Every file under the workspace's app data, as text, for "appears nowhere" checks. */
export async function readAppData(dir: string): Promise<Array<{ file: string; text: string }>> {
  const out: Array<{ file: string; text: string }> = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push({ file: path.relative(dir, full), text: (await fs.readFile(full)).toString('latin1') });
    }
  };
  await walk(path.join(dir, '.control-room'));
  return out;
}

/** Writes the agent-endpoints file with a default endpoint. */
export async function writeEndpoints(dir: string, endpoint: Record<string, unknown>, agents: Record<string, unknown> = {}): Promise<void> {
  await fs.writeFile(
    path.join(dir, '.control-room/agents/agent-endpoints.json'),
    `${JSON.stringify({ schema_version: 1, default: { apiKey: null, profile: 'envelope', stream: false, ...endpoint }, agents }, null, 2)}\n`,
  );
}

/** The signed receipt lines of one session's audit log, or of every session's when `session` is left out. */
export async function receiptLines(dir: string, session?: string): Promise<string[]> {
  const sessions = path.join(dir, '.control-room/audit/sessions');
  const lines: string[] = [];
  for (const name of session === undefined ? await fs.readdir(sessions).catch(() => []) : [session]) {
    const text = await fs.readFile(path.join(sessions, name, 'tool_receipts.jsonl'), 'utf8').catch(() => '');
    lines.push(...text.split('\n').filter(Boolean));
  }
  return lines;
}
