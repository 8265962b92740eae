import type { ChatMessage } from '../../protocol/index.js';
import type { ToolRunResult } from '../tool-runs/index.js';

/** One phase-1 result as phase 2 is shown it. */
export interface BufferedResult {
  receiptId: string;
  toolId: string;
  status: string;
  /** The raw JSON exactly as the Chief saw it in phase 1 (already cut to the conference budgets). */
  injected: string;
}

/**
 * The round buffer of the v0.5 seed: phase-1 results and receipt ids, held in memory for one round
 * only. Phase 2 reads it; round close clears it, so nothing of a round reaches the next one.
 */
export class RoundBuffer {
  private results: BufferedResult[] = [];

  /** Fills the buffer from a tool phase: each run paired with the tool message the model received. */
  fill(toolRuns: readonly ToolRunResult[], messages: readonly ChatMessage[]): void {
    const injected = messages.filter((message) => message.role === 'tool').map((message) => message.content);
    this.results = toolRuns.map((run, index) => ({
      receiptId: run.receiptId,
      toolId: run.toolId,
      status: run.status,
      injected: injected[index] ?? JSON.stringify({ receipt_id: run.receiptId, status: run.status, result: run.result }),
    }));
  }

  /** What phase 2 is shown, in execution order. */
  entries(): readonly BufferedResult[] {
    return this.results;
  }

  receiptIds(): string[] {
    return this.results.map((result) => result.receiptId);
  }

  /** Empties the buffer at round close. */
  clear(): void {
    this.results = [];
  }

  get size(): number {
    return this.results.length;
  }
}
