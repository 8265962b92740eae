/**
 * Child process for crash.test.ts: opens the workspace in CR_WORKSPACE with the model server in
 * CONTROL_ROOM_LLM_BASE_URL, prints `ready`, then runs 1:1 chat turns and conference rounds in a
 * loop, printing `done <trace round id>` after each, until the test kills it with SIGKILL.
 */
import { openControlRoom } from '../../src/adapters/compose/index.js';
import { openConferenceServices } from '../../src/adapters/compose/open-conference-services.js';
import { createConference, runConferenceRound } from '../../src/core/conference/index.js';
import { runChatTurn } from '../../src/core/loop/index.js';
import { marker } from './helpers/marker-model.js';

const dir = process.env['CR_WORKSPACE'];
if (dir === undefined) throw new Error('crash-worker: set CR_WORKSPACE to the workspace folder.');
const room = await openControlRoom(dir, { homeDir: null });
const services = openConferenceServices(room);
const conference = await createConference({ attendees: ['continuity', 'editor'] }, services.rosterDependencies());
process.stdout.write('ready\n');

for (let turn = 0; ; turn += 1) {
  const own = marker(`crash-${process.pid}-${turn}`);
  const message = `Check Hester for ${own}.`;
  // Chat turns of several sessions interleave with conference rounds, two at a time.
  const [chat, round] = await Promise.all([
    runChatTurn({ message, sessionId: `crash-${process.pid}-${turn % 3}`, agentId: 'story-architect' }, room.turnDependencies()),
    turn % 2 === 0 ? runConferenceRound({ conferenceId: conference.id, message }, services.dependencies()) : Promise.resolve(null),
  ]);
  process.stdout.write(`done ${chat.traceRoundId}\n`);
  if (round) process.stdout.write(`done ${round.traceRoundId}\n`);
}
