import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelRequest } from '../../protocol/index.js';
import { runChatTurn, type ChatTurnResult } from '../../core/loop/index.js';
import { findToolNonce, type ScriptedModel, type ScriptedReply } from '../scripted-model/index.js';
import type { ControlRoom } from './open-control-room.js';
import { openScriptedSampleRoom, type ScriptedSampleRoom } from './testing/scripted-sample-room.js';

const HESTER = 'Compendium/Characters/CHAR-hester-vane.md';
const SESSION = 'long-session';

let sample: ScriptedSampleRoom;
let root: string;
let room: ControlRoom;
let model: ScriptedModel;

beforeEach(async () => {
  sample = await openScriptedSampleRoom('cr-turn-reads-');
  ({ room, model } = sample);
  root = sample.root;
});

afterEach(() => sample.close());

const nonceOf = (request: ModelRequest): string | undefined => findToolNonce(request.messages);
const read = (request: ModelRequest): ScriptedReply => ({ content: JSON.stringify({ tool: 'file_reader', args: { path: HESTER }, nonce: nonceOf(request) }) });
const lastReceipt = (request: ModelRequest): string => (request.messages.map((message) => message.content).join('\n').match(/rcpt_[A-Za-z0-9_-]{10,}/g) ?? []).at(-1) ?? '';

/** A turn that reads Hester's card once and answers citing `cite` (default: the receipt it just got), again when corrected. */
async function turn(cite?: string): Promise<ChatTurnResult> {
  const evidence = (request: ModelRequest): string => `Her eyes are grey.\nEvidence: content | ${HESTER} | "eyes: grey" | receipt ${cite ?? lastReceipt(request)}`;
  model.push(read, (request) => ({ content: `${JSON.stringify({ action: 'final', nonce: nonceOf(request) })}\n${evidence(request)}` }));
  if (cite !== undefined) model.push((request) => ({ content: evidence(request) }));
  return runChatTurn({ message: 'What colour are Hester’s eyes?', agentId: 'continuity', sessionId: SESSION }, room.turnDependencies());
}

/** Log reads a turn makes: whole and tail reads of the verified index, and the ports' raw reads. */
async function readsOf(work: () => Promise<ChatTurnResult>): Promise<{ result: ChatTurnResult; reads: number[] }> {
  const before = room.auditLog.logReads;
  const raw = vi.spyOn(room.auditLog, 'rawLines');
  const last = vi.spyOn(room.auditLog, 'last');
  const result = await work();
  const after = room.auditLog.logReads;
  const reads = [after.wholeReads - before.wholeReads, after.tailReads - before.tailReads, raw.mock.calls.length, last.mock.calls.length];
  raw.mockRestore();
  last.mockRestore();
  return { result, reads };
}

describe('a turn late in a long session reads no more of the log than the first', () => {
  it('answers turn 200 from memory and still refuses a receipt whose line was tampered with', async () => {
    const first = await readsOf(() => turn());
    expect(first.result.validation.ok).toBe(true);
    // 199 turns' worth of receipts (three tool runs each), written by this process in a few appends.
    for (let part = 0; part < 3; part += 1) {
      const batch = room.ledger.batch();
      for (let run = 0; run < 199; run += 1) {
        await batch.sign({ sessionId: SESSION, turnId: `turn-${run}`, agentId: 'continuity', toolId: 'file_reader', status: 'ok', inputs: { path: HESTER }, outputs: { part } });
      }
      await batch.commit();
    }
    const late = await readsOf(() => turn());
    expect(late.result.validation.ok).toBe(true);
    expect(late.reads).toEqual([0, 0, 0, 0]);
    expect(first.reads.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect((await room.auditLog.verifiedList(SESSION)).length).toBe(1 + 199 * 3 + 1);

    // The first turn's receipt, edited on disk so it cites more than it read: refused from then on.
    const file = path.join(root, room.auditLog.logFile(SESSION));
    const cited = first.result.receipts[0]!;
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    const at = lines.findIndex((line) => line.includes(cited));
    lines[at] = lines[at]!.replace('"agent_id":"continuity"', '"agent_id":"chief"');
    await fs.writeFile(file, lines.join('\n'));
    const tampered = await readsOf(() => turn(cited));
    expect(tampered.result.validation.ok).toBe(false);
    expect(JSON.stringify(tampered.result.validation)).toContain(cited);
    expect(tampered.reads[0]).toBe(1);
  });
});
