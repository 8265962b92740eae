/** A span of text that holds a secret, as a rule set found it. */
export interface SecretHit {
  /** Start and end offsets (UTF-16 code units, end exclusive) in the scanned text. */
  start: number;
  end: number;
  /** The rule that matched, e.g. `@secretlint/secretlint-rule-github` or `entropy`. */
  rule: string;
}

/** A maintained secret rule set (secretlint's recommended preset in production). */
export interface SecretScanner {
  scan(text: string): Promise<SecretHit[]>;
}

/**
 * Holds raw secret values in process memory only, keyed by their `secret_ref` id, so a turn can
 * still use a credential the writer pasted without it ever being written anywhere.
 */
export interface SecretVault {
  /** Stores a raw value and returns its stable id (the same value always gets the same id). */
  put(value: string, rule: string): string;
  /** The raw value of an id, or undefined. */
  reveal(id: string): string | undefined;
  /** Number of secrets held. */
  size(): number;
}
