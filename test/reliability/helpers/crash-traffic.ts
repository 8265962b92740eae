/**
 * HTTP traffic for the crash test: concurrent 1:1 chat turns and conference rounds, as JSON and
 * as server-sent events, sent back to back until the server dies under them. Each request carries
 * its own marker, and what the client was told before the connection broke is kept, so the test
 * can check afterwards that nothing acknowledged was lost.
 */
import { marker } from './marker-model.js';

export interface SentRequest {
  marker: string;
  kind: 'chat' | 'conference';
  mode: 'json' | 'sse';
  /** The chat session or the conference: the receipts' session and the trace conversation. */
  conversation: string;
  life: number;
  /** `answered`: a complete answer arrived; `cut`: the connection broke (the kill); `refused`: an error answer. */
  outcome: 'answered' | 'cut' | 'refused';
  /** For answers: the trace round, the receipts it names and (for a conference round) its archived issue. */
  result: { traceRoundId: string; receipts: string[]; issueId: string | null } | null;
  /** What a stream had said before it ended. */
  streamed: { receipts: string[]; entries: number };
  error: string | null;
}

export interface TrafficPlan {
  url: string;
  life: number;
  random: () => number;
  chatSessions: readonly string[];
  conferences: readonly string[];
}

const AGENTS = ['chief', 'continuity', 'editor', 'line-editor', 'story-architect'];

/** Reads `event:`/`data:` blocks from a server-sent event stream as they arrive. */
async function readEvents(response: Response, onEvent: (event: string, data: unknown) => void): Promise<void> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += value;
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.replace(/^data: ?/, '')).join('\n');
      onEvent(event, data === '' ? null : JSON.parse(data));
    }
  }
}

const resultOf = (body: unknown): SentRequest['result'] => {
  const value = body as { traceRoundId?: unknown; receipts?: unknown; issueId?: unknown };
  if (typeof value.traceRoundId !== 'string' || !Array.isArray(value.receipts)) return null;
  return { traceRoundId: value.traceRoundId, receipts: value.receipts as string[], issueId: typeof value.issueId === 'string' ? value.issueId : null };
};

/** Sends one request and records how it ended. */
async function send(url: string, body: Record<string, unknown>, sent: SentRequest): Promise<void> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status !== 200) {
      sent.outcome = 'refused';
      sent.error = `HTTP ${response.status}: ${await response.text()}`;
      return;
    }
    if (sent.mode === 'json') {
      sent.result = resultOf(await response.json());
    } else {
      await readEvents(response, (event, data) => {
        if (event === 'receipt') sent.streamed.receipts.push((data as { receiptId: string }).receiptId);
        else if (event === 'entry') sent.streamed.entries += 1;
        else if (event === 'done') sent.result = resultOf(data);
        else if (event === 'error') sent.error = JSON.stringify(data);
      });
    }
    sent.outcome = sent.result ? 'answered' : sent.error ? 'refused' : 'cut';
  } catch (error) {
    // The server died under the request: refused connection, reset socket or a stream cut short.
    sent.outcome = 'cut';
    sent.error = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error);
  }
}

/** Runs chat loops (one per session) and conference loops (one per conference) until a request is cut; `done` resolves when all have stopped. */
export function startTraffic(plan: TrafficPlan): { sent: SentRequest[]; done: Promise<void> } {
  const sent: SentRequest[] = [];
  const loop = async (kind: SentRequest['kind'], conversation: string, index: number): Promise<void> => {
    for (let turn = 0; ; turn += 1) {
      const own = marker(`l${plan.life}-${kind === 'chat' ? 'chat' : 'conf'}${index}-${turn}`);
      const mode = plan.random() < 0.5 ? 'json' : 'sse';
      const request: SentRequest = { marker: own, kind, mode, conversation, life: plan.life, outcome: 'cut', result: null, streamed: { receipts: [], entries: 0 }, error: null };
      sent.push(request);
      const message = `Check Hester for ${own}.`;
      const stream = mode === 'sse' ? { stream: true } : {};
      if (kind === 'chat') {
        const agentId = AGENTS[Math.floor(plan.random() * AGENTS.length)]!;
        await send(`${plan.url}/api/ai/chat`, { message, sessionId: conversation, agentId, ...stream }, request);
      } else {
        await send(`${plan.url}/api/conferences/${conversation}/rounds`, { message, ...stream }, request);
      }
      if (request.outcome !== 'answered') return;
    }
  };
  const loops = [
    ...plan.chatSessions.map((session, index) => loop('chat', session, index)),
    ...plan.conferences.map((conference, index) => loop('conference', conference, index)),
  ];
  return { sent, done: Promise.all(loops).then(() => undefined) };
}
