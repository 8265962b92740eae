import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFakeCredentials } from '../../../test/support/fake-credentials.js';
import { appendJsonLine, appendLine } from './append-line.js';
import { isScrubbedAppData } from './scrub-app-data.js';
import { writeFileAtomic, writeJsonAtomic } from './write-file-atomic.js';

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-app-data-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const appData = async (relative: string): Promise<string> => {
  const file = path.join(root, '.control-room', relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  return file;
};

describe('the app-data scrubbing boundary', () => {
  it('covers everything under .control-room/ but the signed audit log and the endpoint settings', () => {
    expect(isScrubbedAppData(path.join(root, '.control-room/issues/issues.json'))).toBe(true);
    expect(isScrubbedAppData(path.join(root, '.control-room/conference-transcripts/c1.jsonl'))).toBe(true);
    expect(isScrubbedAppData(path.join(root, '.control-room/traces.db'))).toBe(true);
    expect(isScrubbedAppData(path.join(root, '.control-room/audit/sessions/s1/tool_receipts.jsonl'))).toBe(false);
    expect(isScrubbedAppData(path.join(root, '.control-room/agents/agent-endpoints.json'))).toBe(false);
    expect(isScrubbedAppData(path.join(root, '.control-room/agents/agents.json'))).toBe(true);
    expect(isScrubbedAppData(path.join(root, 'Story/Scenes/SCN-01.md'))).toBe(false);
  });

  it('scrubs JSON records, JSON lines and text files on their way to disk', async () => {
    const { githubToken, awsAccessKeyId, privateKey } = makeFakeCredentials();
    const record = await appData('issues/issues.json');
    await writeJsonAtomic(record, { issues: [{ title: 'Keys', body: `my token ${githubToken}`, tags: [awsAccessKeyId] }] });
    const lines = await appData('conference-transcripts/c1.jsonl');
    await appendJsonLine(lines, { message: `use ${githubToken}` });
    await appendLine(lines, JSON.stringify({ message: `again ${awsAccessKeyId}` }));
    await appendLine(lines, `plain line ${githubToken}`);
    const text = await appData('canon/canon-index.md');
    await writeFileAtomic(text, `# Canon\n\n${privateKey}\n`);
    for (const file of [record, lines, text]) {
      const stored = await fs.readFile(file, 'utf8');
      for (const raw of [githubToken, awsAccessKeyId, privateKey.split('\n')[1]!]) expect(stored, file).not.toContain(raw);
      expect(stored).toContain('secret_ref:');
    }
    const parsed = (await fs.readFile(lines, 'utf8')).trim().split('\n');
    expect(JSON.parse(parsed[0]!)).toEqual({ message: expect.stringMatching(/^use secret_ref:/) });
    expect(JSON.parse(parsed[1]!)).toEqual({ message: expect.stringMatching(/^again secret_ref:/) });
  });

  it('keeps clean records byte for byte, and one-token fields the product minted', async () => {
    const file = await appData('tasks/confirmations/cfm_1.json');
    const minted = { step_token: 'q8Vd2LmX0pR7sT4wZ1yB6nC3hJ9kF5gA', previous_base64: Buffer.from('The lamp room, 1911.').toString('base64'), id: 'task_0192f3a5-0b1c-7d8e-9f01-23456789abcd' };
    await writeJsonAtomic(file, minted);
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual(minted);
    const lines = await appData('runs/r1/steps.jsonl');
    const clean = '{"step":1,  "note":"spaces kept"}';
    await appendLine(lines, clean);
    expect(await fs.readFile(lines, 'utf8')).toBe(`${clean}\n`);
  });

  it('writes the audit log, the endpoint settings and the manuscript as given', async () => {
    const { githubToken } = makeFakeCredentials();
    const settings = await appData('agents/agent-endpoints.json');
    await writeJsonAtomic(settings, { default: { apiKey: githubToken } });
    expect(await fs.readFile(settings, 'utf8')).toContain(githubToken);
    const manuscript = path.join(root, 'Story/notes.md');
    await writeFileAtomic(manuscript, `token ${githubToken}`);
    expect(await fs.readFile(manuscript, 'utf8')).toContain(githubToken);
  });
});
