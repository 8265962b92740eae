/**
 * Stream aggregation: the recorded provider streams (../shared/fixtures/openai-streams) read by our
 * product and by the Vercel AI SDK's OpenAI-compatible chat model, from the same SSE bytes, in the
 * same run. Ours is `readEventStream` (TextDecoder + SSE parser + one JSON.parse per event +
 * aggregator) over a Node stream, as the product reads an HTTP body; the SDK's is `doStream` with a
 * `fetch` that answers with those bytes, its part stream consumed to the end. Neither touches the
 * network. Both must assemble the same content, reasoning and tool calls before anything is timed.
 *
 * Notes keep the earlier baseline too: a naive client that re-joins and re-parses everything it has
 * received on every chunk, against our decoder on the same event text.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { measure, result, type Benchmark } from './harness.js';
import { createChatCompletionStreamDecoder } from '../src/core/streaming/index.js';
import { readEventStream } from '../src/adapters/openai-compatible-model/read-event-stream.js';
import { replyToChunks } from '../src/adapters/scripted-model/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixturesDir = path.resolve(here, '..', '..', 'shared', 'fixtures', 'openai-streams');
const TARGET_CHUNKS_PER_SECOND = 300_000;
const PASSES = 5;

/** One stream as a client receives it: SSE event text, the same as bytes (one read per event). */
interface RecordedStream {
  name: string;
  events: string[];
  bytes: Uint8Array[];
  /** `chat.completion.chunk` events; the `[DONE]` sentinel is not counted. */
  chunks: number;
}

function recordedStream(name: string, events: string[]): RecordedStream {
  const encoder = new TextEncoder();
  const chunks = events.filter((event) => event.startsWith('data:') && !event.startsWith('data: [DONE]')).length;
  return { name, events, bytes: events.map((event) => encoder.encode(event)), chunks };
}

function loadStreams(): { streams: RecordedStream[]; source: string } {
  if (existsSync(fixturesDir)) {
    const streams = readdirSync(fixturesDir)
      .sort()
      .map((file) => {
        const raw = readFileSync(path.join(fixturesDir, file), 'utf8');
        // A recorded `.sse` body is replayed byte for byte, cut after each event's blank line.
        const events = file.endsWith('.sse')
          ? raw.split(/(?<=\n\n)/)
          : [...raw.split('\n').filter((line) => line.trim() !== ''), '[DONE]'].map((line) => `data: ${line}\n\n`);
        return recordedStream(file, events);
      });
    return { streams, source: `${streams.length} recorded provider streams` };
  }
  // Without the fixtures, synthetic streams from the scripted model's wire encoder stand in.
  const streams = Array.from({ length: 20 }, (_, index) =>
    recordedStream(
      `synthetic-${index}`,
      [
        ...replyToChunks(
          { reasoning: 'Checking the timeline. '.repeat(20), content: `Scene ${index} happens on Day 3. `.repeat(30), toolCalls: [{ name: 'file_reader', arguments: { path: `Story/Scenes/SCN-${index}.md` } }] },
          { model: 'synthetic', id: `s${index}`, pieceLength: 4 },
        ).map((chunk) => JSON.stringify(chunk)),
        '[DONE]',
      ].map((line) => `data: ${line}\n\n`),
    ),
  );
  return { streams, source: `${streams.length} synthetic streams (recorded fixtures not found)` };
}

interface Snapshot {
  content: string;
  reasoning: string;
  toolCalls: Array<{ name: string; arguments: string }>;
}

/** Ours as the product reads a reply body: `readEventStream` over a Node stream, one read per event. */
async function oursFromBytes(bytes: readonly Uint8Array[]): Promise<Snapshot> {
  // readEventStream uses only the Readable side of an IncomingMessage (iteration, destroy, errored).
  const completion = await readEventStream(Readable.from(bytes) as unknown as IncomingMessage);
  return { content: completion.content, reasoning: completion.reasoning, toolCalls: completion.toolCalls.map(({ name, arguments: text }) => ({ name, arguments: text })) };
}

/** Our decoder alone on the event text: no bytes, no stream. */
function oursFromEvents(events: readonly string[]): Snapshot {
  const decoder = createChatCompletionStreamDecoder();
  for (const event of events) decoder.push(event);
  const completion = decoder.end();
  return { content: completion.content, reasoning: completion.reasoning, toolCalls: completion.toolCalls.map(({ name, arguments: text }) => ({ name, arguments: text })) };
}

