import type { SecretHit, SecretScanner, SecretVault } from '../ports/index.js';
import { findHighEntropyTokens } from './find-high-entropy.js';
import { templateOf } from './text-template.js';

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

/** How strict a scan was: the entropy check on every text, on texts with spaces, or off. */
type Strictness = 0 | 1 | 2;

/** What a clean text is known clean under: the strictest scan it passed, and the allow list it needed ('' for none). */
interface CleanVerdict {
  strictness: Strictness;
  allowKey: string;
}

function strictnessOf(options: ScrubOptions): Strictness {
  return options.entropy === 'off' ? 0 : options.entropy === 'free-text' ? 1 : 2;
}

const allowKeys = new WeakMap<ReadonlySet<string>, string>();

/** A stable key for an allow list (the same values give the same key, whatever their order). */
function allowKeyOf(allow: ReadonlySet<string> | undefined): string {
  if (allow === undefined || allow.size === 0) return '';
  let key = allowKeys.get(allow);
  if (key === undefined) allowKeys.set(allow, (key = JSON.stringify([...allow].sort())));
  return key;
}

/** What a clean template is known clean under: the strictest scan, and whether its text had no hit at all. */
interface TemplateVerdict {
  strictness: Strictness;
  hitFree: boolean;
}

/**
 * Replaces every secret in text with `secret_ref:<id>`, keeping the raw value only in the vault.
 * Used on user input, prompts, model output, tool output, traces and memory before they are
 * stored or sent anywhere.
 */
export class SecretScrubber {
  /**
   * Texts found clean before, oldest first. The same texts pass again and again (system prompts,
   * tool results shown to six agents, trace payloads); a clean text is remembered with the
   * strictest scan it passed and the allow list it needed, so a second boundary asking the same
   * or less (a trace store after the tracer, a model after the turn) does not scan it again.
   */
  private readonly clean = new Map<string, CleanVerdict[]>();
  private cleanChars = 0;
  /**
   * Templates (see `templateOf`) of texts found clean with no hit but their allowed values, with
   * the strictest scan each passed: the same prompt with next turn's nonce is not scanned again.
   */
  private readonly cleanTemplates = new Map<string, TemplateVerdict>();
  private templateChars = 0;

  constructor(
    private readonly scanner: SecretScanner,
    private readonly vault: SecretVault,
  ) {}

  /** True when `text` is known to hold no secret under these options (no scan is made). */
  knownClean(text: string, options: ScrubOptions = {}): boolean {
    if (text === '') return true;
    const verdicts = this.clean.get(text);
    if (verdicts === undefined) return false;
    const strictness = strictnessOf(options);
    const allowKey = allowKeyOf(options.allow);
    return verdicts.some((verdict) => verdict.strictness >= strictness && (verdict.allowKey === '' || verdict.allowKey === allowKey));
  }

  /**
   * Whether a text of the same template passed a scan at least this strict with no other hit than
   * its allowed values: undefined when not; else the allow key the text is clean under ('' when
   * the template had no hit at all and the text's own slotted values, judged alone, hold none).
   */
  private async cleanByTemplate(text: string, options: ScrubOptions): Promise<string | undefined> {
    const template = templateOf(text, options.allow);
    if (template === undefined) return undefined;
    const verdict = this.cleanTemplates.get(template.key);
    if (verdict === undefined || verdict.strictness < strictnessOf(options)) return undefined;
    const allowKey = allowKeyOf(options.allow);
    const values = new Set(template.slots.map((slot) => text.slice(slot.start, slot.end)));
    // The template's hits were slotted allowed values: every slotted value must be allowed here too.
    if (!verdict.hitFree) return [...values].every((value) => options.allow?.has(value) ?? false) ? allowKey : undefined;
    const entropy = strictnessOf(options) > 0;
    let needsAllow = false;
    for (const value of values) {
      const hit = (entropy && findHighEntropyTokens(value).length > 0) || (await this.scanner.scan(value)).length > 0;
      if (!hit) continue;
      // Only an allowed value may hold a hit, and then the text is clean under this list alone.
      if (!(options.allow?.has(value) ?? false)) return undefined;
      needsAllow = true;
    }
    return needsAllow ? allowKey : '';
  }

  /**
   * Records a text made only of texts this scrubber found clean (a prompt joined from scrubbed
   * messages, a cut of one), so the boundaries after it do not scan it again: its characters were
   * each judged in their own text already. The allow list is the one its parts were scrubbed with.
   */
  markClean(text: string, options: ScrubOptions = {}): void {
    this.remember(text, { strictness: strictnessOf(options), allowKey: allowKeyOf(options.allow) });
  }

