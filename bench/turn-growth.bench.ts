/**
 * Does a 1:1 turn cost more once the session holds a long history? Turn 2 of a new session in a
 * young workspace against turns 201 on of one session in a workspace that already holds 200 turns,
 * alternated turn by turn in one run, CPU of this process per turn, medians. Turn 1 of a new
 * session is measured in the same alternation and reported beside them: it also pays for setting
 * the session up (its log, state and memory bucket), a one-off cost that would hide growth.
 *
 * The workspaces are open side by side, so whatever grows with a workspace (trace database,
 * audit log, telemetry, bucket memory) and whatever grows with a session (its receipts) are both
 * on the late side only; the new sessions take turns among several young workspaces, so none of
 * them grows old while it is measured. The turn is the peer row's: `runChatTurn` as a writer runs it (the built
 * package, SQLite traces, signed and fsynced receipts, the scrubber and the evidence check), the
 * loopback model server in another process playing three tool calls, then the answer.
 * `npm run build` first.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ControlRoom } from '../src/adapters/compose/index.js';
import type { TurnDependencies } from '../src/core/loop/index.js';
import { costResult, measureGrowth, type Benchmark } from './harness.js';
import { built, openSampleRoom, startLoopbackModelServer } from './support/loopback-model-server.js';
import { CALLS, QUESTION } from './support/round-script.js';

const NAME = 'turn-growth';
const HISTORY_TURNS = 200;
const ROUNDS = 120;
/** Young workspaces the new sessions take turns among (session s lives in workspace s mod this). */
const YOUNG_WORKSPACES = 8;
/** Turns each young workspace runs before it is measured, so its caches are as warm as the old one's. */
const WARM_TURNS = 2;
const TARGET = 0.1;

const benchmark: Benchmark = {
  name: NAME,
  run: async () => {
    const { runChatTurn } = await built<typeof import('../src/core/loop/index.js')>(NAME, 'core/loop/index.js');
    const server = await startLoopbackModelServer(NAME);
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-bench-growth-'));
    const rooms: ControlRoom[] = [];
    /** Turns each workspace has run, by its dependencies. */
    const turnsIn = new Map<TurnDependencies, number>();
    const open = async (name: string) => {
      const dir = path.join(base, name);
      const room = await openSampleRoom(NAME, dir, server);
      rooms.push(room);
      const deps = room.turnDependencies();
      turnsIn.set(deps, 0);
      return deps;
    };
    const turn = async (deps: TurnDependencies, sessionId: string) => {
      const outcome = await runChatTurn({ message: QUESTION, agentId: 'continuity', sessionId }, deps);
      if (outcome.receipts.length !== CALLS.length || !outcome.validation.ok) throw new Error(`${NAME} bench: a turn did not go as scripted: ${JSON.stringify(outcome.validation)}`);
      turnsIn.set(deps, turnsIn.get(deps)! + 1);
    };
    try {
      const old = await open('old');
      const young: TurnDependencies[] = [];
      for (let index = 0; index < YOUNG_WORKSPACES; index += 1) young.push(await open(`young-${index}`));
      for (let index = 0; index < HISTORY_TURNS; index += 1) await turn(old, 'long');
      for (const deps of young) for (let index = 0; index < WARM_TURNS; index += 1) await turn(deps, `warm-${index}`);
      const newTurn = (session: number) => turn(young[session % YOUNG_WORKSPACES]!, `new-${session}`);
      // Round r: turn 2 of session r (its turn 1 came a round earlier) and turn 1 of session r+1.
      await newTurn(0);
      const growth = await measureGrowth(ROUNDS, {
        early: (index) => newTurn(index),
        late: () => turn(old, 'long'),
        first: (index) => newTurn(index + 1),
      });
      const youngestHeld = Math.max(...young.map((deps) => turnsIn.get(deps)!));
      const firstMs = growth.firstMs!;
      const change = growth.ratio - 1;
      const percent = (ratio: number): string => `${ratio >= 1 ? '+' : ''}${(100 * (ratio - 1)).toFixed(1)}%`;
      return costResult(
        NAME,
        `a 1:1 turn (${CALLS.length} tool calls, loopback model in another process): turn 2 of a new session in one of several young workspaces against turns ${HISTORY_TURNS + 1}–${HISTORY_TURNS + ROUNDS} of one session in a workspace holding ${HISTORY_TURNS}; ${ROUNDS} rounds alternated, medians`,
        { label: `turn ${HISTORY_TURNS + 1} on of a long session`, cost: growth.lateMs, figure: `${growth.lateMs.toFixed(2)} ms CPU/turn` },
        { label: 'turn 2 of a new session', cost: growth.earlyMs, figure: `${growth.earlyMs.toFixed(2)} ms CPU/turn` },
        [
          `late / early: ${growth.ratio.toFixed(3)}× (${percent(growth.ratio)}; target within ${100 * TARGET}%: ${Math.abs(change) <= TARGET ? 'met' : 'NOT met'}); ratio here is late / early, lower is better`,
          `turn 1 of a new session, in the same alternation: ${firstMs.toFixed(2)} ms CPU, ${(firstMs / growth.earlyMs).toFixed(2)}× turn 2 (setting the session up); turn ${HISTORY_TURNS + 1} on against turn 1: ${(growth.lateMs / firstMs).toFixed(3)}×`,
          `median of each round's late / early: ${growth.pairedRatio.toFixed(3)}×; the ratio over the first and the second ${ROUNDS / 2} rounds: ${growth.halves.map((half) => `${half.toFixed(3)}×`).join(' and ')}`,
          `the new sessions took turns among ${YOUNG_WORKSPACES} young workspaces, each holding at most ${youngestHeld} turns by the end; all of them and the old one are open in the same process`,
        ],
      );
    } finally {
      for (const room of rooms) await room.close();
      await server.stop();
      await fs.rm(base, { recursive: true, force: true });
    }
  },
};

export default benchmark;
