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

/** A signed receipt waiting for its line to be written, and who waits for that. */
interface Unwritten {
  receipt: ToolReceipt;
  written: Promise<void>;
  settle: (error: unknown) => void;
}

/** A receipt signed and chained but maybe not on disk yet; `written` resolves once its line is durable. */
export interface SignedReceipt {
  receipt: ToolReceipt;
  /** Writes the receipt (and every one of its session signed before it) if it is still waiting; resolves once durable. */
  written(): Promise<void>;
}

/** One session's chain and the receipts signed but not yet on disk. */
interface SessionChain {
  /** Resolves once the hash of the log's last receipt is known. */
  loaded: Promise<void>;
  /** The hash the next receipt chains to (valid once `loaded` resolved). */
  lastHash: string | null;
  unwritten: Unwritten[];
  /** The write loop in flight, if any. */
  writing: Promise<void> | null;
}

function waiting(receipt: ToolReceipt): Unwritten {
  let settle!: (error: unknown) => void;
  const written = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === null ? resolve() : reject(error));
  });
  // A receipt written by someone else's flush may have nobody waiting for it yet.
  written.catch(() => undefined);
  return { receipt, written, settle };
}

/**
 * Mints, chains, signs and stores tool receipts (SPEC §6).
 *
 * Signing and writing are two steps. `sign` builds and signs a receipt at once, chained to the
 * session's last one (read from the log on first use, then kept in memory), and holds it until a
 * write puts every receipt the session has waiting on disk as consecutive whole lines with one
 * write and one fsync. A turn signs each tool run as it happens (the model sees the receipt id
 * straight away) and writes them once, in a `ReceiptBatch`, before anything cites them. `record`
 * is both steps for one receipt.
 *
 * Group commit: receipts signed while a write is in flight go out together in the next one, so
 * the fsync per durable append is shared however many runs overlap. A failed write rejects every
 * receipt that was waiting (later ones chain to lines that never reached the disk) and makes the
 * next receipt read the log's last line again.
 *
 * The ledger assumes it is the only writer of its workspace's audit log: it keeps each session's
 * last hash in memory after the first lookup.
 */
export class ReceiptLedger {
  private readonly options: ReceiptLedgerOptions & { outputLimitBytes: number; maxBatch: number };
  private readonly chains = new Map<string, SessionChain>();

  constructor(options: ReceiptLedgerOptions) {
    const outputLimitBytes = options.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT_BYTES;
    const maxBatch = options.maxBatch ?? 512;
    if (!Number.isInteger(outputLimitBytes) || outputLimitBytes < 1 || !Number.isInteger(maxBatch) || maxBatch < 1) {
      throw new ControlRoomError('config_invalid', 'The receipt output limit and batch size must be positive whole numbers.', { fault: 'system' });
    }
    this.options = { ...options, outputLimitBytes, maxBatch };
  }

  /** Builds, signs and durably appends the receipt of one tool run; resolves with the stored receipt. */
  async record(input: RecordReceiptInput): Promise<ToolReceipt> {
    const signed = await this.sign(input);
    await signed.written();
    return signed.receipt;
  }

  /**
   * Builds and signs the receipt of one tool run, chained to the session's last receipt, and holds
   * it for the next write of its session: nothing may cite it before `written()` resolves.
   */
  async sign(input: RecordReceiptInput): Promise<SignedReceipt> {
    const scrubber = this.options.scrubber;
    const clean = scrubber === undefined ? input : await scrubReceiptInput(input, scrubber);
    for (;;) {
      const chain = this.chainOf(clean.sessionId);
      await chain.loaded;
      // A failed write may have reset the session while this waited: sign on the fresh chain.
      if (this.chains.get(clean.sessionId) !== chain) continue;
      // From here to the push nothing awaits, so receipts of a session are chained one after another.
      const unsigned = buildReceipt(clean, {
        receiptId: `rcpt_${this.options.ids.uuidv7()}`,
        timestamp: this.options.clock.nowIso(),
        prevHash: chain.lastHash,
        outputLimitBytes: this.options.outputLimitBytes,
      });
      const { receipt, hash } = signReceiptWithHash(unsigned, this.options.keys);
      const entry = waiting(receipt);
      chain.lastHash = hash;
      chain.unwritten.push(entry);
      return {
        receipt,
        written: () => {
          if (chain.unwritten.includes(entry) && chain.writing === null) chain.writing = this.drain(clean.sessionId, chain);
          return entry.written;
        },
      };
    }
  }

  /** Starts a batch: receipts signed now and written together by its `commit`. */
  batch(): ReceiptBatch {
    return new ReceiptBatch(this);
  }

  private chainOf(sessionId: string): SessionChain {
    const known = this.chains.get(sessionId);
    if (known !== undefined) return known;
    const chain: SessionChain = { loaded: Promise.resolve(), lastHash: null, unwritten: [], writing: null };
    chain.loaded = this.options.log.last(sessionId).then(
      (last) => {
        chain.lastHash = last === null ? null : receiptHash(last);
      },
      (error: unknown) => {
        // A log that cannot be read fails the receipts waiting for it; the next one asks again.
        if (this.chains.get(sessionId) === chain) this.chains.delete(sessionId);
        throw error;
      },
    );
    this.chains.set(sessionId, chain);
    return chain;
  }

  /** The session's one write loop: batches of what is waiting, until nothing is. */
  private async drain(sessionId: string, chain: SessionChain): Promise<void> {
    try {
      while (chain.unwritten.length > 0) {
        const batch = chain.unwritten.slice(0, this.options.maxBatch);
        try {
          await this.options.log.appendBatch(batch.map((entry) => entry.receipt));
        } catch (error) {
          // Part of a line may have reached the disk, and everything waiting chains to this batch:
          // fail it all and let the next receipt read the log again.
          const failed = chain.unwritten.splice(0);
          if (this.chains.get(sessionId) === chain) this.chains.delete(sessionId);
          for (const entry of failed) entry.settle(error);
          return;
        }
        chain.unwritten.splice(0, batch.length);
        for (const entry of batch) entry.settle(null);
      }
    } finally {
      chain.writing = null;
    }
  }
}

/**
 * The receipts of one turn: each signed as its tool runs, all written by one `commit` (one write
 * and one fsync per session) before the turn reports them or lets a reply cite them.
 */
export class ReceiptBatch {
  private readonly signed: SignedReceipt[] = [];

  constructor(private readonly ledger: ReceiptLedger) {}

  /** Signs a receipt into this batch; it is not durable before `commit` resolves. */
  async sign(input: RecordReceiptInput): Promise<ToolReceipt> {
    const signed = await this.ledger.sign(input);
    this.signed.push(signed);
    return signed.receipt;
  }

  /** Receipts signed into this batch and not committed yet. */
  get pending(): number {
    return this.signed.length;
  }

  /** Writes every receipt of the batch; resolves once all are durable, rejects when any write failed. */
  async commit(): Promise<void> {
    const signed = this.signed.splice(0);
    // Each session's last receipt writes everything of that session before it in the same append.
    const results = await Promise.allSettled(signed.map((entry) => entry.written()));
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
