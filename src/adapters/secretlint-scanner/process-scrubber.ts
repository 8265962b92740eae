import { MemorySecretVault, SecretScrubber } from '../../core/secrets/index.js';
import { SecretlintScanner } from './secretlint-scanner.js';

let shared: SecretScrubber | undefined;

/**
 * The process's one secret scrubber: secretlint's rules, our patterns and the entropy check, with
 * one in-memory vault, so a secret gets the same `secret_ref` wherever it turns up. The workspace
 * stores, the app-data files and every model request of the process use it.
 */
export function processScrubber(): SecretScrubber {
  shared ??= new SecretScrubber(new SecretlintScanner(), new MemorySecretVault());
  return shared;
}