/** A response body that hands out one recorded event per read, as a server flushing each event would. */
function webBody(bytes: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = bytes[next];
      next += 1;
      if (part === undefined) controller.close();
      else controller.enqueue(part);
    },
  });
}

/**
 * The AI SDK reading the same bytes: one provider and chat model for the whole run (as an
 * application keeps them), `doStream` per reply, every part consumed until the stream ends.
 */
function createAiSdkReader(): (bytes: readonly Uint8Array[]) => Promise<Snapshot & { errors: string[] }> {
  let body: readonly Uint8Array[] = [];
  const provider = createOpenAICompatible({
    baseURL: 'http://127.0.0.1/v1', // never contacted: `fetch` answers every request itself
    name: 'recorded',
    fetch: async () => new Response(webBody(body), { status: 200, headers: { 'content-type': 'text/event-stream' } }),
  });
  const model = provider.chatModel('recorded-model');
  return async (bytes) => {
    body = bytes; // replies are read one at a time, so the next request takes these bytes
    const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Go on.' }] }] });
    const snapshot = { content: '', reasoning: '', toolCalls: [] as Snapshot['toolCalls'], errors: [] as string[] };
    for await (const part of stream) {
      if (part.type === 'text-delta') snapshot.content += part.delta;
      else if (part.type === 'reasoning-delta') snapshot.reasoning += part.delta;
      else if (part.type === 'tool-call') snapshot.toolCalls.push({ name: part.toolName, arguments: part.input });
      else if (part.type === 'error') snapshot.errors.push(String(part.error));
    }
    return snapshot;
  };
}

/** Where two readings of one stream part ways, in words; undefined when they agree. */
function difference(ours: Snapshot, theirs: Snapshot & { errors: string[] }): string | undefined {
  if (theirs.errors.length > 0) return `the AI SDK reported an error: ${theirs.errors.join('; ')}`;
  if (ours.content !== theirs.content) return `content differs (ours ${ours.content.length} characters, the AI SDK's ${theirs.content.length})`;
  if (ours.reasoning !== theirs.reasoning) return `reasoning differs (ours ${ours.reasoning.length} characters, the AI SDK's ${theirs.reasoning.length})`;
  if (ours.toolCalls.length !== theirs.toolCalls.length) return `ours assembled ${ours.toolCalls.length} tool calls, the AI SDK ${theirs.toolCalls.length}`;
  const unequal = ours.toolCalls.findIndex((call, index) => call.name !== theirs.toolCalls[index]?.name || call.arguments !== theirs.toolCalls[index]?.arguments);
  return unequal === -1 ? undefined : `tool call ${unequal} differs in name or arguments`;
}

/** Think tags in the content: ours moves them to reasoning; the SDK's chat model leaves them (it needs `extractReasoningMiddleware`). */
const hasThinkTags = (text: string): boolean => text.includes('<think>') || text.includes('</think>');

/** Times whole passes over the corpus, alternating which contender goes first; the best pass of each is kept (seconds). */
async function alternatingPasses(contenders: Record<string, () => Promise<unknown>>, passes: number): Promise<Record<string, number>> {
  const names = Object.keys(contenders);
  const best: Record<string, number> = Object.fromEntries(names.map((name) => [name, Number.POSITIVE_INFINITY]));
  for (const name of names) await contenders[name]!(); // warm-up pass, untimed
  for (let pass = 0; pass < passes; pass += 1) {
    for (const name of pass % 2 === 0 ? names : [...names].reverse()) {
      const start = performance.now();
      await contenders[name]!();
      best[name] = Math.min(best[name]!, (performance.now() - start) / 1000);
    }
  }
  return best;
}

/**
 * The naive client, as hand-written stream readers often are: on every chunk it re-joins the whole
 * text received so far to strip `<think>` blocks from it again, and re-tries `JSON.parse` on every
 * call's accumulated arguments to see whether the call is complete.
 */
