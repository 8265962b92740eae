/**
 * A tiny benchmark harness: every benchmark measures our code and a baseline on the same input in
 * the same run and reports the ratio. Absolute figures are printed for context, never asserted.
 */
export interface BenchMeasure {
  /** What was measured, e.g. "parse+validate". */
  label: string;
  /** Operations per second. */
  opsPerSecond: number;
  /** How the figure reads in the report when "per second" says less (e.g. "3.10 ms"). */
  figure?: string;
}

export interface BenchResult {
  name: string;
  /** The input, in words a reader understands ("12,000 tool calls from the corpus"). */
  input: string;
  ours: BenchMeasure;
  baseline: BenchMeasure;
  /** ours / baseline (higher is better for us). */
  ratio: number;
  /** Targets from the issues, stated as text with whether they were met on this machine. */
  notes?: string[];
}

export interface Benchmark {
  name: string;
  run: () => Promise<BenchResult> | BenchResult;
}

/** Runs `fn` repeatedly for about `ms` milliseconds (after a warm-up) and returns operations per second. */
export function measure(fn: () => unknown, options: { ms?: number; opsPerCall?: number } = {}): number {
  const budget = options.ms ?? 1000;
  const opsPerCall = options.opsPerCall ?? 1;
  const warmUntil = performance.now() + Math.min(200, budget / 4);
  while (performance.now() < warmUntil) fn();
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < budget) {
    for (let i = 0; i < 16; i += 1) fn();
    calls += 16;
    now = performance.now();
  }
  return (calls * opsPerCall * 1000) / (now - start);
}

/** Async variant of `measure`. */
export async function measureAsync(fn: () => Promise<unknown>, options: { ms?: number; opsPerCall?: number } = {}): Promise<number> {
  const budget = options.ms ?? 1000;
  const opsPerCall = options.opsPerCall ?? 1;
  const warmUntil = performance.now() + Math.min(200, budget / 4);
  while (performance.now() < warmUntil) await fn();
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < budget) {
    await fn();
    calls += 1;
    now = performance.now();
  }
  return (calls * opsPerCall * 1000) / (now - start);
}

export function result(name: string, input: string, ours: BenchMeasure, baseline: BenchMeasure, notes?: string[]): BenchResult {
  return { name, input, ours, baseline, ratio: ours.opsPerSecond / baseline.opsPerSecond, ...(notes ? { notes } : {}) };
}

/**
 * CPU time of this process (user + system, all its threads) and wall time per run, in
 * milliseconds, over `runs` runs made one after another.
 */
export async function perRun(runs: number, run: (index: number) => Promise<unknown>): Promise<{ cpuMs: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let index = 0; index < runs; index += 1) await run(index);
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000 / runs, wallMs: (performance.now() - start) / runs };
}
