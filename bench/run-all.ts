/**
 * `npm run bench`: runs every `bench/*.bench.ts`, prints a table and writes bench/REPORT.md.
 * Pass names to run only some: `npm run bench -- parse-tool-call`.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';
import type { Benchmark, BenchMeasure, BenchResult } from './harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

const format = (value: number): string => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(2));
const figure = (measure: BenchMeasure): string => measure.figure ?? `${format(measure.opsPerSecond)}/s`;
// Ratios near 1 (costs against a target such as ≤1.0× or within 10%) need two decimals to be read.
const ratio = (row: BenchResult): string => row.ratio.toFixed(row.ratio < 10 ? 2 : 1);
const results: BenchResult[] = [];
for (const file of files) {
  const module = (await import(pathToFileURL(path.join(here, file)).href)) as { default: Benchmark };
  process.stdout.write(`running ${module.default.name} …\n`);
  const outcome = await module.default.run();
  for (const row of Array.isArray(outcome) ? outcome : [outcome]) {
    results.push(row);
    process.stdout.write(`  ${row.name}: ${row.ours.label}: ${figure(row.ours)}   ${row.baseline.label}: ${figure(row.baseline)}   ratio ${ratio(row)}×\n`);
    for (const note of row.notes ?? []) process.stdout.write(`  - ${note}\n`);
  }
}

if (only.length === 0) {
  const lines = [
    '# Benchmark report',
    '',
    `Produced by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cores, Node ${process.version}).`,
    'Each row measures our code and its baseline on the same input in the same run; the ratio is what matters.',
    '',
    '| benchmark | input | ours | baseline | ratio |',
    '|---|---|---|---|---|',
    ...results.map(
      (row) =>
        `| ${row.name} | ${row.input} | ${row.ours.label}: ${figure(row.ours)} | ${row.baseline.label}: ${figure(row.baseline)} | ${ratio(row)}× |`,
    ),
    '',
    ...results.flatMap((row) => (row.notes?.length ? [`**${row.name}**`, '', ...row.notes.map((note) => `- ${note}`), ''] : [])),
  ];
  writeFileSync(path.join(here, 'REPORT.md'), `${lines.join('\n')}\n`);
  process.stdout.write('wrote bench/REPORT.md\n');
}
