/**
 * One six-agent conference round with three tool calls, rounds per second, and the harness's own
 * CPU time per round.
 *
 * Ours: `runConferenceRound` — the Chief runs the three tools once (phase 1), then all six agents
 * interpret the buffered results (phase 2), each reply evidence-checked, the round archived as an
 * issue with its receipts linked. Baseline: the naive room — every agent runs its own grounded
 * 1:1 turn (`runChatTurn`) with the same three tool calls, so N agents × k calls = 18 executions
 * and receipts instead of 3. Both use the same in-process ScriptedModel (no waiting for a model),
 * the real tools, secret scrubber and evidence validator over the sample manuscript, signed
 * receipts in a temp workspace, and in-memory trace, issue, conference, credits and telemetry stores.
 *
 * A second row, growth: does a round cost more once the workspace holds a long history? Here the
 * stores are the real ones a writer's workspace has (`openControlRoom`: JSON issue, conference,
 * credits and telemetry files, SQLite traces, the audit log) with an in-process model playing the
 * same script. Round 2 of a new conference in one of several young workspaces (taken in turn, so
 * none grows old while it is measured) against rounds 101 on of one conference in a workspace
 * that already holds 100, alternated round by round, medians of CPU; round 1 of a new
 * conference is measured in the same alternation and reported beside them.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AGENTS_SCHEMA_VERSION, type ModelRequest } from '../src/protocol/index.js';
import { chatReplyValidator } from '../src/adapters/compose/chat-reply-validator.js';
import { openControlRoom, type ControlRoom } from '../src/adapters/compose/index.js';
import { openConferenceServices, type ConferenceServices } from '../src/adapters/compose/open-conference-services.js';
import { loadToolCatalog } from '../src/adapters/fs-catalog/index.js';
import { AGENTS_FILE, FsWorkspace, initWorkspace } from '../src/adapters/fs-workspace/index.js';
import { JsonlAuditLog, loadReceiptKeys } from '../src/adapters/jsonl-audit-log/index.js';
import { ScriptedModel, type ScriptedReply } from '../src/adapters/scripted-model/index.js';
import { SecretlintScanner } from '../src/adapters/secretlint-scanner/index.js';
import { systemClock, systemIds } from '../src/adapters/system/index.js';
import { createConference, InMemoryConferenceStore, runConferenceRound, type ConferenceDependencies } from '../src/core/conference/index.js';
import { InMemoryCreditsStore } from '../src/core/credits/index.js';
import { validateEvidence } from '../src/core/evidence/index.js';
import { runChatTurn, TurnGate, type TurnDependencies } from '../src/core/loop/index.js';
import { ReceiptLedger } from '../src/core/receipts/index.js';
import { MemorySecretVault, SecretScrubber } from '../src/core/secrets/index.js';
import { InMemoryTelemetryStore } from '../src/core/telemetry/index.js';
import { InMemoryIssueStore } from '../src/core/testing/index.js';
import { InMemoryTraceStore } from '../src/core/traces/index.js';
import { coreTools, renderToolCatalog, ToolRegistry } from '../src/core/tools/index.js';
import { costResult, measureAsync, measureGrowth, perRun, result, type Benchmark, type BenchResult } from './harness.js';
import { CALLS, QUESTION, RoundScriptModel, scriptedReplyText, SIX_AGENTS } from './support/round-script.js';

const CPU_TARGET_MS = 5;
const CPU_ROUNDS = 40;
const AGENTS = SIX_AGENTS;
const HISTORY_ROUNDS = 100;
/** Young workspaces the new conferences take turns among (conference c lives in workspace c mod this). */
const YOUNG_WORKSPACES = 8;
/** Rounds each young workspace runs before it is measured, so its caches are as warm as the old one's. */
const WARM_ROUNDS = 1;
const GROWTH_ROUNDS = 40;
const GROWTH_TARGET = 0.1;
const ISSUE_WRITES = 20;

