/**
 * How fast the CLI starts: `check tool-call`, `vfs tree` and `audit verify` (each loads only its
 * own command) against `node -e 0`, alternated run by run in one process so load from elsewhere
 * on the machine falls on both sides. Each run reports its own CPU (user + system, the whole
 * process from its start) through a preload, so the ratio holds on a busy machine; wall time is
 * shown beside it. Runs the built package (the CLI bundle): `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { costResult, median, type Benchmark } from './harness.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'control-room.js');
const PASSES = 8;
const TARGET_RATIO = 3;
/** Issue 16's target for each of the three commands on this machine. */
const TARGET_MS = 300;
/** Writes the process's CPU time to the file CLI_START_CPU names as the process ends. */
const PRELOAD = `data:text/javascript,${encodeURIComponent("import{writeFileSync}from'node:fs';process.on('exit',()=>{const u=process.cpuUsage();writeFileSync(process.env.CLI_START_CPU,String((u.user+u.system)/1000))})")}`;

interface Sample {
  cpuMs: number;
  wallMs: number;
}

function runOnce(args: string[], input: string, scratch: string): Sample {
  const cpuFile = path.join(scratch, 'cpu.txt');
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', PRELOAD, ...args], { input, env: { ...process.env, CLI_START_CPU: cpuFile }, encoding: 'utf8' });
  const wallMs = performance.now() - started;
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return { cpuMs: Number(readFileSync(cpuFile, 'utf8')), wallMs };
}

const benchmark: Benchmark = {
  name: 'cli-start',
  run: () => {
    if (!existsSync(path.join(ROOT, 'dist', 'cli-bundle', 'main.js'))) throw new Error('the CLI bundle is missing: run "npm run build" first.');
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'cr-bench-cli-'));
    try {
      const workspace = path.join(scratch, 'novel');
      runOnce([BIN, 'init', workspace, '--sample', '--json'], '', scratch);
      const readArgs = JSON.stringify({ path: 'Story/SCN-outline.md', start_line: 1, end_line: 5 });
      runOnce([BIN, 'tool', 'run', 'file_reader', '--args', readArgs, '--session', 'bench', '--workspace', workspace, '--json'], '', scratch);
      const reply = JSON.stringify({ tool: 'file_reader', nonce: 'n-1', args: { path: 'Story/SCN-outline.md' } });
      const commands: Array<{ name: string; args: string[]; input: string }> = [
        { name: 'check tool-call', args: [BIN, 'check', 'tool-call', '--nonce', 'n-1', '--json'], input: reply },
        { name: 'vfs tree', args: [BIN, 'vfs', 'tree', '--workspace', workspace, '--json'], input: '' },
        { name: 'audit verify', args: [BIN, 'audit', 'verify', '--workspace', workspace, '--json'], input: '' },
      ];
      const baseline: Sample[] = [];
      const ours = new Map<string, Sample[]>(commands.map((command) => [command.name, []]));
      for (let pass = 0; pass < PASSES; pass += 1) {
        for (const command of commands) {
          baseline.push(runOnce(['-e', '0'], '', scratch));
          ours.get(command.name)!.push(runOnce(command.args, command.input, scratch));
        }
      }
      const baseCpu = median(baseline.map((sample) => sample.cpuMs));
      const baseWall = median(baseline.map((sample) => sample.wallMs));
      const rows = commands.map((command) => {
        const samples = ours.get(command.name)!;
        return { name: command.name, cpu: median(samples.map((sample) => sample.cpuMs)), wall: median(samples.map((sample) => sample.wallMs)) };
      });
      const slowest = rows.reduce((worst, row) => (row.cpu > worst.cpu ? row : worst));
      const ratio = slowest.cpu / baseCpu;
      const met = (ms: number): string => (ms <= TARGET_MS ? 'met' : 'NOT met');
      return costResult(
        'cli-start',
        `check tool-call, vfs tree and audit verify on the sample workspace against node -e 0; ${PASSES} alternated runs each, medians`,
        { label: `slowest of the three (${slowest.name})`, cost: slowest.cpu, figure: `${slowest.cpu.toFixed(0)} ms CPU` },
        { label: 'node -e 0', cost: baseCpu, figure: `${baseCpu.toFixed(0)} ms CPU` },
        [
          ...rows.map((row) => `${row.name}: ${row.cpu.toFixed(0)} ms CPU, ${row.wall.toFixed(0)} ms wall (${(row.cpu / baseCpu).toFixed(2)}× node -e 0's CPU); target ≤${TARGET_MS} ms: CPU ${met(row.cpu)}, wall ${met(row.wall)}`),
          `node -e 0: ${baseCpu.toFixed(0)} ms CPU, ${baseWall.toFixed(0)} ms wall`,
          `slowest command's CPU is ${ratio.toFixed(2)}× node -e 0's (target ≤${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}); ratio here is ours / baseline, lower is better`,
          `against the ${TARGET_MS} ms target: ${rows.filter((row) => row.cpu <= TARGET_MS).length} of ${rows.length} commands within it in CPU, ${rows.filter((row) => row.wall <= TARGET_MS).length} of ${rows.length} in wall time (wall includes waiting for the CPU on a loaded machine)`,
        ],
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};

export default benchmark;
