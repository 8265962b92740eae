/** Identifier minting, behind a port so tests can make ids predictable. */
export interface Ids {
  /** A new UUIDv7 (time-ordered). */
  uuidv7(): string;
  /** A fresh unguessable token for a turn's tool-call nonce. */
  nonce(): string;
}
