import { ProseAnalyzerArgsSchema, type ProseAnalyzerArgs } from '../../protocol/index.js';
import { sha256Hex } from '../manuscript/index.js';
import { analyzeProse } from '../prose/index.js';
import { requireVfsPath } from '../vfs/index.js';
import { withDryRun } from './dry-run.js';
import type { ToolDefinition } from './tool-definition.js';

const FOCUS_SECTIONS = {
  all: 'pacing, voice and rhythm',
  pacing: 'pacing',
  voice: 'voice',
  rhythm: 'rhythm',
} as const;

/**
 * `prose_analyzer`: measured prose metrics of one scene, so line-editing claims rest on counts
 * rather than impressions. Reads the scene once through the Workspace port.
 */
export const proseAnalyzerTool: ToolDefinition<ProseAnalyzerArgs> = withDryRun<ProseAnalyzerArgs>({
  id: 'prose_analyzer',
  summary: 'Prose measures of one scene: sentence lengths, dialogue, repetitions, adverbs, POV, readability.',
  description:
    'Measure the prose of one scene: sentence and paragraph lengths (with the longest sentence and its line), dialogue ratio, ' +
    'quoted passages and speaker tags ("said Mara"), content words repeated close together, -ly adverbs, point-of-view ' +
    'signals and Flesch readability. focus adds pacing (sentence length through the scene), voice (pronouns and speech ' +
    'profile) or rhythm (sentence-length alternation and runs of similar length); "all" (the default) adds all three. ' +
    'Front matter is skipped; every line number is a line of the file.',
  schema: ProseAnalyzerArgsSchema,
  example: { scene_path: 'Story/Scenes/SCN-01-the-lamp-room.md', focus: 'all' },
  describeDryRun: (args) => {
    const path = requireVfsPath(args.scene_path);
    return `read ${path} and measure sentences, paragraphs, dialogue, repeated words, adverbs, point of view and readability, plus ${FOCUS_SECTIONS[args.focus ?? 'all']}`;
  },
  async run(args, context) {
    const path = requireVfsPath(args.scene_path);
    context.signal?.throwIfAborted();
    const read = await context.workspace.read(path);
    const report = await analyzeProse(read.content, { focus: args.focus ?? 'all' });
    // The excerpt is the whole file as read (lines joined with \n), so the receipt hash can be re-checked.
    const fileRef = {
      path: read.path,
      start_line: read.startLine,
      end_line: read.endLine,
      sha256: sha256Hex(read.content),
    };
    return { result: { scene_path: read.path, ...report }, fileRefs: [fileRef] };
  },
});