  async scrub(text: string, options: ScrubOptions = {}): Promise<ScrubResult> {
    if (this.knownClean(text, options)) return { text, refs: [] };
    const templateKey = await this.cleanByTemplate(text, options);
    if (templateKey !== undefined) {
      this.remember(text, { strictness: strictnessOf(options), allowKey: templateKey });
      return { text, refs: [] };
    }
    const strictness = strictnessOf(options);
    const entropy = strictness === 2 || (strictness === 1 && /\s/.test(text));
    // Found without the allow list first, so a text with no hit at all is known clean under any list.
    const hits: SecretHit[] = entropy ? findHighEntropyTokens(text) : [];
    hits.push(...(await this.scanner.scan(text)));
    const allowed = (hit: SecretHit): boolean => options.allow?.has(text.slice(hit.start, hit.end)) ?? false;
    if (hits.every(allowed)) {
      this.remember(text, { strictness, allowKey: hits.length === 0 ? '' : allowKeyOf(options.allow) });
      this.rememberTemplate(text, options, strictness, hits);
      return { text, refs: [] };
    }
    const refs: string[] = [];
    let output = '';
    let cursor = 0;
    for (const hit of withoutRefs(mergeHits(hits.filter((hit) => !allowed(hit))), text)) {
      const value = text.slice(hit.start, hit.end);
      if (options.allow?.has(value) ?? false) continue;
      const id = this.vault.put(value, hit.rule);
      refs.push(id);
      output += `${text.slice(cursor, hit.start)}${SECRET_REF_PREFIX}${id}`;
      cursor = hit.end;
    }
    return { text: output + text.slice(cursor), refs };
  }

  /** Remembers the template of a clean text whose every hit, if any, was a slotted allowed value. */
  private rememberTemplate(text: string, options: ScrubOptions, strictness: Strictness, hits: SecretHit[]): void {
    const template = templateOf(text, options.allow);
    if (template === undefined || template.key.length > CLEAN_MEMO_CHARS / 16) return;
    const slotted = (hit: SecretHit): boolean => template.slots.some((slot) => slot.start === hit.start && slot.end === hit.end);
    if (!hits.every(slotted)) return;
    const verdict = { strictness, hitFree: hits.length === 0 };
    const known = this.cleanTemplates.get(template.key);
    if (known !== undefined) {
      if (strictness > known.strictness || (strictness === known.strictness && verdict.hitFree)) this.cleanTemplates.set(template.key, verdict);
      return;
    }
    this.cleanTemplates.set(template.key, verdict);
    this.templateChars += template.key.length;
    for (const [oldest] of this.cleanTemplates) {
      if (this.templateChars <= CLEAN_MEMO_CHARS / 4) break;
      this.cleanTemplates.delete(oldest);
      this.templateChars -= oldest.length;
    }
  }

  private remember(text: string, verdict: CleanVerdict): void {
    if (text === '' || text.length > CLEAN_MEMO_CHARS / 16) return;
    const known = this.clean.get(text);
    if (known !== undefined) {
      if (!known.some((entry) => entry.strictness >= verdict.strictness && (entry.allowKey === '' || entry.allowKey === verdict.allowKey))) known.push(verdict);
      return;
    }
    this.clean.set(text, [verdict]);
    this.cleanChars += text.length;
    for (const [oldest] of this.clean) {
      if (this.cleanChars <= CLEAN_MEMO_CHARS) break;
      this.clean.delete(oldest);
      this.cleanChars -= oldest.length;
    }
  }

  /**
   * Scrubs every string inside a JSON-like value (objects, arrays). When every string is already
   * known clean the value itself is returned, without a copy or a scan; otherwise only the strings
   * not known clean are scanned, and a copy is made only when one of them held a secret.
   */
  async scrubValue<T>(value: T, options: ScrubOptions = {}): Promise<{ value: T; refs: string[] }> {
    const unknown = new Set<string>();
    const collect = (node: unknown): void => {
      if (typeof node === 'string') {
        if (!this.knownClean(node, options)) unknown.add(node);
      } else if (Array.isArray(node)) {
        for (const child of node) collect(child);
      } else if (node !== null && typeof node === 'object') {
        for (const child of Object.values(node)) collect(child);
      }
    };
    collect(value);
    if (unknown.size === 0) return { value, refs: [] };
    const results = new Map<string, ScrubResult>();
    await Promise.all([...unknown].map(async (text) => results.set(text, await this.scrub(text, options))));
    if ([...results.values()].every((result) => result.refs.length === 0)) return { value, refs: [] };
    const refs: string[] = [];
    const rebuild = (node: unknown): unknown => {
      if (typeof node === 'string') {
        const result = results.get(node);
        if (result === undefined) return node;
        refs.push(...result.refs);
        return result.text;
      }
      if (Array.isArray(node)) return node.map(rebuild);
      if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, rebuild(child)]));
      return node;
    };
    return { value: rebuild(value) as T, refs };
  }
}
