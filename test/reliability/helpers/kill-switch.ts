/**
 * Where in a round the crash test kills the server. The loopback model sees every step of every
 * round (phase-1 tool calls, phase-2 answers, chat answers), so the marker model is wrapped here:
 * when the armed kill point's request arrives, the kill is fired — while the server waits for that
 * very reply, or a few milliseconds after it went out (the tool run and its receipt append follow
 * a tool call at once). `receipt-append` instead watches the session logs and kills on the first
 * write it sees, while that append may still be flushing.
 */
import { watch, type FSWatcher } from 'node:fs';
import type { LoopbackReply, LoopbackRequestBody } from '../../../src/adapters/loopback-model-server/index.js';
import { markerReply, MARKER_PATTERN } from './marker-model.js';

export const KILL_POINTS = ['phase-1', 'receipt-append', 'phase-2', 'chat-answer', 'anytime'] as const;
export type KillPoint = (typeof KILL_POINTS)[number];

export interface KillPlan {
  point: KillPoint;
  /** Fire on the nth matching request (or write). */
  nth: number;
  /** How long after the match the kill comes (for `anytime`: after the traffic started). */
  delayMs: number;
}

/** What a model request is, read from its messages: whose conversation, and which step. */
export function requestKind(body: LoopbackRequestBody): { conversation: 'chat' | 'conference'; step: 'tool-call' | 'after-tool' | 'answer' } {
  const messages = body.messages ?? [];
  const text = messages.map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
  const conversation = (text.match(MARKER_PATTERN) ?? []).some((found) => found.includes('-conf')) ? 'conference' : 'chat';
  const system = typeof messages[0]?.content === 'string' ? messages[0].content : '';
  if (!system.includes('TOOL_NONCE:')) return { conversation, step: 'answer' };
  return { conversation, step: messages.some((message) => message.role === 'tool') ? 'after-tool' : 'tool-call' };
}

function matches(point: KillPoint, kind: ReturnType<typeof requestKind>): boolean {
  if (point === 'phase-1') return kind.conversation === 'conference' && kind.step === 'tool-call';
  if (point === 'phase-2') return kind.conversation === 'conference' && kind.step === 'answer';
  if (point === 'chat-answer') return kind.conversation === 'chat' && kind.step === 'answer';
  return false;
}

/** The marker model with a kill switch that is armed once per server life. */
export class KillSwitch {
  private armed: { plan: KillPlan; fire: () => void; seen: number; killed: Promise<void> } | null = null;
  private watchers: FSWatcher[] = [];
  private timers: NodeJS.Timeout[] = [];
  /** How the last armed plan went off: `matched` at its point, or `fallback` when the point never came. */
  lastFiring: 'matched' | 'fallback' | null = null;

  /** Arms one kill; `fire` must SIGKILL the server, `killed` resolves once it is dead. `logs` are the session logs to watch. */
  arm(plan: KillPlan, fire: () => void, killed: Promise<void>, logs: readonly string[], fallbackMs: number): void {
    this.disarm();
    this.lastFiring = null;
    this.armed = { plan, fire, seen: 0, killed };
    this.timers.push(setTimeout(() => this.go('fallback'), fallbackMs));
    if (plan.point === 'anytime') this.timers.push(setTimeout(() => this.go('matched'), plan.delayMs));
    if (plan.point !== 'receipt-append') return;
    for (const file of logs) {
      // A change event comes right after the append's write(); the kill lands while it may still be flushing.
      this.watchers.push(watch(file, () => this.count()));
    }
  }

  /** The loopback step: the marker model's reply, after firing the kill when this request is the armed point. */
  readonly reply = async (body: LoopbackRequestBody): Promise<LoopbackReply> => {
    const reply = markerReply(body);
    const armed = this.armed;
    const kind = requestKind(body);
    // Without logs to watch (the first life), a receipt append follows a tool call at once.
    const receiptFallback = armed?.plan.point === 'receipt-append' && this.watchers.length === 0 && kind.step === 'tool-call';
    if (armed === null || !(matches(armed.plan.point, kind) || receiptFallback)) return reply;
    armed.seen += 1;
    if (armed.seen !== armed.plan.nth) return reply;
    this.timers.push(setTimeout(() => this.go('matched'), armed.plan.delayMs));
    // Phase 1 gets its reply only after the kill: the Chief is waiting for this very call when it comes.
    if (armed.plan.point === 'phase-1') await armed.killed;
    return reply;
  };

  private count(): void {
    const armed = this.armed;
    if (armed === null) return;
    armed.seen += 1;
    if (armed.seen === armed.plan.nth) this.go('matched');
  }

  private go(how: 'matched' | 'fallback'): void {
    const armed = this.armed;
    if (armed === null) return;
    this.lastFiring = how;
    this.disarm();
    armed.fire();
  }

  /** Stops watching and cancels pending kills. */
  disarm(): void {
    this.armed = null;
    for (const watcher of this.watchers.splice(0)) watcher.close();
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
  }
}
