/**
 * Child process for test/e2e/traces.test.ts, writing to the trace store at argv[2]:
 * - `forever`: begins a round and appends events in small concurrent bursts, printing
 *   `committed <event_seq>` once each write has resolved, until the test kills it with SIGKILL;
 * - `exit-now`: begins a round, queues ten events and calls process.exit() before they are flushed;
 * - `rounds`: after `go` on stdin, begins and finishes 100 rounds of the conversation `shared`
 *   (bucket `bucket:writer-<pid>`), racing its siblings.
 */
import { SqliteTraceStore } from '../../src/adapters/sqlite-trace-store/index.js';

const [file, mode = 'forever'] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: trace-writer-child.ts <traces.db> [forever|exit-now|rounds]');
const store = await SqliteTraceStore.open({ file });
const progressEvent = (progress: number) => ({ event_type: 'job.progress' as const, payload: { job_id: 'job-crash', status: 'running', progress } });

if (mode === 'rounds') {
  // Start together: report ready, then wait for the test's go on stdin.
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  for (let turn = 0; turn < 100; turn += 1) {
    const round = await store.beginRound({ conversation_id: 'shared', state_in: 'default', bucket_id: `bucket:writer-${process.pid}` });
    await store.finishRound(round.round_id, { status: 'ok' });
  }
  await store.close();
} else {
  const round = await store.beginRound({ conversation_id: 'crash-test', state_in: 'action' });
  process.stdout.write(`round ${round.round_id}\n`);
  if (mode === 'exit-now') {
    for (let progress = 0; progress < 10; progress += 1) void store.appendEvent(round.round_id, progressEvent(progress));
    process.exit(0);
  }
  for (let progress = 0; ; progress += 4) {
    const burst = [0, 1, 2, 3].map((offset) => store.appendEvent(round.round_id, progressEvent(progress + offset)));
    for (const event of await Promise.all(burst)) process.stdout.write(`committed ${event.event_seq}\n`);
  }
}
