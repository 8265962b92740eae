import type { Command } from 'commander';
import { DEFAULT_FEATURE_FLAGS, FEATURE_FLAGS_FILE, featureFlagEnvName, FeatureFlagsSchema, type FeatureFlagName } from '../../protocol/index.js';
import { loadFeatureFlags, requireWorkspaceRoot } from '../../adapters/fs-workspace/index.js';
import { emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

/** `control-room flags` — the feature flags in force, where each value came from and how to change it. */
export function registerFlags(program: Command, io: CliIo): void {
  program
    .command('flags')
    .description(`the feature flags in force (set them in ${FEATURE_FLAGS_FILE} or with CONTROL_ROOM_FLAG_<NAME>)`)
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions) => {
      const resolved = await loadFeatureFlags(await requireWorkspaceRoot(workspaceDir(options)), process.env);
      const names = Object.keys(DEFAULT_FEATURE_FLAGS) as FeatureFlagName[];
      emit(io, options, { file: FEATURE_FLAGS_FILE, ...resolved }, () =>
        names
          .map((name) => `${name} = ${String(resolved.flags[name])}  (${resolved.sources[name]}; ${featureFlagEnvName(name)})\n  ${FeatureFlagsSchema.shape[name].description ?? ''}`)
          .join('\n'),
      );
    });
}
