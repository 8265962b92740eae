import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioArtifact, AudioPruneReport } from '../../src/protocol/audio.js';
import type { BucketContextPackage, BucketMemoryItem, MemoryBucketSummary, MemorySearchHit } from '../../src/protocol/memory.js';
import { openSqliteTraceStore } from '../../src/adapters/sqlite-trace-store/index.js';
import { makeFakeCredentials } from '../support/fake-credentials.js';
import { REPO_ROOT } from './helpers/run-cli.js';
import { readAppData, sampleWorkspace } from './helpers/workspace-fixture.js';

/**
 * Runs the compiled CLI (dist/, built with `npx tsc -p tsconfig.build.json`) the way the binary
 * does: the compiled program, with the memory and audio commands added from dist/ when main.ts
 * does not register them yet, and the binary's exit statuses (0 ok, 1 known failure, 2 usage).
 */
const DRIVER = `
import { pathToFileURL } from 'node:url';
const load = (file) => import(pathToFileURL(process.env.CR_DIST + file).href);
const { Command, CommanderError } = await import('commander');
const { buildProgram } = await load('/cli/main.js');
const { processIo, reportFailure, CliExit } = await load('/cli/io.js');
const { ControlRoomError } = await load('/protocol/index.js');
const { registerMemory } = await load('/cli/commands/memory.js');
const { registerAudio } = await load('/cli/commands/audio.js');
const program = buildProgram(processIo);
const names = program.commands.map((command) => command.name());
if (!names.includes('memory')) registerMemory(program, processIo);
if (!names.includes('audio')) registerAudio(program, processIo);
for (const command of program.commands) for (const sub of [command, ...command.commands]) sub.exitOverride().configureOutput({ writeOut: processIo.stdout, writeErr: processIo.stderr });
const args = process.argv.slice(1);
const json = args.includes('--json');
try {
  await program.parseAsync(['node', 'control-room', ...args]);
} catch (error) {
  if (error instanceof CliExit) process.exitCode = error.exitCode;
  else if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : 2;
    if (json && error.exitCode !== 0) reportFailure(processIo, true, new ControlRoomError('usage_error', error.message));
  } else process.exitCode = reportFailure(processIo, json, error);
}
`;

interface Run {
  status: number;
  stdout: string;
  stderr: string;
  json: <T>() => T;
}

async function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  if (!existsSync(path.join(REPO_ROOT, 'dist/cli/commands/memory.js'))) throw new Error('dist/ is stale or missing: run "npx tsc -p tsconfig.build.json" first.');
  const child = spawn(process.execPath, ['--input-type=module', '-e', DRIVER, '--', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, CR_DIST: path.join(REPO_ROOT, 'dist'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const status = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  return {
    status,
    stdout,
    stderr,
    json: <T,>() => {
      try {
        return JSON.parse(stdout) as T;
      } catch {
        throw new Error(`stdout is not JSON (exit ${status}):\n${stdout}\nstderr:\n${stderr}`);
      }
    },
  };
}

/** Half a second of a 440 Hz tone, 16 kHz mono 16-bit PCM, with the RIFF/fmt/data header written by hand. */
function toneWav(): Buffer {
  const sampleRate = 16_000;
  const frames = 8000;
  const buffer = Buffer.alloc(44 + frames * 2);
  buffer.write('RIFF', 0, 'latin1');
  buffer.writeUInt32LE(36 + frames * 2, 4);
  buffer.write('WAVE', 8, 'latin1');
  buffer.write('fmt ', 12, 'latin1');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'latin1');
  buffer.writeUInt32LE(frames * 2, 40);
  for (let frame = 0; frame < frames; frame += 1) buffer.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * frame) / sampleRate)), 44 + frame * 2);
  return buffer;
}

/** Each CLI run loads the whole compiled package (seconds on a loaded machine), and these tests make a dozen runs each. */
const CLI_TEST_TIMEOUT_MS = 300_000;

let dir: string;
let cleanup: () => Promise<void>;
const workspace = () => ['--workspace', dir, '--json'];

beforeAll(async () => {
  ({ dir, cleanup } = await sampleWorkspace('cr-memory-audio-'));
});

afterAll(async () => {
  await cleanup();
});

