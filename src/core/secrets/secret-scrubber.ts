import type { SecretHit, SecretScanner, SecretVault } from '../ports/index.js';
import { findHighEntropyTokens } from './find-high-entropy.js';

/** The token that replaces a secret in anything stored or sent to a model. */
export const SECRET_REF_PREFIX = 'secret_ref:';

export interface ScrubResult {
  text: string;
  /** Ids of the secrets replaced (in order of appearance). */
  refs: string[];
}

/**
 * Cheap signals that a named rule might match. Text with none of them and no high-entropy token
 * skips the full rule set, which keeps scrubbing off the hot path for ordinary prose.
 */
const RULE_TRIGGERS =
  /AKIA|ASIA|aws|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|-----BEGIN|PRIVATE KEY|sk-|xox[abposr]-|hooks\.slack|SG\.|AIza|hf_|npm_|dapi|hvs\.|lin_api|ntn_|secret_|shpat_|shpss_|figd_|gsk_|vercel|:\/\/[^\s/]*:[^\s/]*@|password|passwd|token|api[_-]?key|bearer/i;
/** How many characters of known-clean text the scrubber remembers (about 8 MB of strings). */
const CLEAN_MEMO_CHARS = 4_000_000;
/** AWS access key ids, which the preset reports only next to their secret. */
const AWS_ACCESS_KEY_ID = /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}\b/g;

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

  async scrub(text: string, options: { allow?: ReadonlySet<string> } = {}): Promise<ScrubResult> {
    if (text === '') return { text, refs: [] };
    // The allow list is length-prefixed, so no text can forge another entry's key.
    const allowed = options.allow !== undefined && options.allow.size > 0 ? JSON.stringify([...options.allow].sort()) : '';
    const memoKey = `${allowed.length}:${allowed}${text}`;
    if (this.clean.has(memoKey)) return { text, refs: [] };
    const hits: SecretHit[] = findHighEntropyTokens(text, options.allow);
    for (const match of text.matchAll(AWS_ACCESS_KEY_ID)) {
      hits.push({ start: match.index ?? 0, end: (match.index ?? 0) + match[0].length, rule: 'aws-access-key-id' });
    }
    if (RULE_TRIGGERS.test(text)) hits.push(...(await this.scanner.scan(text)));
    if (hits.length === 0) {
      this.remember(memoKey);
      return { text, refs: [] };
    }
    const refs: string[] = [];
    let output = '';
    let cursor = 0;
    for (const hit of mergeHits(hits)) {
      const value = text.slice(hit.start, hit.end);
      if (value.startsWith(SECRET_REF_PREFIX) || (options.allow?.has(value) ?? false)) continue;
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
  async scrubValue<T>(value: T, options: { allow?: ReadonlySet<string> } = {}): Promise<{ value: T; refs: string[] }> {
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
