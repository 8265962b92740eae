/**
 * The harness's own CPU for a 1:1 turn and for a six-agent conference round with three tool
 * calls, against the model time it wraps — everything except waiting for the model.
 *
 * The product is opened as a writer runs it (`openControlRoom`: SQLite traces, signed and fsynced
 * receipts, JSON issue, conference, credits and telemetry stores, the real secret scrubber and
 * evidence validator over the sample manuscript) and talks HTTP to a loopback OpenAI-compatible
 * model server running in a child process, so `process.cpuUsage()` of this process is the
 * harness's alone (HTTP client and stream parsing included). Ours: harness CPU per round.
 * Baseline: the wall time of one model call to the same loopback server, both instant (the
 * transport's floor) and paced like a small local model (see support/loopback-model-child.ts).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openControlRoom, type ControlRoom } from '../src/adapters/compose/index.js';
import { openConferenceServices } from '../src/adapters/compose/open-conference-services.js';
import { AGENTS_FILE, initWorkspace } from '../src/adapters/fs-workspace/index.js';
import { OpenAiCompatibleModel } from '../src/adapters/openai-compatible-model/index.js';
import { createConference, runConferenceRound } from '../src/core/conference/index.js';
import { runChatTurn } from '../src/core/loop/index.js';
import { AGENTS_SCHEMA_VERSION, type ModelRequest } from '../src/protocol/index.js';
import { perRun, result, type Benchmark } from './harness.js';
import { startLoopbackModelServer } from './support/loopback-model-server.js';
import { CALLS, QUESTION, SIX_AGENTS } from './support/round-script.js';

const ROUND_TARGET_MS = 5;
const TURN_TARGET_MS = 2;
const ROUNDS = 30;
const TURNS = 60;
const CALL_SAMPLES = 40;
const PACED_SAMPLES = 3;
/** A phase-2-sized request: the agent's framing, the buffered results and the question. */
async function typicalRequest(room: ControlRoom): Promise<ModelRequest> {
  const card = await room.workspace.read('Compendium/Characters/CHAR-hester-vane.md');
  return {
    messages: [
      { role: 'system', content: `You are Editor, the Developmental Editor. ${room.catalog.tools.length} tools were run for you.` },
      { role: 'user', content: `${QUESTION}\n\nTool results:\n${card.content}` },
    ],
  };
}

async function oneCallMs(baseUrl: string, modelName: string, request: ModelRequest, samples: number): Promise<number> {
  const model = new OpenAiCompatibleModel({ baseUrl, model: modelName });
  await model.complete(request); // warm the connection
  const start = performance.now();
  for (let index = 0; index < samples; index += 1) await model.complete(request);
  return (performance.now() - start) / samples;
}

const benchmark: Benchmark = {
  name: 'harness-overhead',
  run: async () => {
    const server = await startLoopbackModelServer('harness-overhead');
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-bench-overhead-'));
    const dir = path.join(base, 'novel');
    let room: ControlRoom | undefined;
    try {
      await initWorkspace(dir, { sample: true });
      await fs.mkdir(path.dirname(path.join(dir, AGENTS_FILE)), { recursive: true });
      await fs.writeFile(path.join(dir, AGENTS_FILE), JSON.stringify({ schema_version: AGENTS_SCHEMA_VERSION, agents: SIX_AGENTS }, null, 2));
      room = await openControlRoom(dir, { env: { CONTROL_ROOM_LLM_BASE_URL: server.baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' }, homeDir: null });
      const services = openConferenceServices(room);
      const conference = await createConference({ attendees: SIX_AGENTS.map((agent) => agent.id) }, services.rosterDependencies());
      const turnDeps = room.turnDependencies();
      const roundDeps = services.dependencies();
      const round = () => runConferenceRound({ conferenceId: conference.id, message: QUESTION }, roundDeps);
      const turn = (index: number) => runChatTurn({ message: QUESTION, agentId: 'continuity', sessionId: `bench-${index % 4}` }, turnDeps);

      // One checked run of each, so the figures below are of rounds that went as scripted.
      const checked = await round();
      if (checked.toolExecutions !== CALLS.length || checked.entries.some((entry) => entry.status !== 'responded')) {
        throw new Error(`harness-overhead bench: the round did not go as scripted: ${JSON.stringify(checked.entries.map((entry) => [entry.agentId, entry.status, entry.issues]))}`);
      }
      const modelCallsOf = async (traceRoundId: string) => {
        const traced = await room!.traces.getRound(traceRoundId);
        return traced?.events.filter((event) => event.event_type === 'llm.request').length ?? 0;
      };
      const modelCalls = await modelCallsOf(checked.traceRoundId);
      const checkedTurn = await turn(0);
      if (checkedTurn.receipts.length !== CALLS.length || !checkedTurn.validation.ok) throw new Error(`harness-overhead bench: the 1:1 turn did not go as scripted: ${JSON.stringify(checkedTurn.validation)}`);
      const turnModelCalls = await modelCallsOf(checkedTurn.traceRoundId);

      const request = await typicalRequest(room);
      const instantCallMs = await oneCallMs(server.baseUrl, 'loopback-model', request, CALL_SAMPLES);
      const rounds = await perRun(ROUNDS, round);
      const turns = await perRun(TURNS, turn);
      const pacedCallMs = await oneCallMs(server.baseUrl, 'paced-model', request, PACED_SAMPLES);
      const roundMs = rounds.cpuMs;
      return result(
        'harness-overhead',
        `six-agent round with ${CALLS.length} tool calls (${modelCalls} model calls) and a 1:1 turn, real stores, loopback model over HTTP in another process`,
        { label: 'harness CPU per round', opsPerSecond: 1000 / roundMs, figure: `${roundMs.toFixed(2)} ms` },
        { label: 'one paced loopback model call', opsPerSecond: 1000 / pacedCallMs, figure: `${pacedCallMs.toFixed(0)} ms` },
        [
          `harness CPU per six-agent round: ${roundMs.toFixed(2)} ms = ${((100 * roundMs) / pacedCallMs).toFixed(1)}% of one model call paced like a 7–8B local model (${server.firstTokenMs} ms to the first token, ${server.tokensPerSecond} tokens/s: ${pacedCallMs.toFixed(0)} ms), ${(roundMs / instantCallMs).toFixed(1)}× an instant loopback call (${instantCallMs.toFixed(2)} ms, the transport's floor)`,
          `a round with the instant model takes ${rounds.wallMs.toFixed(1)} ms wall for ${modelCalls} model calls; with the paced model the same round would wait about ${((modelCalls * pacedCallMs) / 1000).toFixed(1)} s for the model`,
          `target ≤${ROUND_TARGET_MS} ms of harness CPU per round: ${roundMs <= ROUND_TARGET_MS ? 'met' : 'NOT met'} (${roundMs.toFixed(2)} ms)`,
          `harness CPU per 1:1 turn (${CALLS.length} tool calls, ${turnModelCalls} model calls): ${turns.cpuMs.toFixed(2)} ms; target ≤${TURN_TARGET_MS} ms: ${turns.cpuMs <= TURN_TARGET_MS ? 'met' : 'NOT met'}`,
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
