import { ControlRoomError, type ToolReceipt } from '../../protocol/index.js';
import type { AuditLog, Clock, Ids } from '../ports/index.js';
import type { SecretScrubber } from '../secrets/index.js';
import { buildReceipt, type RecordReceiptInput } from './build-receipt.js';
import type { ReceiptKeys } from './receipt-keys.js';
import { DEFAULT_OUTPUT_LIMIT_BYTES } from './receipt-output.js';
import { receiptHash } from './receipt-payload.js';
import { scrubReceiptInput } from './scrub-receipt-input.js';
import { signReceiptWithHash } from './sign-receipt.js';

export interface ReceiptLedgerOptions {
  log: AuditLog;
  clock: Clock;
  ids: Ids;
  keys: ReceiptKeys;
  /** Serialised outputs above this size are stored as excerpt + sha256 + full_size (default 8000 bytes). */
  outputLimitBytes?: number;
  /** Most receipts committed with one write (default 512). */
  maxBatch?: number;
  /**
   * The scrubbing boundary of receipts: inputs and outputs lose their secrets before the receipt
   * is signed (scrubbing a signed line would break it), keeping the digest of the real outputs.
   */
  scrubber?: SecretScrubber;
}

interface PendingRecord {
  input: RecordReceiptInput;
  resolve: (receipt: ToolReceipt) => void;
  reject: (error: unknown) => void;
}

/**
 * Mints, chains, signs and stores tool receipts (SPEC §6).
 *
 * Each session has one queue, drained by one loop at a time, so receipts of a session are built
 * strictly one after another and `prev_hash` never forks, however many `record` calls overlap.
 * Sessions drain independently.
 *
 * Group commit: a durable append costs an fsync, far more than building and signing a receipt.
 * Records that arrive while the previous write is in flight wait in the queue and go out
 * together as consecutive whole lines in one write + fsync. A receipt is built only after the
 * batch before it is on disk, so a failed write never leaves later receipts chained to a line
 * that does not exist; each `record` resolves only once its own line is durable.
 *
 * The ledger assumes it is the only writer of its workspace's audit log: it keeps each session's
 * last hash in memory after the first lookup.
 */
export class ReceiptLedger {
  private readonly options: ReceiptLedgerOptions & { outputLimitBytes: number; maxBatch: number };
  private readonly lastHashes = new Map<string, string | null>();
  private readonly queues = new Map<string, PendingRecord[]>();

  constructor(options: ReceiptLedgerOptions) {
    const outputLimitBytes = options.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT_BYTES;
    const maxBatch = options.maxBatch ?? 512;
    if (!Number.isInteger(outputLimitBytes) || outputLimitBytes < 1 || !Number.isInteger(maxBatch) || maxBatch < 1) {
      throw new ControlRoomError('config_invalid', 'The receipt output limit and batch size must be positive whole numbers.', { fault: 'system' });
    }
    this.options = { ...options, outputLimitBytes, maxBatch };
  }

  /** Builds, signs and durably appends the receipt of one tool run; resolves with the stored receipt. */
  record(input: RecordReceiptInput): Promise<ToolReceipt> {
    const scrubber = this.options.scrubber;
    if (scrubber === undefined) return this.enqueue(input);
    return scrubReceiptInput(input, scrubber).then((clean) => this.enqueue(clean));
  }

  /** Queues a receipt whose inputs and outputs may be stored as they are. */
  private enqueue(input: RecordReceiptInput): Promise<ToolReceipt> {
    return new Promise<ToolReceipt>((resolve, reject) => {
      const queue = this.queues.get(input.sessionId);
      if (queue) {
        queue.push({ input, resolve, reject });
        return;
      }
      const fresh: PendingRecord[] = [{ input, resolve, reject }];
      this.queues.set(input.sessionId, fresh);
      void this.drain(input.sessionId, fresh);
    });
  }

  /** The session's queue exists exactly while its drain loop runs, so there is one loop per session. */
  private async drain(sessionId: string, queue: PendingRecord[]): Promise<void> {
    try {
      while (queue.length > 0) {
        // Awaiting first lets every record made in the same tick join this batch.
        const previous = await this.previousHash(sessionId).catch((error: unknown) => {
          for (const pending of queue.splice(0)) pending.reject(error);
          return undefined;
        });
        if (previous === undefined) continue;
        await this.commit(sessionId, queue.splice(0, this.options.maxBatch), previous);
      }
    } finally {
      this.queues.delete(sessionId);
    }
  }

  private async commit(sessionId: string, batch: PendingRecord[], previous: string | null): Promise<void> {
    const receipts: ToolReceipt[] = [];
    const owners: PendingRecord[] = [];
    let chainHash = previous;
    for (const pending of batch) {
      try {
        const unsigned = buildReceipt(pending.input, {
          receiptId: `rcpt_${this.options.ids.uuidv7()}`,
          timestamp: this.options.clock.nowIso(),
          prevHash: chainHash,
          outputLimitBytes: this.options.outputLimitBytes,
        });
        const { receipt, hash } = signReceiptWithHash(unsigned, this.options.keys);
        chainHash = hash;
        receipts.push(receipt);
        owners.push(pending);
      } catch (error) {
        // A receipt that cannot be built fails its own record only; the chain skips it.
        pending.reject(error);
      }
    }
    if (receipts.length === 0) return;
    try {
      await this.options.log.appendBatch(receipts);
    } catch (error) {
      // Part of a line may have reached the disk: forget the cached hash and ask the log again.
      this.lastHashes.delete(sessionId);
      for (const pending of owners) pending.reject(error);
      return;
    }
    this.lastHashes.set(sessionId, chainHash);
    owners.forEach((pending, index) => pending.resolve(receipts[index] as ToolReceipt));
  }

  private async previousHash(sessionId: string): Promise<string | null> {
    const cached = this.lastHashes.get(sessionId);
    if (cached !== undefined) return cached;
    const last = await this.options.log.last(sessionId);
    const hash = last === null ? null : receiptHash(last);
    this.lastHashes.set(sessionId, hash);
    return hash;
  }
}
