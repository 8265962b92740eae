/**
 * The six 1:1 chat acceptance tests of the v0.5 seed, through the real `control-room chat` binary
 * with the real evidence validator, against a loopback model server that records every request.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackStep } from '../../src/adapters/loopback-model-server/index.js';
import { findToolNonce } from '../../src/adapters/scripted-model/index.js';
import { runChat, type ChatJson } from './helpers/run-cli.js';
import { decide, envelopeCall, groundedAnswer } from './helpers/scripted-turns.js';
import { receiptLines, sampleWorkspace } from './helpers/workspace-fixture.js';

let workspace: { dir: string; cleanup: () => Promise<void> };
let server: LoopbackModelServer | undefined;

beforeEach(async () => {
  workspace = await sampleWorkspace('cr-e2e-1to1-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await workspace.cleanup();
});

async function chat(script: LoopbackStep[], message: string, extra: string[] = []): Promise<ChatJson> {
  server = await startLoopbackModelServer(script);
  return runChat(workspace.dir, server.baseUrl, message, extra);
}

function posts(): string[] {
  return server!.requests.filter((request) => request.method === 'POST').map((request) => JSON.stringify(request.body!.messages));
}

const receiptCount = async (): Promise<number> => (await receiptLines(workspace.dir)).length;

const HESTER = 'Compendium/Characters/CHAR-hester-vane.md';
const readHester = [envelopeCall('file_reader', { path: HESTER }), decide({ action: 'final' })];

describe('1:1 chat (the seed’s acceptance tests)', () => {
  it('1: a quote that is not in the file is rejected after the one corrective retry', async () => {
    const wrong = groundedAnswer('Hester has green eyes.', (receipts) => `Evidence: content | ${HESTER} | "eyes: green" | receipt ${receipts}`);
    const result = await chat([...readHester, wrong, wrong], 'What colour are Hester’s eyes?', ['--agent', 'continuity']);
    expect(result.validation.ok).toBe(false);
    expect(result.validation.issues.map((issue) => issue.code)).toContain('quote_not_found');
    const sentText = posts();
    expect(sentText).toHaveLength(4);
    expect(sentText[3]).toContain('quote_not_found');
    expect(server!.remaining()).toBe(0);
  });

  it('2: **Evidence:** with a real quote and the turn’s receipt is accepted', async () => {
    const good = groundedAnswer('Hester’s card gives her grey eyes.', (receipts) => `**Evidence:** content | ${HESTER} | "eyes: grey" | receipt ${receipts}`);
    const result = await chat([...readHester, good], 'What colour are Hester’s eyes?', ['--agent', 'continuity']);
    expect(result.validation).toEqual({ ok: true, issues: [] });
    expect(result.receipts).toHaveLength(1);
    expect(result.evidence).toBe(`**Evidence:** content | ${HESTER} | "eyes: grey" | receipt ${result.receipts[0]}`);
    expect(posts()).toHaveLength(3);
  });

  it('3: a structural claim without a line or section is rejected', async () => {
    const vague = groundedAnswer('The outline is lopsided.', (receipts) => `Evidence: structural | Story/SCN-outline.md | the middle sags | receipt ${receipts}`);
    const result = await chat([envelopeCall('file_reader', { path: 'Story/SCN-outline.md' }), decide({ action: 'final' }), vague, vague], 'Is the outline balanced?', ['--agent', 'story-architect']);
    expect(result.validation.ok).toBe(false);
    expect(result.validation.issues.map((issue) => issue.code)).toContain('structural_ref_missing');
  });

  it('4: a tool call written in plain text is rejected and runs nothing', async () => {
    const plain = { content: 'file_locator(search_criteria="Hester Vane")' };
    const result = await chat([plain, plain], 'Find Hester', ['--require-tool']);
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_invalid_format', 'tool_call_invalid_format']);
    expect(result.stopHook).toBe('tool_call_rejected');
    expect(result.receipts).toEqual([]);
    expect(await receiptCount()).toBe(0);
  });

  it('5: tool-call JSON with extra text is rejected and runs nothing', async () => {
    const chatty: LoopbackStep = (body) => ({
      content: `Sure, let me look that up.\n${JSON.stringify({ tool: 'file_reader', args: { path: HESTER }, nonce: findToolNonce(body.messages) })}`,
    });
    const result = await chat([chatty, chatty], 'Read Hester’s card', ['--require-tool']);
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_invalid_format', 'tool_call_invalid_format']);
    expect(result.stopHook).toBe('tool_call_rejected');
    expect(await receiptCount()).toBe(0);
  });

  it('6: tool-call JSON with the wrong nonce is rejected and runs nothing', async () => {
    const wrong = { content: JSON.stringify({ tool: 'file_reader', args: { path: HESTER }, nonce: 'not-the-nonce' }) };
    const result = await chat([wrong, wrong], 'Read Hester’s card', ['--require-tool']);
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_nonce_invalid', 'tool_call_nonce_invalid']);
    expect(result.receipts).toEqual([]);
    expect(await receiptCount()).toBe(0);
    expect(posts()[1]).toContain('tool_call_nonce_invalid');
  });
});
