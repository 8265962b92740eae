/**
 * `control-room check evidence` end to end: a real workspace (the sample), a real signed receipt
 * recorded by the compiled binary's `tool run`, and the evidence command reading a reply from
 * stdin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { sampleWorkspace } from './helpers/workspace-fixture.js';

/** `control-room check evidence <args>` with `input` (the reply to check) on stdin. */
const checkEvidence = (args: string[], input: string) => runCli(['check', 'evidence', ...args], { input });

const SCENE = 'Story/Scenes/SCN-06-the-tide-steps.md';
let dir: string;
let cleanup: () => Promise<void>;
let receiptId: string;

beforeAll(async () => {
  ({ dir, cleanup } = await sampleWorkspace('cr-check-evidence-'));
  const run = await runCli(['tool', 'run', 'file_reader', '--args', JSON.stringify({ path: SCENE, start_line: 95, end_line: 105 }), '--session', 'chat-s1', '--workspace', dir, '--json']);
  expect(run.status).toBe(0);
  receiptId = run.json<{ receiptId: string }>().receiptId;
  expect(receiptId).toMatch(/^rcpt_/);
});

afterAll(async () => {
  await cleanup();
});

describe('control-room check evidence', () => {
  it('accepts a verified reply citing a receipt of the session, with the SPEC §14 JSON', async () => {
    const reply = `Owen dies on the tide steps, so he cannot speak in scene 9.\nEvidence: content | ${SCENE}#L95-L105 | "It did not start again. Owen Tresk was dead." | receipt ${receiptId}`;
    const run = await checkEvidence(['--session', 'chat-s1', '--workspace', dir, '--json'], reply);
    expect(run.status).toBe(0);
    expect(run.json()).toEqual({
      ok: true,
      line: reply.split('\n')[1],
      type: 'content',
      sources: [{ path: SCENE, lines: { start: 95, end: 105 } }],
      quotes: ['It did not start again. Owen Tresk was dead.'],
      receipts: [receiptId],
      locations: [expect.objectContaining({ path: SCENE, startLine: 101, endLine: 102 })],
      searched: [],
      absenceHits: [],
      issues: [],
    });
  });

  it('rejects a receipt the session does not have, naming it with its span (exit 1)', async () => {
    const reply = `Owen is dead.\nEvidence: content | ${SCENE} | "Owen Tresk was dead." | receipt ${receiptId}`;
    const run = await checkEvidence(['--session', 'chat-other', '--workspace', dir, '--json'], reply);
    expect(run.status).toBe(1);
    const body = run.json<{ ok: boolean; issues: Array<{ code: string; message: string; span: { start: number; end: number } }> }>();
    expect(body.ok).toBe(false);
    expect(body.issues.map((issue) => issue.code)).toEqual(['receipt_unknown']);
    expect(reply.slice(body.issues[0]?.span.start, body.issues[0]?.span.end)).toBe(receiptId);
    const extra = await checkEvidence(['--receipts', receiptId, '--workspace', dir, '--json'], reply);
    expect(extra.status).toBe(0);
  });

  it("applies the agent's role sources from agents.json", async () => {
    const reply = `Owen is dead.\nEvidence: content | ${SCENE} | "Owen Tresk was dead."`;
    const run = await checkEvidence(['--agent', 'continuity', '--workspace', dir, '--json'], reply);
    expect(run.status).toBe(1);
    expect(run.json<{ issues: Array<{ code: string }> }>().issues.map((issue) => issue.code)).toEqual(['source_role_mismatch']);
    const canon = await checkEvidence(['--agent', 'continuity', '--workspace', dir, '--json'], 'Owen is dead in the canon.\nEvidence: content | Canon.md | "Owen Tresk — status: dead"');
    expect(canon.status).toBe(0);
  });

  it('lists every issue in human form and exits 1', async () => {
    const reply = `Let me think. Owen lives.\nEvidence: content | ${SCENE} | "Owen Tresk was alive."`;
    const run = await checkEvidence(['--workspace', dir], reply);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('rejected: 2 issues');
    expect(run.stdout).toContain('- cot_leak:');
    expect(run.stdout).toContain('- quote_not_found:');
  });

  it('answers an unknown agent with a usage error (exit 2) and a missing workspace with exit 1', async () => {
    const unknownAgent = await checkEvidence(['--agent', 'nobody', '--workspace', dir, '--json'], 'x');
    expect(unknownAgent.status).toBe(2);
    expect(unknownAgent.json()).toMatchObject({ error: { code: 'usage_error' } });
    const missing = await checkEvidence(['--workspace', `${dir}-missing`, '--json'], 'x');
    expect(missing.status).toBe(1);
    expect(missing.json()).toMatchObject({ error: { code: 'workspace_not_found' } });
  });
});
