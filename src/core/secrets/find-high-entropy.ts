import type { SecretHit } from '../ports/index.js';

/** Tokens shorter than this are never judged by entropy (nonces and short ids are safe). */
const MIN_LENGTH = 24;
/** Bits per character above which a token looks random (English words sit near 3, base64 keys near 5). */
const MIN_BITS_PER_CHAR = 4.2;
const CANDIDATE = /[A-Za-z0-9+/_=.-]{24,}/g;
/** Our own identifiers and hashes are not secrets. */
const SAFE_SHAPES = [
  /^rcpt_[A-Za-z0-9_-]+$/,
  /^secret_ref:/,
  /^[0-9a-f]+$/i,
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /^[A-Za-z]+(?:[-_./][A-Za-z]+)*$/,
  /^(?:Story|Compendium)\//,
];

/** Shannon entropy of a string, in bits per character. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

function mixesCharacterClasses(token: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((pattern) => pattern.test(token)).length;
  return classes >= 2 && /[0-9]/.test(token);
}

/**
 * Finds tokens that look like random credentials (long, mixed letters and digits, high entropy)
 * that no named rule knows. `allow` lists exact values never to flag, such as the turn's nonce.
 */
export function findHighEntropyTokens(text: string, allow: ReadonlySet<string> = new Set()): SecretHit[] {
  const hits: SecretHit[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const token = match[0].replace(/[.=-]+$/, '');
    if (token.length < MIN_LENGTH || allow.has(token)) continue;
    if (SAFE_SHAPES.some((shape) => shape.test(token)) || !mixesCharacterClasses(token)) continue;
    if (shannonEntropy(token) < MIN_BITS_PER_CHAR) continue;
    const start = match.index ?? 0;
    hits.push({ start, end: start + token.length, rule: 'entropy' });
  }
  return hits;
}
