import type { Command } from 'commander';
import { initWorkspace } from '../../adapters/fs-workspace/index.js';
import { startAuditSeal } from '../../adapters/jsonl-audit-log/index.js';
import { emit, type CliIo, type CommonOptions } from '../io.js';

/** `control-room init [dir] [--sample]` */
export function registerInit(program: Command, io: CliIo): void {
  program
    .command('init')
    .description('create a workspace folder (with --sample: the bundled sample novel) and its audit signing key')
    .argument('[dir]', 'folder to create or complete', '.')
    .option('--sample', 'copy the sample manuscript into the new workspace')
    .option('--workspace <dir>', 'ignored: init takes the folder as its argument')
    .option('--json', 'print JSON')
    .action(async (dir: string, options: CommonOptions & { sample?: boolean }) => {
      const workspace = await initWorkspace(dir, { sample: options.sample ?? false });
      // The key exists from the start, so its fingerprint can be written down before anything is signed.
      const seal = await startAuditSeal(workspace.root);
      for (const warning of seal.warnings) io.stderr(`warning: ${warning}\n`);
      const result = {
        ...workspace,
        created: [...workspace.created, ...seal.created],
        auditKey: { algorithm: seal.key.algorithm, fingerprint: seal.key.fingerprint, fingerprintGrouped: seal.key.fingerprintGrouped },
      };
      emit(io, options, result, () =>
        [
          `Workspace ready at ${result.root}${result.sample ? ' (sample manuscript)' : ''}`,
          ...result.created.map((item) => `  created ${item}`),
          ...result.kept.map((item) => `  kept    ${item} (already there)`),
          '',
          `Audit signing key (Ed25519) fingerprint: ${seal.key.fingerprint}`,
          `  in groups, to read aloud: ${seal.key.fingerprintGrouped}`,
          'Write it down or keep a copy of .control-room/audit/ed25519.pub elsewhere: "control-room audit verify --pubkey <fingerprint>"',
          'then proves the audit log was not re-signed with other keys.',
        ].join('\n'),
      );
    });
}
