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
  /**
   * ours / baseline. Rows made with `result` compare rates (higher is better for us); rows made
   * with `costResult` compare costs such as CPU per turn (lower is better), and say so in a note.
   */
  ratio: number;
  /** Targets from the issues, stated as text with whether they were met on this machine. */
  notes?: string[];
}

export interface Benchmark {
  name: string;
  /** One row of the report, or several when one set-up measures more than one thing. */
  run: () => Promise<BenchResult | BenchResult[]> | BenchResult | BenchResult[];
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

/** A cost of ours against a baseline's (ms of CPU, say): the ratio is ours / baseline, lower is better. */
export interface BenchCost {
  label: string;
  /** The cost in the unit the figure states. */
  cost: number;
  figure: string;
}

export function costResult(name: string, input: string, ours: BenchCost, baseline: BenchCost, notes?: string[]): BenchResult {
  const measure = (side: BenchCost): BenchMeasure => ({ label: side.label, opsPerSecond: 1000 / side.cost, figure: side.figure });
  return { name, input, ours: measure(ours), baseline: measure(baseline), ratio: ours.cost / baseline.cost, ...(notes ? { notes } : {}) };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
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

/** CPU time of this process (user + system) while `run` ran once, in milliseconds. */
export async function cpuOf(run: () => Promise<unknown>): Promise<number> {
  const cpu = process.cpuUsage();
  await run();
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000;
}

export interface Growth {
  /** Median CPU of the early runs, of the late runs and (when measured) of the first runs, in ms. */
  earlyMs: number;
  lateMs: number;
  firstMs?: number;
  /** lateMs / earlyMs. */
  ratio: number;
  /** The median of each round's late / early: runs next to each other in time share the load. */
  pairedRatio: number;
  /** The same ratio over the first and over the second half of the rounds: how steady it is. */
  halves: [number, number];
}

type Run = (index: number) => Promise<unknown>;

/**
 * Early runs (the second turn of a new session, say) against late runs (one that already holds a
 * long history), and optionally first runs (which pay for setting a session up), alternated round
 * by round with the order rotated every round, so load from elsewhere on the machine and anything
 * a run leaves for the next fall on every side alike; medians, so a stray slow run moves none.
 */
export async function measureGrowth(rounds: number, runs: { early: Run; late: Run; first?: Run }): Promise<Growth> {
  const sides = [runs.early, runs.late, ...(runs.first ? [runs.first] : [])];
  const samples = sides.map((): number[] => []);
  for (let index = 0; index < rounds; index += 1) {
    for (let step = 0; step < sides.length; step += 1) {
      const side = (index + step) % sides.length;
      samples[side]!.push(await cpuOf(() => sides[side]!(index)));
    }
  }
  const [early, late, first] = samples as [number[], number[], number[] | undefined];
  const half = Math.floor(rounds / 2);
  const ratioOf = (from: number, to: number): number => median(late.slice(from, to)) / median(early.slice(from, to));
  return {
    earlyMs: median(early),
    lateMs: median(late),
    ...(first ? { firstMs: median(first) } : {}),
    ratio: median(late) / median(early),
    pairedRatio: median(late.map((ms, index) => ms / early[index]!)),
    halves: [ratioOf(0, half), ratioOf(half, rounds)],
  };
}
