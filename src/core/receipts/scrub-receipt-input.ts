import type { SecretScrubber } from '../secrets/index.js';
import type { RecordReceiptInput } from './build-receipt.js';
import { toJsonValue } from './receipt-output.js';
import { canonicalJson, sha256Hex } from './receipt-payload.js';

/** sha256 (hex) of the RFC 8785 canonical JSON of a tool's outputs, as a receipt would store them. */
export function outputsDigest(outputs: unknown): string {
  return sha256Hex(canonicalJson(toJsonValue(outputs ?? null)));
}

/**
 * A receipt's inputs and outputs as they may be stored: every secret replaced by its `secret_ref`
 * (free text against the named rules and the entropy check, one-token fields against the named
 * rules). When the outputs lose a secret, `outputsSha256` keeps the digest of the real ones.
 */
export async function scrubReceiptInput(input: RecordReceiptInput, scrubber: SecretScrubber): Promise<RecordReceiptInput> {
  const options = { entropy: 'free-text' } as const;
  const [inputs, outputs] = await Promise.all([scrubber.scrubValue(input.inputs, options), scrubber.scrubValue(input.outputs, options)]);
  if (inputs.refs.length === 0 && outputs.refs.length === 0) return input;
  const scrubbed: RecordReceiptInput = { ...input, inputs: inputs.value };
  if (input.outputs !== undefined) scrubbed.outputs = outputs.value;
  if (outputs.refs.length > 0 && input.outputsSha256 === undefined) scrubbed.outputsSha256 = outputsDigest(input.outputs);
  return scrubbed;
}
