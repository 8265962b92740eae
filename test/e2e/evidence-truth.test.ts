/**
 * Verified means true, end to end: `control-room check evidence` on a real workspace with real
 * signed receipts (the compiled binary's `tool run`) refuses a receipt line planted in the session
 * log, a quote its cited receipt did not read, an absence claim the files contradict, and a claim
 * after the evidence line — and its JSON carries the one report (line, located quotes, searched
 * files, hits).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { sampleWorkspace } from './helpers/workspace-fixture.js';

const checkEvidence = (args: string[], input: string) => runCli(['check', 'evidence', ...args], { input });

const SCENE = 'Story/Scenes/SCN-06-the-tide-steps.md';
const OTHER = 'Story/Scenes/SCN-01-the-lamp-room.md';
const SESSION = 'chat-truth';
let dir: string;
let cleanup: () => Promise<void>;
let receiptId: string;

interface Report {
  ok: boolean;
  line: string | null;
  searched: string[];
  absenceHits: Array<{ term: string; path: string; line: number }>;
  issues: Array<{ code: string; message: string }>;
}

beforeAll(async () => {
  ({ dir, cleanup } = await sampleWorkspace('cr-evidence-truth-'));
  const run = await runCli(['tool', 'run', 'file_reader', '--args', JSON.stringify({ path: SCENE, start_line: 95, end_line: 105 }), '--session', SESSION, '--workspace', dir, '--json']);
  expect(run.status).toBe(0);
  receiptId = run.json<{ receiptId: string }>().receiptId;
});

afterAll(async () => {
  await cleanup();
});

describe('verified means true (check evidence, real receipts)', () => {
  it('a planted receipt line never counts: unsigned, forged or out of chain', async () => {
    const log = path.join(dir, '.control-room/audit/sessions', SESSION, 'tool_receipts.jsonl');
    const real = JSON.parse((await fs.readFile(log, 'utf8')).trim().split('\n')[0] ?? '{}') as Record<string, unknown>;
    const planted = [
      { ...real, receipt_id: 'rcpt_planted-unsigned-0001', signature: undefined, ed25519_signature: undefined },
      { ...real, receipt_id: 'rcpt_planted-forged-00002', signature: 'f'.repeat(64) },
    ];
    await fs.appendFile(log, planted.map((line) => `${JSON.stringify(line)}\n`).join(''));
    for (const id of ['rcpt_planted-unsigned-0001', 'rcpt_planted-forged-00002']) {
      const reply = `Owen is dead.\nEvidence: content | ${SCENE}#L95-L105 | "It did not start again. Owen Tresk was dead." | receipt ${id}`;
      const run = await checkEvidence(['--session', SESSION, '--workspace', dir, '--json'], reply);
      expect(run.status, id).toBe(1);
      expect(run.json<Report>().issues.map((issue) => issue.code)).toEqual(['receipt_unknown']);
      const extra = await checkEvidence(['--receipts', id, '--workspace', dir, '--json'], reply);
      expect(extra.status, `${id} through --receipts`).toBe(1);
    }
    // Put the log back as it was, so later cases see only the real receipt.
    await fs.writeFile(log, `${JSON.stringify(real)}\n`);
  });

  it('a quote must lie in lines a cited receipt read', async () => {
    const inside = `Owen is dead.\nEvidence: content | ${SCENE} | "It did not start again. Owen Tresk was dead." | receipt ${receiptId}`;
    const ok = await checkEvidence(['--session', SESSION, '--workspace', dir, '--json'], inside);
    expect(ok.status).toBe(0);
    expect(ok.json<Report>().line).toBe(inside.split('\n')[1]);
    const elsewhere = `Owen waits.\nEvidence: content | ${OTHER} | "Owen Tresk was waiting for her at the tower door" | receipt ${receiptId}`;
    const run = await checkEvidence(['--session', SESSION, '--workspace', dir, '--json'], elsewhere);
    expect(run.status).toBe(1);
    expect(run.json<Report>().issues.map((issue) => issue.code)).toEqual(['receipt_source_mismatch']);
  });

  it('an absence claim is searched, and the hits come back in the report', async () => {
    const reply = 'The tide steps are never mentioned.\nEvidence: absence | Story/Scenes/SCN-06-the-tide-steps.md | checked SCN-01…SCN-06 for "steps"';
    const run = await checkEvidence(['--workspace', dir, '--json'], reply);
    expect(run.status).toBe(1);
    const report = run.json<Report>();
    expect(report.issues.map((issue) => issue.code)).toEqual(['absence_contradicted']);
    expect(report.searched).toHaveLength(6);
    expect(report.absenceHits.some((hit) => hit.path === SCENE)).toBe(true);
  });

  it('nothing may follow the evidence line', async () => {
    const reply = `Owen is dead.\nEvidence: content | ${SCENE} | "It did not start again. Owen Tresk was dead."\nAnd Hester killed him.`;
    const run = await checkEvidence(['--workspace', dir, '--json'], reply);
    expect(run.status).toBe(1);
    expect(run.json<Report>().issues.map((issue) => issue.code)).toEqual(['evidence_invalid']);
  });
});
