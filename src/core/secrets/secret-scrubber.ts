import type { SecretHit, SecretScanner, SecretVault } from '../ports/index.js';
import { findHighEntropyTokens } from './find-high-entropy.js';

/** The token that replaces a secret in anything stored or sent to a model. */
export const SECRET_REF_PREFIX = 'secret_ref:';

export interface ScrubResult {
  text: string;
  /** Ids of the secrets replaced (in order of appearance). */
  refs: string[];
}

/** A replaced secret as it appears in text: the prefix and a vault id of exactly 16 characters. */
const SECRET_REF_TOKEN = /secret_ref:[A-Za-z0-9_-]{16}(?![A-Za-z0-9_-])/g;

/** How many characters of known-clean text the scrubber remembers (about 8 MB of strings). */
const CLEAN_MEMO_CHARS = 4_000_000;

/** How a scrub is done: values never to flag, and whether unlabelled random tokens count. */
export interface ScrubOptions {
  /** Exact values never to replace, such as the turn's nonce. */
  allow?: ReadonlySet<string>;
  /**
   * The entropy check (random-looking tokens no named rule knows): on for every text by default;
   * `free-text` keeps it for texts with spaces only, so a stored field that is one token — an id,
   * a token the product minted, encoded bytes — is checked against the named rules alone.
   */
  entropy?: 'all' | 'free-text' | 'off';
}

function mergeHits(hits: SecretHit[]): SecretHit[] {
  const sorted = [...hits].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretHit[] = [];
  for (const hit of sorted) {
    const last = merged[merged.length - 1];
    if (last && hit.start < last.end) last.end = Math.max(last.end, hit.end);
    else merged.push({ ...hit });
  }
  return merged;
}

/**
 * The hits minus the `secret_ref:` tokens already in the text: a ref stays as it is, so scrubbing
 * twice changes nothing more, while anything glued to a ref is still judged on its own.
 */
function withoutRefs(hits: SecretHit[], text: string): SecretHit[] {
  const refs = [...text.matchAll(SECRET_REF_TOKEN)].map((match) => ({ start: match.index ?? 0, end: (match.index ?? 0) + match[0].length }));
  if (refs.length === 0) return hits;
  const kept: SecretHit[] = [];
  for (const hit of hits) {
    let start = hit.start;
    for (const ref of refs) {
      if (ref.end <= start || ref.start >= hit.end) continue;
      if (ref.start > start) kept.push({ ...hit, start, end: ref.start });
      start = Math.max(start, ref.end);
    }
    if (start < hit.end) kept.push({ ...hit, start });
  }
  return kept;
}

/**
 * Replaces every secret in text with `secret_ref:<id>`, keeping the raw value only in the vault.
 * Used on user input, prompts, model output, tool output, traces and memory before they are
 * stored or sent anywhere.
 */
export class SecretScrubber {
  /**
   * Texts found clean before, oldest first. The same texts pass again and again (system prompts,
   * tool results shown to six agents, trace payloads); a text's verdict depends only on the text
   * and the allow list, so a clean one is remembered under both and not scanned twice.
   */
  private readonly clean = new Map<string, number>();
  private cleanChars = 0;

  constructor(
    private readonly scanner: SecretScanner,
    private readonly vault: SecretVault,
  ) {}

  async scrub(text: string, options: ScrubOptions = {}): Promise<ScrubResult> {
    if (text === '') return { text, refs: [] };
    const entropy = options.entropy === 'off' || (options.entropy === 'free-text' && !/\s/.test(text)) ? '-' : '+';
    // The allow list is length-prefixed, so no text can forge another entry's key.
    const allowed = options.allow !== undefined && options.allow.size > 0 ? JSON.stringify([...options.allow].sort()) : '';
    const memoKey = `${entropy}${allowed.length}:${allowed}${text}`;
    if (this.clean.has(memoKey)) return { text, refs: [] };
    const hits: SecretHit[] = entropy === '+' ? findHighEntropyTokens(text, options.allow) : [];
    hits.push(...(await this.scanner.scan(text)));
    if (hits.length === 0) {
      this.remember(memoKey);
      return { text, refs: [] };
    }
    const refs: string[] = [];
    let output = '';
    let cursor = 0;
    for (const hit of withoutRefs(mergeHits(hits), text)) {
      const value = text.slice(hit.start, hit.end);
      if (options.allow?.has(value) ?? false) continue;
      const id = this.vault.put(value, hit.rule);
      refs.push(id);
      output += `${text.slice(cursor, hit.start)}${SECRET_REF_PREFIX}${id}`;
      cursor = hit.end;
    }
    return { text: output + text.slice(cursor), refs };
  }

  private remember(key: string): void {
    if (key.length > CLEAN_MEMO_CHARS / 16) return;
    this.clean.set(key, key.length);
    this.cleanChars += key.length;
    for (const [oldest, length] of this.clean) {
      if (this.cleanChars <= CLEAN_MEMO_CHARS) break;
      this.clean.delete(oldest);
      this.cleanChars -= length;
    }
  }

  /** Scrubs every string inside a JSON-like value (objects, arrays), returning a new value. */
  async scrubValue<T>(value: T, options: ScrubOptions = {}): Promise<{ value: T; refs: string[] }> {
    const refs: string[] = [];
    const visit = async (node: unknown): Promise<unknown> => {
      if (typeof node === 'string') {
        const result = await this.scrub(node, options);
        refs.push(...result.refs);
        return result.text;
      }
      if (Array.isArray(node)) return Promise.all(node.map(visit));
      if (node !== null && typeof node === 'object') {
        const entries = await Promise.all(Object.entries(node).map(async ([key, child]) => [key, await visit(child)] as const));
        return Object.fromEntries(entries);
      }
      return node;
    };
    return { value: (await visit(value)) as T, refs };
  }
}
