/**
 * "Create issue from chat" from the CLI: a conversation held with `control-room chat` is kept
 * like the server's, and `control-room chat-issue <session>` saves it as an issue tagged chat,
 * its transcript in the body and the receipts its turns cite linked into the issue's audit folder.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackModelServer, type LoopbackModelServer } from '../../src/adapters/loopback-model-server/index.js';
import { runChat, runCli } from './helpers/run-cli.js';
import { decide, envelopeCall, groundedAnswer } from './helpers/scripted-turns.js';
import { sampleWorkspace } from './helpers/workspace-fixture.js';

const EYES = (receipts: string) => `Evidence: content | Compendium/Characters/CHAR-hester-vane.md | "eyes: grey" | receipt ${receipts}`;

let model: LoopbackModelServer;
let workspace: { dir: string; cleanup: () => Promise<void> };

beforeAll(async () => {
  workspace = await sampleWorkspace('cr-e2e-chat-issue-');
  model = await startLoopbackModelServer([
    envelopeCall('file_reader', { path: 'Compendium/Characters/CHAR-hester-vane.md' }),
    decide({ action: 'final' }),
    groundedAnswer('Hester’s card gives her grey eyes.', EYES),
  ]);
});
afterAll(async () => {
  await model?.close();
  await workspace?.cleanup();
});

describe('control-room chat-issue', () => {
  it('saves a CLI conversation as an issue with its receipts linked', async () => {
    const turn = (await runChat(workspace.dir, model.baseUrl, 'What colour are Hester’s eyes?', ['--session', 'eyes-talk'])) as unknown as { receipts: string[]; sessionId: string; validation: { ok: boolean } };
    expect(turn.validation.ok).toBe(true);
    expect(turn.sessionId).toBe('eyes-talk');
    expect(turn.receipts).toHaveLength(1);
    // The turn is kept in the very shape `--json` printed (the HTTP answer's shape), so the web app reads it as its own.
    const kept = (await fs.readFile(path.join(workspace.dir, '.control-room/chat-transcripts/eyes-talk.jsonl'), 'utf8')).trim().split('\n');
    expect(kept).toHaveLength(1);
    expect((JSON.parse(kept[0]!) as { result: unknown }).result).toEqual(turn);

    const saved = await runCli(['chat-issue', 'eyes-talk', '--title', 'Hester’s eyes', '--workspace', workspace.dir, '--json']);
    expect(saved.status, saved.stderr).toBe(0);
    const body = saved.json<{ issueId: string; title: string; receipts: number }>();
    expect(body).toMatchObject({ title: 'Hester’s eyes', receipts: 1 });
    const issues = JSON.parse(await fs.readFile(path.join(workspace.dir, '.control-room/issues/issues.json'), 'utf8')) as { issues: Array<{ id: string; tags: string[]; body: string; receiptIds?: string[] }> };
    const issue = issues.issues.find((candidate) => candidate.id === body.issueId)!;
    expect(issue.tags).toContain('chat');
    expect(issue.body).toContain('What colour are Hester’s eyes?');
    expect(issue.receiptIds).toEqual(turn.receipts);
  }, 120_000);

  it('names an unknown session and what to do', async () => {
    const missing = await runCli(['chat-issue', 'no-such-talk', '--workspace', workspace.dir, '--json']);
    expect(missing.status).not.toBe(0);
    expect(missing.json<{ error: { code: string; message: string } }>().error).toMatchObject({ code: 'chat_session_not_found', message: expect.stringContaining('no-such-talk') });
    const hostile = await runCli(['chat-issue', '../escape', '--workspace', workspace.dir, '--json']);
    expect(hostile.status).not.toBe(0);
    expect(hostile.json<{ error: { code: string } }>().error.code).not.toBe('internal_error');
  }, 60_000);
});