describe('control-room memory (compiled CLI)', () => {
  it('adds, pins, searches and dumps notes, scrubbing secrets before they are stored', async () => {
    const credentials = makeFakeCredentials();
    const secret = await cli(['memory', 'add', `Deploy token for the model box: ${credentials.githubToken}`, '--session', 's1', ...workspace()]);
    expect(secret.status).toBe(0);
    expect(secret.json<BucketMemoryItem>().content).toMatch(/^Deploy token for the model box: secret_ref:/);

    const locket = (await cli(['memory', 'add', 'Mara keeps the brass locket hidden in the lamp room.', '--session', 's1', '--ref', 'Story/Scenes/SCN-01-the-lamp-room.md#L3', '--excerpt', 'the brass locket', ...workspace()])).json<BucketMemoryItem>();
    expect(locket).toMatchObject({ bucket_id: 'bucket:s1', pinned: false, metadata: { refs: { paths: ['Story/Scenes/SCN-01-the-lamp-room.md#L3'], excerpts: ['the brass locket'] } } });
    const pinnedAtOnce = (await cli(['memory', 'add', 'The storm reaches the harbour on the evening of Day 3.', '--bucket', 'bucket:s1', '--pin', ...workspace()])).json<BucketMemoryItem>();
    expect(pinnedAtOnce.pinned).toBe(true);

    const pin = await cli(['memory', 'pin', locket.item_id, ...workspace()]);
    expect(pin.json<BucketMemoryItem>().pinned).toBe(true);
    expect((await cli(['memory', 'pin', pinnedAtOnce.item_id, '--off', ...workspace()])).json<BucketMemoryItem>().pinned).toBe(false);

    const search = (await cli(['memory', 'search', 'brass locket', ...workspace()])).json<{ hits: MemorySearchHit[] }>();
    expect(search.hits.map((hit) => hit.item.item_id)).toEqual([locket.item_id]);
    expect(search.hits[0]?.matched_terms).toEqual(['brass', 'locket']);

    const dump = (await cli(['memory', 'dump', '--session', 's1', ...workspace()])).json<BucketContextPackage>();
    expect(dump.bucket_id).toBe('bucket:s1');
    expect(dump.item_count).toBe(3);
    expect(dump.items[0]?.item_id).toBe(locket.item_id);
    expect(dump.register_summary.length).toBeLessThanOrEqual(140);
    expect(dump.register_summary).toMatch(/^3 notes, 1 pinned: Mara keeps the brass locket/);
    expect(dump.short_context.split('\n')[0]).toContain('[pinned] Mara keeps the brass locket');
    expect(dump.long_context).toBeNull();

    const buckets = (await cli(['memory', 'buckets', ...workspace()])).json<{ buckets: MemoryBucketSummary[] }>();
    expect(buckets.buckets.map((bucket) => bucket.bucket_id)).toEqual(['bucket:s1']);

    const human = await cli(['memory', 'dump', '--bucket', 'bucket:s1', '--workspace', dir]);
    expect(human.stdout).toContain('bucket:s1: 3 notes, 1 pinned');

    for (const file of await readAppData(dir)) {
      expect(file.text.includes(credentials.githubToken), `raw credential in ${file.file}`).toBe(false);
    }
  }, CLI_TEST_TIMEOUT_MS);

  it('refuses what it cannot do with stable codes and exit statuses', async () => {
    const unknown = await cli(['memory', 'pin', '0192f3a4-5b6c-7d8e-9f01-23456789abcd', ...workspace()]);
    expect(unknown.status).toBe(1);
    expect(unknown.json()).toMatchObject({ error: { code: 'memory_item_not_found' } });
    const outside = await cli(['memory', 'add', 'x', '--ref', '../secrets.txt', ...workspace()]);
    expect(outside.json()).toMatchObject({ error: { code: 'memory_input_invalid' } });
    expect((await cli(['memory', 'dump', '--budget', 'lots', ...workspace()])).status).toBe(2);
    const noWorkspace = await cli(['memory', 'buckets', '--workspace', path.join(dir, 'Story'), '--json']);
    expect(noWorkspace.json()).toMatchObject({ error: { code: 'workspace_not_found' } });
  }, CLI_TEST_TIMEOUT_MS);
});