/** The round script's reply to one in-process request (the same script the loopback model plays). */
const respond = (request: ModelRequest): ScriptedReply => ({ content: scriptedReplyText(request.messages) });

async function setUp() {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-bench-conference-'));
  const dir = path.join(base, 'novel');
  await initWorkspace(dir, { sample: true });
  const workspace = await FsWorkspace.open(dir);
  const keys = await loadReceiptKeys(dir);
  const auditLog = new JsonlAuditLog(dir, { keys: keys.keys });
  const ledger = new ReceiptLedger({ log: auditLog, clock: systemClock, ids: systemIds, keys: keys.keys });
  const registry = new ToolRegistry(coreTools());
  const catalog = await loadToolCatalog({ workspaceRoot: dir, homeDir: null, schemas: registry });
  const scrubber = new SecretScrubber(new SecretlintScanner(), new MemorySecretVault());
  const issues = new InMemoryIssueStore({ clock: systemClock });
  const model = new ScriptedModel([], { name: 'bench-model' });
  const turn: TurnDependencies = {
    registry,
    tools: { registry, context: { workspace, issues, agents: AGENTS }, ledger, clock: systemClock, scrubber },
    traces: new InMemoryTraceStore(),
    scrubber,
    clock: systemClock,
    ids: systemIds,
    gate: new TurnGate(),
    agents: AGENTS,
    catalogText: (view) => renderToolCatalog(catalog.tools, view),
    modelsFor: () => ({ models: { primary: model, fallback: null }, profile: 'envelope', stream: false }),
    modelOptions: { transientRetries: 0 },
  };
  const conference: ConferenceDependencies = {
    ...turn,
    workspace,
    auditLog,
    issues,
    conferences: new InMemoryConferenceStore(),
    credits: new InMemoryCreditsStore(systemClock),
    telemetry: new InMemoryTelemetryStore(systemClock),
    validateReply: validateEvidence,
  };
  const naive: TurnDependencies = { ...turn, validateReply: chatReplyValidator({ workspace, auditLog }) };
  return { base, model, conference, naive, auditLog };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

async function oursRound({ model, conference }: Setup): Promise<number> {
  const record = await createConference({ attendees: AGENTS.map((agent) => agent.id) }, conference);
  model.push(...Array.from({ length: CALLS.length + 1 + AGENTS.length }, () => respond));
  const round = await runConferenceRound({ conferenceId: record.id, message: QUESTION }, conference);
  if (round.toolExecutions !== CALLS.length || round.entries.some((entry) => entry.status !== 'responded')) {
    throw new Error(`conference-round bench: the round did not go as scripted: ${JSON.stringify(round.entries.map((entry) => [entry.agentId, entry.status, entry.issues]))}`);
  }
  return round.toolExecutions;
}

async function naiveRound({ model, naive }: Setup): Promise<number> {
  const sessionId = `naive-${systemIds.uuidv7()}`;
  let executions = 0;
  for (const agent of AGENTS) {
    model.push(...Array.from({ length: CALLS.length + 2 }, () => respond));
    const turn = await runChatTurn({ message: QUESTION, agentId: agent.id, sessionId }, naive);
    if (turn.receipts.length !== CALLS.length || !turn.validation.ok) {
      throw new Error(`conference-round bench: ${agent.id}'s naive turn did not go as scripted: ${JSON.stringify(turn.validation)}`);
    }
    executions += turn.receipts.length;
  }
  return executions;
}


/** A workspace with the real stores, six agents and the in-process script model. */
async function openRoom(base: string, name: string): Promise<ControlRoom> {
  const dir = path.join(base, name);
  await initWorkspace(dir, { sample: true });
  await fs.mkdir(path.dirname(path.join(dir, AGENTS_FILE)), { recursive: true });
  await fs.writeFile(path.join(dir, AGENTS_FILE), JSON.stringify({ schema_version: AGENTS_SCHEMA_VERSION, agents: AGENTS }, null, 2));
  const model = new RoundScriptModel();
  return openControlRoom(dir, { env: {}, homeDir: null, modelFactory: () => model });
}

/** Rounds 1 and 2 of new conferences in a young workspace against rounds 101 on of one long conference. */
async function growthRow(base: string): Promise<BenchResult> {
  const rooms: ControlRoom[] = [];
  try {
    const oldRoom = await openRoom(base, 'old');
    rooms.push(oldRoom);
    const youngRooms: ControlRoom[] = [];
    for (let index = 0; index < YOUNG_WORKSPACES; index += 1) youngRooms.push(await openRoom(base, `young-${index}`));
    rooms.push(...youngRooms);
    const old = openConferenceServices(oldRoom);
    const young = youngRooms.map((room) => openConferenceServices(room));
    const attendees = AGENTS.map((agent) => agent.id);
    const round = async (services: ConferenceServices, conferenceId: string) => {
      const outcome = await runConferenceRound({ conferenceId, message: QUESTION }, services.dependencies());
      if (outcome.toolExecutions !== CALLS.length || outcome.entries.some((entry) => entry.status !== 'responded')) {
        throw new Error(`conference-round bench: a growth round did not go as scripted: ${JSON.stringify(outcome.entries.map((entry) => [entry.agentId, entry.status, entry.issues]))}`);
      }
    };
    const long = await createConference({ attendees }, old.rosterDependencies());
    for (let index = 0; index < HISTORY_ROUNDS; index += 1) await round(old, long.id);
    for (const services of young) {
      for (let index = 0; index < WARM_ROUNDS; index += 1) await round(services, (await createConference({ attendees }, services.rosterDependencies())).id);
    }
    const fresh: Array<{ services: ConferenceServices; id: string }> = [];
    for (let index = 0; index <= GROWTH_ROUNDS; index += 1) {
      const services = young[index % YOUNG_WORKSPACES]!;
      fresh.push({ services, id: (await createConference({ attendees }, services.rosterDependencies())).id });
    }
    const newRound = (conference: number) => round(fresh[conference]!.services, fresh[conference]!.id);
    // Round r: round 2 of conference r (its round 1 came a round earlier) and round 1 of conference r+1.
    await newRound(0);
    const growth = await measureGrowth(GROWTH_ROUNDS, {
      early: (index) => newRound(index),
      late: () => round(old, long.id),
      first: (index) => newRound(index + 1),
    });
    const firstMs = growth.firstMs!;
    // How much of it is the issue store, which reads, validates and rewrites the whole issues.json for every change.
    const youngest = youngRooms[0]!;
    const issues = { young: (await youngest.issues.list()).length, old: (await oldRoom.issues.list()).length };
    const issuesBytes = (await fs.stat(oldRoom.issues.filePath)).size;
    const archived = (await oldRoom.issues.list()).at(-1)!;
    const archive = (room: ControlRoom) => room.issues.create({ title: archived.title, body: archived.body, tags: archived.tags, receiptIds: archived.receiptIds, sessionId: archived.sessionId });
    const issueStore = await measureGrowth(ISSUE_WRITES, { early: () => archive(youngest), late: () => archive(oldRoom) });
    const percent = (ratio: number): string => `${ratio >= 1 ? '+' : ''}${(100 * (ratio - 1)).toFixed(1)}%`;
    return costResult(
      'conference-round growth',
      `a six-agent round with ${CALLS.length} tool calls, real stores (JSON issue, conference, credits and telemetry files, SQLite traces, audit log), in-process model: round 2 of a new conference in one of several young workspaces against rounds ${HISTORY_ROUNDS + 1}–${HISTORY_ROUNDS + GROWTH_ROUNDS} of one conference in a workspace holding ${HISTORY_ROUNDS}; ${GROWTH_ROUNDS} rounds alternated, medians`,
      { label: `round ${HISTORY_ROUNDS + 1} on of a long conference`, cost: growth.lateMs, figure: `${growth.lateMs.toFixed(2)} ms CPU/round` },
      { label: 'round 2 of a new conference', cost: growth.earlyMs, figure: `${growth.earlyMs.toFixed(2)} ms CPU/round` },
      [
        `late / early: ${growth.ratio.toFixed(3)}× (${percent(growth.ratio)}; target within ${100 * GROWTH_TARGET}%: ${Math.abs(growth.ratio - 1) <= GROWTH_TARGET ? 'met' : 'NOT met'}); ratio here is late / early, lower is better`,
        `round 1 of a new conference, in the same alternation: ${firstMs.toFixed(2)} ms CPU, ${(firstMs / growth.earlyMs).toFixed(2)}× round 2; round ${HISTORY_ROUNDS + 1} on against round 1: ${(growth.lateMs / firstMs).toFixed(3)}×`,
        `median of each round's late / early: ${growth.pairedRatio.toFixed(3)}×; the ratio over the first and the second ${GROWTH_ROUNDS / 2} rounds: ${growth.halves.map((half) => `${half.toFixed(3)}×`).join(' and ')}`,
        `the long workspace's issues.json holds ${issues.old} issues (${(issuesBytes / 1024).toFixed(0)} KB), a young one's ${issues.young}: every round archives one issue, and the issue store serialises only the changed issue but still writes and syncs the whole file; archiving one issue alone took ${issueStore.lateMs.toFixed(2)} ms CPU there against ${issueStore.earlyMs.toFixed(2)} ms (${ISSUE_WRITES} each, alternated): ${(issueStore.lateMs - issueStore.earlyMs).toFixed(2)} ms of the round's ${(growth.lateMs - growth.earlyMs).toFixed(2)} ms growth`,
      ],
    );
  } finally {
    for (const room of rooms) await room.close();
  }
}

const benchmark: Benchmark = {
  name: 'conference-round',
  run: async () => {
    const setup = await setUp();
    try {
      const executions = { ours: await oursRound(setup), naive: await naiveRound(setup) };
      let ours = 0;
      let baseline = 0;
      // Alternate so a burst of load on a shared machine hits both; each keeps its best run.
      for (let pass = 0; pass < 2; pass += 1) {
        ours = Math.max(ours, await measureAsync(() => oursRound(setup), { ms: 2500 }));
        baseline = Math.max(baseline, await measureAsync(() => naiveRound(setup), { ms: 2500 }));
      }
      const oursCpu = (await perRun(CPU_ROUNDS, () => oursRound(setup))).cpuMs;
      const naiveCpu = (await perRun(Math.ceil(CPU_ROUNDS / 4), () => naiveRound(setup))).cpuMs;
      const main = result(
        'conference-round',
        `six agents, three tool calls, every reply evidence-checked (sample manuscript)`,
        { label: `two-phase round (${executions.ours} executions)`, opsPerSecond: ours },
        { label: `every agent runs the tools (${executions.naive} executions)`, opsPerSecond: baseline },
        [
          `harness CPU per round (process.cpuUsage, user+system): ${oursCpu.toFixed(2)} ms two-phase vs ${naiveCpu.toFixed(2)} ms naive`,
          `target ≤${CPU_TARGET_MS} ms of harness CPU per round: ${oursCpu <= CPU_TARGET_MS ? 'met' : 'NOT met'} (${oursCpu.toFixed(2)} ms)`,
          `tool executions per round: ${executions.ours} vs ${executions.naive} (N×k); receipts are signed and fsynced in a temp workspace in both`,
        ],
      );
      return [main, await growthRow(setup.base)];
    } finally {
      await setup.auditLog.close();
      await fs.rm(setup.base, { recursive: true, force: true });
    }
  },
};

export default benchmark;