function naive(events: readonly string[]): Snapshot {
  let buffer = '';
  let raw = '';
  let reasoning = '';
  let content = '';
  const calls = new Map<number, { name: string; arguments: string; complete: boolean }>();
  for (const event of events) {
    buffer += event;
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      if (!block.startsWith('data: ')) continue;
      const data = block.slice(6);
      if (data === '[DONE]') continue;
      const chunk = JSON.parse(data) as { choices?: Array<{ delta?: Record<string, unknown> }> };
      for (const choice of chunk.choices ?? []) {
        const delta = choice.delta ?? {};
        if (typeof delta['content'] === 'string') raw += delta['content'];
        const thinking = delta['reasoning_content'] ?? delta['reasoning'];
        if (typeof thinking === 'string') reasoning += thinking;
        for (const call of (delta['tool_calls'] as Array<{ index?: number; function?: { name?: string; arguments?: string } }> | undefined) ?? []) {
          const slot = calls.get(call.index ?? 0) ?? { name: '', arguments: '', complete: false };
          if (call.function?.name) slot.name = slot.name || call.function.name;
          slot.arguments += call.function?.arguments ?? '';
          calls.set(call.index ?? 0, slot);
        }
      }
      // Everything accumulated is looked at again, on every chunk.
      content = raw.replace(/<think>[\s\S]*?<\/think>/g, '').trimStart();
      for (const slot of calls.values()) {
        try {
          JSON.parse(slot.arguments);
          slot.complete = true;
        } catch {
          slot.complete = false;
        }
      }
    }
  }
  return { content, reasoning, toolCalls: [...calls.values()].map(({ name, arguments: text }) => ({ name, arguments: text })) };
}

const format = (value: number): string => Math.round(value).toLocaleString('en-US');

