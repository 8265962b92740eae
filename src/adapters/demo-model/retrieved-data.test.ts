import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatToolResult } from '../../core/loop/index.js';
import { InMemoryIssueStore } from '../../core/testing/index.js';
import { canonCheckerTool, consistencyCheckerTool, type ToolContext } from '../../core/tools/index.js';
import { defaultAgentsFile } from '../../core/agents/index.js';
import { FsWorkspace, initWorkspace } from '../fs-workspace/index.js';
import { readRetrievedData } from './retrieved-data.js';

let base: string;
let context: ToolContext;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-demo-data-'));
  await initWorkspace(path.join(base, 'novel'), { sample: true });
  context = { workspace: await FsWorkspace.open(path.join(base, 'novel')), issues: new InMemoryIssueStore(), agents: defaultAgentsFile().agents };
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const SCENE_7 = 'Story/Scenes/SCN-07-statements.md';
const RECEIPT = 'rcpt_0190aaaa-bbbb-7ccc-8ddd-eeeeffff0001';

async function toolMessage(run: Promise<{ result: Record<string, unknown> }>, budget = 16_000): Promise<string> {
  const { result } = await run;
  return formatToolResult({ receiptId: RECEIPT, toolId: 'x', status: 'ok', result, fileRefs: [], latencyMs: 1 }, budget).text;
}

describe('readRetrievedData', () => {
  it('reads the findings, receipt and checked files from a raw tool message', async () => {
    const message = await toolMessage(consistencyCheckerTool.run({ file_paths: [SCENE_7] }, context));
    const data = readRetrievedData([message]);
    expect(data.receipts).toEqual([RECEIPT]);
    expect(data.checked).toEqual([{ path: SCENE_7, receiptId: RECEIPT }]);
    expect(data.findings).toEqual([
      expect.objectContaining({
        receiptId: RECEIPT,
        kind: 'eye_colour_mismatch',
        severity: 'error',
        path: SCENE_7,
        line: 90,
        canon: { path: 'Compendium/Characters/CHAR-hester-vane.md', line: 5, quote: 'eyes: grey' },
      }),
    ]);
  });

  it('still finds the findings in a result truncated to the byte budget', async () => {
    const scenes = (await context.workspace.listFiles()).filter((file) => file.startsWith('Story/Scenes/')).slice(0, 10);
    const message = await toolMessage(consistencyCheckerTool.run({ file_paths: scenes }, context), 4000);
    expect(JSON.parse(message)).toMatchObject({ truncated: true });
    const data = readRetrievedData([message]);
    expect(data.findings.map((finding) => `${finding.kind}@${finding.path}:${finding.line}`)).toContain(`eye_colour_mismatch@${SCENE_7}:90`);
    expect(data.findings.every((finding) => finding.receiptId === RECEIPT)).toBe(true);
  });

  it('reads the injected results of a conference phase 2, deduplicating findings', async () => {
    const canon = await toolMessage(canonCheckerTool.run({ scene_path: 'Story/Scenes/SCN-09-last-orders.md' }, context));
    const prompt = `The following data was retrieved for this discussion.\n\nResult 1 (receipt ${RECEIPT}):\n${canon}\n\nResult 2 (receipt ${RECEIPT}):\n${canon}`;
    const data = readRetrievedData([prompt]);
    expect(data.findings.map((finding) => [finding.kind, finding.line])).toEqual([['dead_character_speaks', 66]]);
    expect(data.checked.map((entry) => entry.path)).toEqual(['Story/Scenes/SCN-09-last-orders.md']);
  });

  it('finds nothing in prose without results', () => {
    expect(readRetrievedData(['Nothing was looked up.'])).toEqual({ receipts: [], findings: [], checked: [] });
  });
});
