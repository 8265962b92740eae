/** Time, behind a port so tests and replays are deterministic. */
export interface Clock {
  /** Milliseconds since the epoch. */
  nowMs(): number;
  /** ISO-8601 timestamp of now. */
  nowIso(): string;
}
