import type { TracedRound } from '../../protocol/index.js';
import type { SecretScrubber } from '../secrets/index.js';

/**
 * A round with every event payload scrubbed again before its content leaves the machine: rounds
 * are stored scrubbed, but a round written by an older build, or a secret the rules learned since,
 * is caught here too.
 */
export async function scrubRound(traced: TracedRound, scrubber: SecretScrubber): Promise<TracedRound> {
  const { value } = await scrubber.scrubValue(traced.events.map((event) => event.payload));
  return { round: traced.round, events: traced.events.map((event, index) => ({ ...event, payload: value[index] ?? {} })) };
}
