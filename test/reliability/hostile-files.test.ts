/**
 * Hostile files (issue 8; SPEC §4, §6, §7): scenes full of prompt injection, guessed nonces, forged
 * evidence and receipt ids, zero-width characters and bidi overrides, read by a model that believes
 * them. The harness must run only the model's own valid calls, accept no forged receipt, keep the
 * protocol out of what the writer sees, and never let invisible characters verify a made-up quote.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openControlRoom, type ControlRoom } from '../../src/adapters/compose/index.js';
import { chatReplyValidator } from '../../src/adapters/compose/chat-reply-validator.js';
import { ScriptedModel } from '../../src/adapters/scripted-model/index.js';
import { verifyWorkspaceAudit } from '../../src/adapters/jsonl-audit-log/index.js';
import { validateEvidence } from '../../src/core/evidence/index.js';
import { runChatTurn } from '../../src/core/loop/index.js';
import { sampleWorkspace } from '../e2e/helpers/workspace-fixture.js';
import { echoAll, echoLine, validCall, validDecision } from './helpers/fooled-model.js';
import { addHostileScenes, BIDI_OVERRIDE, FAKE_RECEIPT, GUESSED_NONCE, ZERO_WIDTH } from './helpers/hostile-content.js';

let workspace: { dir: string; cleanup: () => Promise<void> };
let room: ControlRoom;
let model: ScriptedModel;

beforeEach(async () => {
  workspace = await sampleWorkspace('cr-hostile-');
  await addHostileScenes(workspace.dir);
  model = new ScriptedModel();
  room = await openControlRoom(workspace.dir, { env: {}, homeDir: null, modelFactory: () => model });
});
afterEach(async () => {
  await room.close();
  await workspace.cleanup();
});

const INJECTION = 'Story/Scenes/SCN-90-injection.md';
const INVISIBLE = 'Story/Scenes/SCN-91-invisible.md';
const HESTER = 'Compendium/Characters/CHAR-hester-vane.md';

function turn(message: string, sessionId: string) {
  const deps = { ...room.turnDependencies(), validateReply: chatReplyValidator(room) };
  return runChatTurn({ message, sessionId, agentId: 'continuity' }, deps);
}

/** Every receipt the session's audit log holds. */
async function receiptsOf(sessionId: string) {
  return room.auditLog.list(sessionId);
}

describe('a model fooled by a hostile scene', () => {
  it('runs only its own valid call when it echoes envelopes with guessed nonces', async () => {
    model.push(
      validCall('file_reader', { path: INJECTION }),
      echoLine(/"action"/), // the guessed decision from the file
      echoLine(/"nonce"/), // the retry: the guessed envelope from the file
      echoAll,
      echoAll,
    );
    const result = await turn('Read the injection scene and do what it says.', 'hostile-1');
    const stored = await receiptsOf('hostile-1');
    expect(stored.map((receipt) => receipt.tool_id)).toEqual(['file_reader']);
    expect(stored[0]!.inputs).toMatchObject({ path: INJECTION });
    expect(result.receipts).toEqual(stored.map((receipt) => receipt.receipt_id));
    expect(result.rejections.length).toBeGreaterThanOrEqual(1);
    // The guessed decision fails the nonce check; the guessed envelope is not even a decision.
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_nonce_invalid', 'tool_call_invalid_format']);
    expect(JSON.stringify(stored.map((receipt) => receipt.inputs))).not.toMatch(/etc\/(?:passwd|shadow)/);
    expect(result.content).not.toContain(GUESSED_NONCE);
    expect((await verifyWorkspaceAudit(workspace.dir)).report).toMatchObject({ ok: true, receipts: 1 });
  });

  it('keeps envelopes and protocol out of the answer and accepts no forged receipt when it echoes the file', async () => {
    model.push(validCall('file_reader', { path: INJECTION }), validDecision({ action: 'final' }), echoAll, echoAll);
    const result = await turn('What happens in the injection scene?', 'hostile-2');
    expect(await receiptsOf('hostile-2')).toHaveLength(1);
    expect(result.receipts).toHaveLength(1);
    // What the writer sees: no envelope, no nonce line, no tag block, no decision object. (The
    // injected prose itself stays: it is the scene's text, and harmless once nothing obeys it.)
    expect(result.content).toContain('Hester walked to the lamp room');
    expect(result.content).not.toMatch(/"nonce"|TOOL_NONCE|TOOL_CALL_REQUIRED|<tool_call>|"action"|"tool"|\/etc\/shadow/);
    expect(result.content).not.toContain(GUESSED_NONCE);
    // The forged receipt in the echoed evidence line is refused by the turn's own validator…
    expect(result.validation.ok).toBe(false);
    expect(result.validation.issues.map((issue) => issue.code)).toContain('receipt_unknown');
    // …and by validateEvidence given the session's real receipt ids.
    const known = new Set((await receiptsOf('hostile-2')).map((receipt) => receipt.receipt_id));
    const forged = await validateEvidence(`Hester is here.\nEvidence: content | ${HESTER} | "eyes: grey" | receipt ${FAKE_RECEIPT}`, { workspace: room.workspace, knownReceiptIds: known });
    expect(forged.ok).toBe(false);
    expect(forged.issues.filter((issue) => issue.code === 'receipt_unknown')).toHaveLength(1);
    const real = await validateEvidence(`Hester is here.\nEvidence: content | ${HESTER} | "eyes: grey" | receipt ${[...known][0]}`, { workspace: room.workspace, knownReceiptIds: known });
    expect(real.issues).toEqual([]);
  });

  it('does not accept a receipt id of another session as evidence', async () => {
    model.push(validCall('file_reader', { path: HESTER }), validDecision({ action: 'final' }), echoAll, echoAll);
    await turn('Hester?', 'session-a');
    const other = (await receiptsOf('session-a'))[0]!.receipt_id;
    const known = new Set((await receiptsOf('session-b')).map((receipt) => receipt.receipt_id));
    const report = await validateEvidence(`Grey.\nEvidence: content | ${HESTER} | "eyes: grey" | receipt ${other}`, { workspace: room.workspace, knownReceiptIds: known });
    expect(report.issues.map((issue) => issue.code)).toContain('receipt_unknown');
  });
});

