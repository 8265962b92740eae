import path from 'node:path';
import type { Command } from 'commander';
import type { ImportProgress, ImportReport } from '../../protocol/imports.js';
import { importBook } from '../../adapters/import-sources/index.js';
import { startAuditSeal } from '../../adapters/jsonl-audit-log/index.js';
import { emit, type CliIo, type CommonOptions } from '../io.js';

/** `Book.docx` → `Book-workspace`, beside where the command runs. */
function defaultWorkspace(source: string): string {
  const name = path.basename(path.resolve(source)).replace(/\.(?:docx|scriv|scrivx)$/i, '');
  return path.resolve(`${name}-workspace`);
}

/** The report as a person reads it: what went where, grouped by kind, then what was skipped. */
export function describeImport(report: ImportReport): string {
  const lines = [`Imported ${report.source} (${report.format}) into ${report.workspace}`];
  const kinds = ['chapter', 'outline', 'character', 'place', 'lore'] as const;
  for (const kind of kinds) {
    const items = report.items.filter((item) => item.kind === kind);
    if (items.length === 0) continue;
    lines.push('', `${kind === 'lore' ? 'Lore and notes' : `${kind[0]!.toUpperCase()}${kind.slice(1)}s`} (${items.length}):`);
    for (const item of items) lines.push(`  ${item.action.padEnd(9)} ${item.path}  ← ${item.origin}  (${item.reason})`);
  }
  if (report.skipped.length > 0) {
    lines.push('', `Skipped (${report.skipped.length}):`);
    for (const item of report.skipped) lines.push(`  ${item.origin}: ${item.reason}`);
  }
  return lines.join('\n');
}

/** `control-room import <source> [dir]` */
export function registerImport(program: Command, io: CliIo): void {
  program
    .command('import')
    .description('make a workspace from a writer\'s book: a folder of Markdown or text files in any layout, a .docx or a Scrivener project (.scriv); importing again updates it')
    .argument('<source>', 'the folder, .docx or .scriv to import (it is only read)')
    .argument('[dir]', 'the workspace folder (default: <source name>-workspace here)')
    .option('--workspace <dir>', 'the workspace folder, instead of [dir]')
    .option('--json', 'print JSON')
    .action(async (source: string, dir: string | undefined, options: CommonOptions) => {
      const workspace = dir ?? options.workspace ?? defaultWorkspace(source);
      let lastShown = '';
      const onProgress = (progress: ImportProgress): void => {
        if (progress.current === null) return;
        const line = `[${progress.phase} ${progress.done + 1}/${progress.total}] ${progress.current}`;
        if (line !== lastShown) io.stderr(`${line}\n`);
        lastShown = line;
      };
      const report = await importBook({ source, workspace, onProgress });
      const seal = await startAuditSeal(report.workspace);
      for (const warning of seal.warnings) io.stderr(`warning: ${warning}\n`);
      emit(io, options, report, () => describeImport(report));
    });
}
