/**
 * The same 1:1 turn through our library and through the Vercel AI SDK's `generateText`, on the
 * same loopback model server (in another process, so this process's CPU is the client's alone):
 * three tool calls, then the answer.
 *
 * Ours: `runChatTurn` as a writer runs it (`openControlRoom`: the strict envelope with its nonce,
 * signed and fsynced receipts, the sealed audit log, SQLite traces, the secret scrubber on every
 * message, the evidence validator over the sample manuscript, bucket memory). Peer: `generateText`
 * offered the same tools our turn offers its model (every registered tool), as AI SDK tools whose
 * `execute` runs our tool functions over the same workspace, native tool calls,
 * `stopWhen: stepCountIs(6)`. Runs alternate in one process; the ratio is ours / peer in CPU per
 * turn (lower is better). A second peer offered only the two tools the script calls is measured
 * in the same alternation and reported beside it: a lighter setup than the turn it is compared to.
 * How a turn's cost grows with the session's history is its own row (turn-growth.bench.ts).
 *
 * Both sides run as published: ours is the built package (dist/, what `import 'control-room'`
 * gives a writer), the AI SDK its own built files; running our TypeScript through the on-the-fly
 * transpiler instead would add its helpers (a name set on every closure) to our side alone.
 * `npm run build` first.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, stepCountIs, tool, type ToolSet } from 'ai';
import type { ControlRoom } from '../src/adapters/compose/index.js';
import { costResult, perRun, type Benchmark } from './harness.js';
import { built, openSampleRoom, startLoopbackModelServer } from './support/loopback-model-server.js';
import { CALLS, QUESTION } from './support/round-script.js';

const NAME = 'peer-turn';
const TARGET_RATIO = 1.0;
const TURNS_PER_PASS = 25;
const PASSES = 8;

/** Tools as AI SDK tools running our own tool functions over the same workspace. */
function peerTools(room: ControlRoom, ids: Iterable<string>): ToolSet {
  const tools: ToolSet = {};
  for (const id of ids) {
    const definition = room.registry.get(id)!;
    tools[id] = tool({
      description: definition.description,
      inputSchema: definition.schema,
      execute: async (args: Record<string, unknown>) => (await definition.run(args, room.toolContext)).result,
    });
  }
  return tools;
}

const benchmark: Benchmark = {
  name: NAME,
  run: async () => {
    const { runChatTurn } = await built<typeof import('../src/core/loop/index.js')>(NAME, 'core/loop/index.js');
    const server = await startLoopbackModelServer(NAME);
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-bench-peer-'));
    const dir = path.join(base, 'novel');
    let room: ControlRoom | undefined;
    try {
      room = await openSampleRoom(NAME, dir, server);
      const deps = room.turnDependencies();
      const provider = createOpenAICompatible({ name: 'loopback', baseURL: server.baseUrl });
      const peerModel = provider.chatModel('native-model');
      // What our turn offers its model (no tool policy: every registered tool), and the script's two.
      const offered = deps.registry.ids();
      const tools = peerTools(room, offered);
      const narrowTools = peerTools(room, new Set(CALLS.map((call) => call.tool)));
      let session = 0;
      const ours = async () => {
        const turn = await runChatTurn({ message: QUESTION, agentId: 'continuity', sessionId: `peer-${session++ % 4}` }, deps);
        if (turn.receipts.length !== CALLS.length || !turn.validation.ok) throw new Error(`peer-turn bench: our turn did not go as scripted: ${JSON.stringify(turn.validation)}`);
        return turn;
      };
      const peerWith = (toolSet: ToolSet) => async () => {
        const answer = await generateText({ model: peerModel, system: 'You are Continuity, the Continuity Editor of a writers’ room.', prompt: QUESTION, tools: toolSet, stopWhen: stepCountIs(6) });
        if (answer.steps.length !== CALLS.length + 1) throw new Error(`peer-turn bench: the AI SDK turn took ${answer.steps.length} steps`);
        return answer.steps.length; // one model call per step
      };
      const peer = peerWith(tools);
      const narrowPeer = peerWith(narrowTools);
      const checked = await ours();
      const peerCalls = await peer();
      await narrowPeer();
      const traced = await room.traces.getRound(checked.traceRoundId);
      const ourCalls = traced?.events.filter((event) => event.event_type === 'llm.request').length ?? 0;
      let oursCpu = 0;
      let peerCpu = 0;
      let narrowCpu = 0;
      // Alternated passes, so a burst of load on a shared machine falls on every side.
      for (let pass = 0; pass < PASSES; pass += 1) {
        oursCpu += (await perRun(TURNS_PER_PASS, () => ours())).cpuMs / PASSES;
        peerCpu += (await perRun(TURNS_PER_PASS, peer)).cpuMs / PASSES;
        narrowCpu += (await perRun(TURNS_PER_PASS, narrowPeer)).cpuMs / PASSES;
      }
      const ratio = oursCpu / peerCpu;
      return costResult(
        NAME,
        `a 1:1 turn with ${CALLS.length} tool calls over the sample manuscript, loopback model over HTTP in another process; ${PASSES}×${TURNS_PER_PASS} turns each, alternated`,
        { label: `runChatTurn, everything on (${ourCalls} model calls)`, cost: oursCpu, figure: `${oursCpu.toFixed(2)} ms CPU/turn` },
        { label: `AI SDK generateText, the same ${offered.length} tools offered (${peerCalls} model calls)`, cost: peerCpu, figure: `${peerCpu.toFixed(2)} ms CPU/turn` },
        [
          `our CPU per turn is ${ratio.toFixed(2)}× the AI SDK's (target ≤${TARGET_RATIO.toFixed(1)}×: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}; ratio here is ours / the AI SDK's, lower is better), doing more: strict envelope with nonce, ${CALLS.length} signed receipts written with one fsync and sealed, SQLite trace events, secret scrubbing, the evidence check and bucket memory`,
          `the AI SDK offered only the two tools the script calls (a lighter turn than ours, whose model may choose among ${offered.length}): ${narrowCpu.toFixed(2)} ms CPU/turn; ours is ${(oursCpu / narrowCpu).toFixed(2)}× that`,
          'both sides run as published: our built package (dist/) and the AI SDK\'s built files',
        ],
      );
    } finally {
      await room?.close();
      await server.stop();
      await fs.rm(base, { recursive: true, force: true });
    }
  },
};

export default benchmark;
