import type { Command } from 'commander';
import { ControlRoomError } from '../../protocol/index.js';
import type { AudioArtifact, AudioPruneReport } from '../../protocol/audio.js';
import { openAudioLibrary } from '../../adapters/fs-audio-store/index.js';
import { requireWorkspaceRoot } from '../../adapters/fs-workspace/index.js';
import { withExistingTraceStore } from '../../adapters/sqlite-trace-store/index.js';
import { addClipFile } from '../add-clip-file.js';
import { emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

/** Refuses a round id the workspace's traces do not know. */
async function requireRound(root: string, roundId: string): Promise<void> {
  const known = await withExistingTraceStore(root, async (store) => store !== null && (await store.getRound(roundId)) !== null);
  if (!known) throw new ControlRoomError('trace_round_not_found', `No trace round ${JSON.stringify(roundId)} in ${root} to link the clip to.`);
}

function seconds(artifact: AudioArtifact): string {
  return artifact.duration_ms === null ? '?s' : `${(artifact.duration_ms / 1000).toFixed(1)}s`;
}

/** One line per clip: id, pin, format, length, expiry and linked round. */
export function describeClip(artifact: AudioArtifact): string {
  const rate = artifact.sample_rate === null ? '' : ` ${artifact.sample_rate} Hz`;
  const round = artifact.round_id === null ? '' : `  round ${artifact.round_id}`;
  return `${artifact.audio_id}  ${artifact.pinned ? 'pinned ' : 'expires ' + artifact.expires_at.slice(0, 10)}  ${artifact.codec}${rate} ${seconds(artifact)}  ${artifact.size_bytes} B${round}`;
}

function describePrune(report: AudioPruneReport): string {
  const verb = report.dry_run ? 'would remove' : 'removed';
  const lines = [`${verb} ${report.removed.length} expired clip${report.removed.length === 1 ? '' : 's'} (${report.freed_bytes} bytes); kept ${report.kept_pinned.length} pinned and ${report.kept_unexpired} unexpired`];
  for (const entry of report.removed) lines.push(`  ${entry.audio_id}  expired ${entry.expires_at}  ${entry.path}`);
  return lines.join('\n');
}

/** `control-room audio add|list|show|pin|prune` — clips uploaded with chat turns. */
export function registerAudio(program: Command, io: CliIo): void {
  const audio = program.command('audio').description('audio clips kept with chat turns: add, list, pin, prune');
  audio
    .command('add')
    .description('store a clip (WAV, Ogg/Opus, FLAC, MP3, WebM, M4A; at most 25 MiB)')
    .argument('<file>', 'the audio file')
    .option('--round <id>', 'the trace round the clip belongs to')
    .option('--pin', 'keep it past its retention')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (file: string, options: CommonOptions & { round?: string; pin?: boolean }) => {
      const root = await requireWorkspaceRoot(workspaceDir(options));
      if (options.round !== undefined) await requireRound(root, options.round);
      const artifact = await addClipFile(openAudioLibrary(root), file, { roundId: options.round ?? null, pinned: options.pin ?? false });
      emit(io, options, artifact, () => `stored ${describeClip(artifact)}\n  ${artifact.path}  sha256 ${artifact.sha256}`);
    });
  audio
    .command('list')
    .description('list stored clips, newest first')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions) => {
      const clips = await openAudioLibrary(await requireWorkspaceRoot(workspaceDir(options))).list();
      emit(io, options, { clips }, () => (clips.length === 0 ? 'no clips' : clips.map(describeClip).join('\n')));
    });
  audio
    .command('show')
    .description("print a clip's metadata")
    .argument('<audioId>', 'the clip id')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (audioId: string, options: CommonOptions) => {
      const artifact = await openAudioLibrary(await requireWorkspaceRoot(workspaceDir(options))).require(audioId);
      emit(io, options, artifact, () => JSON.stringify(artifact, null, 2));
    });
  audio
    .command('pin')
    .description('pin a clip so cleanups keep it (or unpin it with --off)')
    .argument('<audioId>', 'the clip id')
    .option('--off', 'unpin instead')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (audioId: string, options: CommonOptions & { off?: boolean }) => {
      const artifact = await openAudioLibrary(await requireWorkspaceRoot(workspaceDir(options))).pin(audioId, !options.off);
      emit(io, options, artifact, () => `${artifact.pinned ? 'pinned' : 'unpinned'} ${artifact.audio_id}`);
    });
  audio
    .command('prune')
    .description('remove clips past their retention that are not pinned')
    .option('--dry-run', 'only report what would be removed')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions & { dryRun?: boolean }) => {
      const report = await openAudioLibrary(await requireWorkspaceRoot(workspaceDir(options))).prune({ dryRun: options.dryRun ?? false });
      emit(io, options, report, () => describePrune(report));
    });
}
