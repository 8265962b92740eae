import type { SecretHit } from '../ports/index.js';

/** Tokens shorter than this are never judged by entropy (nonces and short ids are safe). */
const MIN_LENGTH = 24;
/** Bits per character above which a token looks random (English words sit near 3, base64 keys near 5). */
const MIN_BITS_PER_CHAR = 4.2;
const CANDIDATE = /[A-Za-z0-9+/_=.-]{24,}/g;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Our own identifiers, hashes and everyday shapes of prose are not secrets. */
const SAFE_SHAPES = [
  /^rcpt_[A-Za-z0-9_-]+$/,
  /^secret_ref:/,
  /^[0-9a-f]+$/i,
  new RegExp(`^${UUID}$`, 'i'),
  // Ids the product mints and writers use in notes: `task_<uuid>`, `conf-<uuid>`, `scene.<uuid>`.
  new RegExp(`^[A-Za-z][A-Za-z0-9]*[-_.]${UUID}$`, 'i'),
  // ULIDs (Crockford base32, 26 characters, time first).
  /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/,
  /^[A-Za-z]+(?:[-_./][A-Za-z]+)*$/,
  // Slugs and version-like names: words and numbers between separators (`chapter-12-the-harbour-v3`).
  /^(?:[A-Za-z]+|\d+)(?:[-_.](?:[A-Za-z]+|\d+))+$/,
  /^(?:Story|Compendium)\//,
];
/** Digests written in base64 (`sha256-…` integrity strings, `checksum: …`) are not secrets. */
const DIGEST_PREFIX = /^(?:sha(?:1|224|256|384|512)|md5|blake2b?|blake3)[-_:=]/i;
const DIGEST_LABEL = /(?:sha(?:1|224|256|384|512)|md5|blake2b?|blake3|digest|checksum|hash|fingerprint|etag|integrity)["']?\s*[:=]?\s*["']?$/i;
/** A token that continues a URL (`https://host/path…`): judged segment by segment. */
const URL_LEAD = /(?:[a-z][a-z0-9+.-]*:|\bwww\.)$/i;
/** One step of a file path: words and numbers between separators (`exports`, `chapter-12-v3.pdf`). */
const PATH_STEP = /^(?:[A-Za-z]+|\d+)(?:[-_.](?:[A-Za-z]+|\d+))*$/;

/** `home/mara/novels/draft-3.md`: every step a word or a number. A key with slashes mixes them within a step. */
function isFilePath(token: string): boolean {
  const steps = token.split('/').filter((step) => step !== '');
  return steps.length >= 2 && steps.every((step) => PATH_STEP.test(step));
}

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
 * A made-up sample: "aBcDeFgHiJ1234567890abcdef" is varied enough to pass for random, but a
 * third of its neighbouring characters run on in order (a→b, 1→2), which random keys almost
 * never do (about one pair in thirty).
 */
function isRunOfSequences(token: string): boolean {
  const folded = token.toLowerCase();
  let runs = 0;
  for (let index = 1; index < folded.length; index += 1) if (folded.charCodeAt(index) === folded.charCodeAt(index - 1) + 1) runs += 1;
  return runs / (folded.length - 1) >= 0.3;
}

/** Base64 that decodes to words and spaces (or to "abcdef…") is an encoded sample, not key material. */
function encodesProse(token: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token) || token.length % 4 === 1) return false;
  let decoded: string;
  try {
    decoded = atob(token.padEnd(Math.ceil(token.length / 4) * 4, '='));
  } catch {
    return false;
  }
  if (!/^[\x20-\x7e]*$/.test(decoded)) return false;
  const spaces = decoded.split(' ').length - 1;
  const letters = decoded.replace(/[^A-Za-z]/g, '').length;
  return (spaces >= 2 && letters >= decoded.length * 0.6) || isRunOfSequences(decoded);
}

function looksRandom(token: string, before: string): boolean {
  if (token.length < MIN_LENGTH) return false;
  if (SAFE_SHAPES.some((shape) => shape.test(token)) || isFilePath(token) || !mixesCharacterClasses(token)) return false;
  if (DIGEST_PREFIX.test(token) || DIGEST_LABEL.test(before)) return false;
  return shannonEntropy(token) >= MIN_BITS_PER_CHAR && !isRunOfSequences(token) && !encodesProse(token);
}

/**
 * The parts of a candidate to judge: the whole token, or — for the rest of a URL — each host label
 * and path segment, so a long address is not taken for a key while a key inside one still is.
 */
function partsOf(text: string, start: number, token: string): Array<{ start: number; token: string }> {
  if (!token.startsWith('//') && !URL_LEAD.test(text.slice(Math.max(0, start - 12), start))) return [{ start, token }];
  const parts: Array<{ start: number; token: string }> = [];
  for (const part of token.matchAll(/[^/.]+/g)) parts.push({ start: start + (part.index ?? 0), token: part[0] });
  return parts;
}

/**
 * Finds tokens that look like random credentials (long, mixed letters and digits, high entropy)
 * that no named rule knows. `allow` lists exact values never to flag, such as the turn's nonce.
 */
export function findHighEntropyTokens(text: string, allow: ReadonlySet<string> = new Set()): SecretHit[] {
  const hits: SecretHit[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const whole = match[0].replace(/[.=-]+$/, '');
    for (const { start, token } of partsOf(text, match.index ?? 0, whole)) {
      if (allow.has(token) || !looksRandom(token, text.slice(Math.max(0, start - 16), start))) continue;
      hits.push({ start, end: start + token.length, rule: 'entropy' });
    }
  }
  return hits;
}
