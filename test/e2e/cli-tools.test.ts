/** `control-room check tool-call` and `control-room tool run`, as a user runs them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { receiptLines, sampleWorkspace } from './helpers/workspace-fixture.js';

let workspace: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  workspace = await sampleWorkspace('cr-tools-');
});
afterAll(async () => {
  await workspace.cleanup();
});

describe('control-room check tool-call', () => {
  it('accepts a JSON-only call with the right nonce and reports normalisations', async () => {
    const run = await runCli(['check', 'tool-call', '--nonce', 'n0nce-123', '--json'], {
      input: '{"tool":"file_viewer","args":{"Path":"Story/SCN-outline.md"},"nonce":"n0nce-123"}',
    });
    expect(run.status).toBe(0);
    expect(run.json()).toMatchObject({
      ok: true,
      tool: 'file_reader',
      args: { path: 'Story/SCN-outline.md' },
      applied: expect.arrayContaining([expect.objectContaining({ kind: 'tool_alias', from: 'file_viewer', to: 'file_reader' })]),
    });
  });

  it.each([
    ['wrong nonce', '{"tool":"file_reader","args":{"path":"Story/SCN-outline.md"},"nonce":"guess"}', 'tool_call_nonce_invalid'],
    ['extra text', 'Sure: {"tool":"file_reader","args":{"path":"Story/SCN-outline.md"},"nonce":"n0nce-123"}', 'tool_call_invalid_format'],
    ['code fence', '```json\n{"tool":"file_reader","args":{"path":"Story/SCN-outline.md"},"nonce":"n0nce-123"}\n```', 'tool_call_invalid_format'],
    ['two objects', '{"tool":"file_reader","args":{"path":"a"},"nonce":"n0nce-123"}{"tool":"file_reader","args":{"path":"b"},"nonce":"n0nce-123"}', 'tool_call_multiple'],
    ['plain-text syntax', 'file_locator(search_criteria="Hester")', 'tool_call_invalid_format'],
    ['unknown tool', '{"tool":"delete_everything","args":{},"nonce":"n0nce-123"}', 'tool_call_unknown_tool'],
    ['invalid args', '{"tool":"consistency_checker","args":{"file_paths":[]},"nonce":"n0nce-123"}', 'tool_call_invalid_args'],
  ])('rejects %s with its code and exit 1', async (_name, input, code) => {
    const run = await runCli(['check', 'tool-call', '--nonce', 'n0nce-123', '--json'], { input });
    expect(run.status).toBe(1);
    expect(run.json()).toMatchObject({ ok: false, code });
  });

  it('refuses a tool outside --tools, and a usage mistake exits 2', async () => {
    const outside = await runCli(['check', 'tool-call', '--nonce', 'n', '--tools', 'file_locator', '--json'], {
      input: '{"tool":"file_reader","args":{"path":"Story/SCN-outline.md"},"nonce":"n"}',
    });
    expect(outside.json()).toMatchObject({ ok: false, code: 'tool_call_unknown_tool' });
    expect((await runCli(['check', 'tool-call', '--json'], { input: '{}' })).status).toBe(2);
  });
});

describe('control-room tool run', () => {
  it('runs a tool for real, prints the result with its receipt id, and the receipt verifies', async () => {
    const run = await runCli(['tool', 'run', 'file_reader', '--args', '{"path":"Story/SCN-outline.md","start_line":1,"end_line":3}', '--session', 's-tools', '--workspace', workspace.dir, '--json']);
    expect(run.status).toBe(0);
    const body = run.json<{ status: string; receiptId: string; result: { content: string } }>();
    expect(body.status).toBe('ok');
    expect(body.receiptId).toMatch(/^rcpt_[A-Za-z0-9_-]{10,}$/);
    expect(body.result.content).toContain('Outline');
    expect((await receiptLines(workspace.dir, 's-tools')).map((line) => JSON.parse(line).receipt_id)).toEqual([body.receiptId]);
    const verify = await runCli(['audit', 'verify', '--workspace', workspace.dir, '--json']);
    expect(verify.json()).toMatchObject({ ok: true, firstBad: null });
  });

  it('records a tool error and an unknown tool as receipts, and refuses invalid args before running anything', async () => {
    const missing = await runCli(['tool', 'run', 'file_reader', '--args', '{"path":"Story/missing.md"}', '--session', 's-errors', '--workspace', workspace.dir, '--json']);
    expect(missing.status).toBe(1);
    expect(missing.json()).toMatchObject({ status: 'tool_error', result: { error: { code: 'path_not_found' } } });
    const unknown = await runCli(['tool', 'run', 'no_such_tool', '--session', 's-errors', '--workspace', workspace.dir, '--json']);
    expect(unknown.json()).toMatchObject({ status: 'unknown_tool' });
    expect(await receiptLines(workspace.dir, 's-errors')).toHaveLength(2);
    const invalid = await runCli(['tool', 'run', 'file_reader', '--args', '{"path":"x","bogus":1}', '--session', 's-invalid', '--workspace', workspace.dir, '--json']);
    expect(invalid.status).toBe(1);
    expect(invalid.json()).toMatchObject({ error: { code: 'tool_call_invalid_args' } });
    expect(await receiptLines(workspace.dir, 's-invalid')).toEqual([]);
  });

  it('dry runs read nothing and still leave a receipt', async () => {
    const run = await runCli(['tool', 'run', 'prose_analyzer', '--args', '{"scene_path":"Story/Scenes/SCN-01-the-lamp-room.md","dry_run":true}', '--session', 's-dry', '--workspace', workspace.dir, '--json']);
    expect(run.json()).toMatchObject({ status: 'ok', result: { dry_run: true } });
    const receipt = JSON.parse((await receiptLines(workspace.dir, 's-dry'))[0]!);
    expect(receipt.file_refs).toEqual([]);
  });
});