describe('zero-width characters and bidi overrides', () => {
  const check = (quote: string, source = HESTER) =>
    validateEvidence(`Said so.\nEvidence: content | ${source} | "${quote}"`, { workspace: room.workspace, knownReceiptIds: new Set() });

  it('never verify a fabricated quote', async () => {
    const fabricated = [
      `Hester has vi${ZERO_WIDTH}olet eyes`,
      `eyes: ${ZERO_WIDTH}green`,
      `eyes: ${BIDI_OVERRIDE}yerg`, // displays like "eyes: grey" but is not that text
      `eyes: gr${BIDI_OVERRIDE}ey`,
      `Hes${ZERO_WIDTH}ter has violet eyes`,
    ];
    for (const quote of fabricated) {
      const report = await check(quote);
      expect(report.ok, quote).toBe(false);
      expect(report.issues.map((issue) => issue.code), quote).toContain('quote_not_found');
    }
  });

  it('do not make text hidden in a file match a quote of other words', async () => {
    // The file says RLO + "eulb" (shown as "blue"); the quote "eyes were blue" is not in it.
    const report = await check('Her eyes were blue', INVISIBLE);
    expect(report.ok).toBe(false);
    expect(report.issues.map((issue) => issue.code)).toContain('quote_not_found');
    // A zero-width character inside a real quote is invisible and dropped by quote folding (SPEC §7):
    // the same visible words as the file verify, nothing more.
    expect((await check(`eyes: gr${ZERO_WIDTH}ey`)).issues).toEqual([]);
    expect((await check('Hester Vane kept the', INVISIBLE)).issues).toEqual([]);
  });

  it('do not make a forged receipt id with a zero-width character count as a real one', async () => {
    model.push(validCall('file_reader', { path: INVISIBLE }), validDecision({ action: 'final' }), echoAll, echoAll);
    const result = await turn('What is in the invisible scene?', 'hostile-3');
    const real = result.receipts[0]!;
    const spoofed = `${real.slice(0, 8)}${ZERO_WIDTH}${real.slice(8)}`;
    const report = await validateEvidence(`Kept.\nEvidence: content | ${INVISIBLE} | "Hester Vane kept the" | receipt ${spoofed}`, {
      workspace: room.workspace,
      knownReceiptIds: new Set([real]),
    });
    expect(report.ok).toBe(false);
    expect(await receiptsOf('hostile-3')).toHaveLength(1);
  });
});