describe('control-room audio (compiled CLI)', () => {
  it('stores a WAV with its hash and format, links rounds, pins and prunes', async () => {
    const clip = path.join(dir, '..', 'take-1.wav');
    const bytes = toneWav();
    await fs.writeFile(clip, bytes);

    const added = await cli(['audio', 'add', clip, ...workspace()]);
    expect(added.status).toBe(0);
    const kept = added.json<AudioArtifact>();
    expect(kept).toMatchObject({ container: 'wav', codec: 'pcm_s16le', sample_rate: 16_000, channels: 1, duration_ms: 500, retention_ttl: 'P30D', pinned: false, round_id: null });
    expect(kept.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(kept.path).toBe(`.control-room/audio/${kept.audio_id}.wav`);
    expect(createHash('sha256').update(await fs.readFile(path.join(dir, kept.path))).digest('hex')).toBe(kept.sha256);
    expect(JSON.parse(await fs.readFile(path.join(dir, `.control-room/audio/${kept.audio_id}.json`), 'utf8'))).toEqual(kept);

    // A round that came with the clip names it; a clip added later can name its round.
    const traces = await openSqliteTraceStore(dir);
    const round = await traces.beginRound({ conversation_id: 'voice-1', state_in: 'conversation', audio_id: kept.audio_id });
    await traces.finishRound(round.round_id, { status: 'ok' });
    await traces.close();
    const linked = (await cli(['audio', 'add', clip, '--round', round.round_id, ...workspace()])).json<AudioArtifact>();
    expect(linked.round_id).toBe(round.round_id);
    const shown = (await cli(['traces', 'show', round.round_id, ...workspace()])).json<{ round: { audio_id: string } }>();
    expect((await cli(['audio', 'show', shown.round.audio_id, ...workspace()])).json<AudioArtifact>()).toEqual(kept);
    expect((await cli(['audio', 'add', clip, '--round', 'no-such-round', ...workspace()])).json()).toMatchObject({ error: { code: 'trace_round_not_found' } });

    const notes = path.join(dir, '..', 'notes.wav');
    await fs.writeFile(notes, 'These are chapter notes, not a recording.');
    const refused = await cli(['audio', 'add', notes, ...workspace()]);
    expect(refused.status).toBe(1);
    expect(refused.json()).toMatchObject({ error: { code: 'audio_not_audio' } });

    const shortLived = (await cli(['audio', 'add', clip, ...workspace()], { AUDIO_RETENTION_DAYS: '0' })).json<AudioArtifact>();
    expect(shortLived.retention_ttl).toBe('P0D');
    const pinnedShortLived = (await cli(['audio', 'add', clip, ...workspace()], { AUDIO_RETENTION_DAYS: '0' })).json<AudioArtifact>();
    expect((await cli(['audio', 'pin', pinnedShortLived.audio_id, ...workspace()])).json<AudioArtifact>().pinned).toBe(true);

    const list = (await cli(['audio', 'list', ...workspace()])).json<{ clips: AudioArtifact[] }>();
    expect(list.clips.map((artifact) => artifact.audio_id).sort()).toEqual([kept.audio_id, linked.audio_id, shortLived.audio_id, pinnedShortLived.audio_id].sort());

    const dryRun = (await cli(['audio', 'prune', '--dry-run', ...workspace()])).json<AudioPruneReport>();
    expect(dryRun.removed.map((entry) => entry.audio_id)).toEqual([shortLived.audio_id]);
    expect(existsSync(path.join(dir, shortLived.path))).toBe(true);

    const pruned = (await cli(['audio', 'prune', ...workspace()])).json<AudioPruneReport>();
    expect(pruned).toMatchObject({ dry_run: false, kept_pinned: [pinnedShortLived.audio_id], kept_unexpired: 2, freed_bytes: bytes.length });
    expect(pruned.removed.map((entry) => entry.audio_id)).toEqual([shortLived.audio_id]);
    expect(existsSync(path.join(dir, shortLived.path))).toBe(false);
    expect(existsSync(path.join(dir, `.control-room/audio/${shortLived.audio_id}.json`))).toBe(false);
    expect((await cli(['audio', 'list', ...workspace()])).json<{ clips: AudioArtifact[] }>().clips).toHaveLength(3);
  }, CLI_TEST_TIMEOUT_MS);
});
