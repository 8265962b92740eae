/**
 * Signing + appending receipts to a session log in a temp workspace, receipts per second.
 *
 * Ours: ReceiptLedger over JsonlAuditLog — previous hash kept in memory, RFC 8785 canonical JSON
 * computed once per receipt, HMAC-SHA256, and group commit (records that arrive together share one
 * write + fsync). Baseline: the straightforward version — every append re-reads the whole session
 * file to find the previous receipt, canonicalises by sorting keys by hand, signs with HMAC and
 * appends with its own fsync. Both sign with HMAC only so the ratio compares like with like; the
 * rate with the optional Ed25519 signature as well is printed as a note.
 */
import { createHash, createHmac } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolReceipt } from '../src/protocol/index.js';
import { JsonlAuditLog, loadReceiptKeys } from '../src/adapters/jsonl-audit-log/index.js';
import { systemClock, systemIds } from '../src/adapters/system/index.js';
import { ReceiptLedger, type RecordReceiptInput } from '../src/core/receipts/index.js';
import { measureAsync, result, type Benchmark } from './harness.js';

const BURST = 256;
const TARGET = 20_000;

function toolRun(sessionId: string, index: number): RecordReceiptInput {
  return {
    conferenceId: 'conf-bench',
    sessionId,
    turnId: `turn-${index}`,
    agentId: 'continuity',
    toolId: 'file_reader',
    status: 'ok',
    inputs: { path: 'Story/Scenes/SCN-03-the-tide-clock.md', lines: '10-24' },
    outputs: { lines: Array.from({ length: 15 }, (_, line) => `${line + 10}: The tide clock read ${index} past the hour, and Mara did not look up.`) },
    fileRefs: [{ path: 'Story/Scenes/SCN-03-the-tide-clock.md', start_line: 10, end_line: 24, sha256: 'f'.repeat(64) }],
  };
}

/** Key-sorted JSON.stringify, the way one writes canonical JSON by hand. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, member]) => member !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, member]) => `${JSON.stringify(key)}:${sortedJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

async function naiveRecord(file: string, hmacKey: Buffer, input: RecordReceiptInput): Promise<void> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  const lines = text.split('\n').filter((line) => line !== '');
  const last = lines.length > 0 ? (JSON.parse(lines[lines.length - 1] as string) as ToolReceipt) : null;
  const unsigned = {
    schema_version: 1,
    receipt_id: `rcpt_${systemIds.uuidv7()}`,
    conference_id: input.conferenceId ?? null,
    task_id: input.taskId ?? null,
    session_id: input.sessionId,
    turn_id: input.turnId,
    agent_id: input.agentId,
    tool_id: input.toolId,
    status: input.status,
    inputs: input.inputs,
    outputs: input.outputs,
    truncated: false,
    file_refs: input.fileRefs ?? [],
    timestamp: systemClock.nowIso(),
    prev_hash: last ? createHash('sha256').update(sortedJson(last)).digest('hex') : null,
    signature_alg: 'HMAC-SHA256',
  };
  const receipt = { ...unsigned, signature: createHmac('sha256', hmacKey).update(sortedJson(unsigned)).digest('hex') };
  const handle = await fs.open(file, 'a');
  try {
    await handle.appendFile(`${JSON.stringify(receipt)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const benchmark: Benchmark = {
  name: 'receipts',
  run: async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-bench-receipts-'));
    try {
      const { keys } = await loadReceiptKeys(root);
      const log = new JsonlAuditLog(root, { keys });
      const ledger = new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys: { hmacKey: keys.hmacKey } });
      const bothSignatures = new ReceiptLedger({ log, clock: systemClock, ids: systemIds, keys });
      let counter = 0;
      const burst = async (session: string, through: ReceiptLedger): Promise<void> => {
        await Promise.all(Array.from({ length: BURST }, () => through.record(toolRun(session, (counter += 1)))));
      };
      const ours = await measureAsync(() => burst('bench-ours', ledger), { ms: 2000, opsPerCall: BURST });
      const withEd25519 = await measureAsync(() => burst('bench-ed25519', bothSignatures), { ms: 2000, opsPerCall: BURST });
      const sequential = await measureAsync(() => ledger.record(toolRun('bench-sequential', (counter += 1))), { ms: 1000 });
      const naiveFile = path.join(root, '.control-room/audit/sessions/bench-naive/tool_receipts.jsonl');
      await fs.mkdir(path.dirname(naiveFile), { recursive: true });
      const baseline = await measureAsync(
        async () => {
          for (let index = 0; index < BURST; index += 1) await naiveRecord(naiveFile, keys.hmacKey, toolRun('bench-naive', (counter += 1)));
        },
        { ms: 2000, opsPerCall: BURST },
      );
      const receiptsWritten = (await log.rawLines('bench-ours')).length;
      return result(
        'receipts',
        `bursts of ${BURST} concurrent tool runs in one session (about 1.4 KB per receipt), signed and appended with fsync`,
        { label: 'ledger (group commit)', opsPerSecond: ours },
        { label: 're-read file + hand-sorted JSON + fsync each', opsPerSecond: baseline },
        [
          `target ≥${TARGET.toLocaleString('en-US')} receipts/s: ${ours >= TARGET ? 'met' : 'not met'} on this machine (${Math.round(ours).toLocaleString('en-US')}/s, ${receiptsWritten.toLocaleString('en-US')} receipts written).`,
          `with the optional Ed25519 signature as well: ${Math.round(withEd25519).toLocaleString('en-US')}/s (Ed25519 signing is the largest single cost per receipt).`,
          `one record at a time (each its own write + fsync): ${Math.round(sequential).toLocaleString('en-US')}/s — the fsync per durable append bounds this; group commit is what lifts bursts past it.`,
        ],
      );
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  },
};

export default benchmark;
