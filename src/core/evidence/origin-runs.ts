/**
 * The map from folded characters back to the original text, kept as runs. Folding leaves most
 * characters where they were relative to their neighbours (folded char i+1 comes from original
 * offset origin(i) + 1), so the map is stored only where that breaks: at a collapsed run of
 * whitespace, a dropped `*`, an expanded `…`. A manuscript-wide quote index holds one map per
 * file; as runs it costs a few bytes per break instead of four bytes per character.
 */
export class OriginRuns {
  /** Folded index where each run starts (the first is 0). */
  private readonly starts: Uint32Array;
  /** Original offset of the first character of each run. */
  private readonly offsets: Uint32Array;
  /** How many entries the full map has: the folded text's length plus one. */
  readonly length: number;

  /** `origin[i]` is the original offset of folded char i, as `foldText` returns it. */
  constructor(origin: Uint32Array) {
    this.length = origin.length;
    let runs = origin.length === 0 ? 0 : 1;
    for (let index = 1; index < origin.length; index += 1) if (origin[index] !== origin[index - 1]! + 1) runs += 1;
    this.starts = new Uint32Array(runs);
    this.offsets = new Uint32Array(runs);
    let run = 0;
    for (let index = 0; index < origin.length; index += 1) {
      if (index === 0 || origin[index] !== origin[index - 1]! + 1) {
        this.starts[run] = index;
        this.offsets[run] = origin[index]!;
        run += 1;
      }
    }
  }

  /** The original offset of folded char `index` (`undefined` outside the map, as an array would say). */
  at(index: number): number | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return this.offsets[low]! + (index - this.starts[low]!);
  }

  /** How many runs are stored (for tests and measurements). */
  get runCount(): number {
    return this.starts.length;
  }
}