const benchmark: Benchmark = {
  name: 'stream-aggregation',
  async run() {
    const { streams: all, source } = loadStreams();
    const aiSdk = createAiSdkReader();

    // Same answers from both on every stream, or the timing would compare different work.
    const excluded: string[] = [];
    const streams: RecordedStream[] = [];
    for (const stream of all) {
      const mine = await oursFromBytes(stream.bytes);
      const theirs = await aiSdk(stream.bytes);
      // The decoder on the event text (the naive comparison's side) must read it as the product does.
      if (difference(oursFromEvents(stream.events), { ...mine, errors: [] }) !== undefined) throw new Error(`stream-aggregation: the decoder and readEventStream disagree on ${stream.name}`);
      const simple = naive(stream.events);
      if (simple.toolCalls.length !== mine.toolCalls.length || (simple.content !== '' && simple.content !== mine.content)) {
        throw new Error(`stream-aggregation: the naive client and ours disagree on ${stream.name}; the naive ratio would compare different work`);
      }
      const reason = difference(mine, theirs);
      if (reason === undefined) streams.push(stream);
      else if (hasThinkTags(theirs.content)) excluded.push(`${stream.name} (${reason}: think tags in the content, which ours moves to reasoning and the AI SDK's chat model leaves in the text)`);
      else throw new Error(`stream-aggregation: ours and the AI SDK disagree on ${stream.name}: ${reason}; the benchmark would compare different work`);
    }
    if (streams.length === 0) throw new Error('stream-aggregation: no stream is read alike by both sides; nothing to time');
    const chunkCount = streams.reduce((total, stream) => total + stream.chunks, 0);
    const toolCallCount = streams.reduce((total, stream) => total + oursFromEvents(stream.events).toolCalls.length, 0);

    // Ours against the AI SDK, whole passes over the corpus, alternating.
    const seconds = await alternatingPasses(
      {
        ours: async () => {
          for (const stream of streams) await oursFromBytes(stream.bytes);
        },
        aiSdk: async () => {
          for (const stream of streams) await aiSdk(stream.bytes);
        },
        // The transports alone (the same reads, nothing parsed), to show how much of each pass they take.
        nodeStream: async () => {
          for (const stream of streams) for await (const part of Readable.from(stream.bytes)) void part;
        },
        webStream: async () => {
          for (const stream of streams) for await (const part of webBody(stream.bytes)) void part;
        },
      },
      PASSES,
    );
    const perSecond = (name: string): number => chunkCount / seconds[name]!;
    const oursPerSecond = perSecond('ours');
    const aiSdkPerSecond = perSecond('aiSdk');

    // The earlier baseline, on the event text: our decoder alone against the naive re-parsing client.
    const events = streams.map((stream) => stream.events);
    const payloads = events.flat().filter((event) => event.startsWith('data: ') && !event.startsWith('data: [DONE]')).map((event) => event.slice(6).trimEnd());
    const contenders = {
      decoder: () => events.forEach(oursFromEvents),
      naive: () => events.forEach(naive),
      // The ceiling: JSON.parse of every chunk and nothing else.
      parseOnly: () => payloads.forEach((data) => JSON.parse(data)),
    };
    const best = { decoder: 0, naive: 0, parseOnly: 0 };
    for (let round = 0; round < 3; round += 1) {
      for (const key of Object.keys(contenders) as Array<keyof typeof contenders>) {
        best[key] = Math.max(best[key], measure(contenders[key], { ms: 300, opsPerCall: chunkCount }));
      }
    }
    // One long reply (the wordiest stream's text chunks ten times, then its tool calls and finish
    // once, since a call resent after it completed is an error): ours keeps its rate, the naive one's falls.
    const wordiest = events.reduce((longest, list) => (oursFromEvents(list).content.length > oursFromEvents(longest).content.length ? list : longest), events[0]!);
    const ending = (event: string): boolean => event.includes('"tool_calls"') || /"finish_reason":\s*"/.test(event);
    const body = wordiest.filter((event) => !event.startsWith('data: [DONE]'));
    const long = [...Array.from({ length: 10 }, () => body.filter((event) => !ending(event))).flat(), ...body.filter(ending), 'data: [DONE]\n\n'];
    let longOurs = 0;
    let longNaive = 0;
    for (let round = 0; round < 3; round += 1) {
      longOurs = Math.max(longOurs, measure(() => oursFromEvents(long), { ms: 200, opsPerCall: long.length - 1 }));
      longNaive = Math.max(longNaive, measure(() => naive(long), { ms: 200, opsPerCall: long.length - 1 }));
    }

    const fasterThanSdk = oursPerSecond >= aiSdkPerSecond;
    const parseCeiling =
      best.parseOnly < TARGET_CHUNKS_PER_SECOND
        ? 'itself below the target, so one JSON.parse per chunk cannot reach it on this machine'
        : `the decoder runs at ${Math.round((100 * best.decoder) / best.parseOnly)}% of it`;
    const share = (transport: string, reader: string): number => Math.round((100 * seconds[transport]!) / seconds[reader]!);
    return result(
      'stream-aggregation',
      `${format(chunkCount)} chunks (${toolCallCount} tool calls) from ${source}, the same SSE bytes to both, one read per event; best of ${PASSES} alternating passes`,
      { label: 'readEventStream (chunks)', opsPerSecond: oursPerSecond },
      { label: 'AI SDK openai-compatible doStream (chunks)', opsPerSecond: aiSdkPerSecond },
      [
        `target ≥ ${format(TARGET_CHUNKS_PER_SECOND)} chunks/s: ${oursPerSecond >= TARGET_CHUNKS_PER_SECOND ? 'met' : 'not met'} on this machine (readEventStream ${format(oursPerSecond)} chunks/s; ` +
          `the decoder alone on the event text ${format(best.decoder)} chunks/s; JSON.parse alone over the same chunks ${format(best.parseOnly)} chunks/s, ${parseCeiling})`,
        `target no slower than the AI SDK: ${fasterThanSdk ? 'met' : 'NOT met'} (${(oursPerSecond / aiSdkPerSecond).toFixed(1)}× the AI SDK's ${format(aiSdkPerSecond)} chunks/s, measured in the same run)`,
        `same result from both: content, reasoning and tool-call names and arguments equal the AI SDK's text, reasoning and tool-call parts on ${streams.length} of ${all.length} streams` +
          (excluded.length > 0 ? `; excluded from the timing: ${excluded.join('; ')}` : '; none excluded'),
        `the transports alone (the same reads, nothing parsed) take ${share('nodeStream', 'ours')}% of our pass (Node stream, ${format(perSecond('nodeStream'))} chunks/s) ` +
          `and ${share('webStream', 'aiSdk')}% of the AI SDK's (web stream, ${format(perSecond('webStream'))} chunks/s)`,
        `the previous baseline, a naive client re-joining and re-parsing on every chunk, on the event text: decoder ${format(best.decoder)} chunks/s, naive ${format(best.naive)} chunks/s ` +
          `(${(best.decoder / best.naive).toFixed(1)}×); on short replies JSON.parse dominates both, so that ratio stays small`,
        `one ${format(long.length - 1)}-chunk reply: decoder ${format(longOurs)} chunks/s, naive ${format(longNaive)} chunks/s (${(longOurs / longNaive).toFixed(1)}×): the naive cost per chunk grows with the reply`,
      ],
    );
  },
};

export default benchmark;
