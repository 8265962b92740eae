import type { Finding } from '../finding.js';
import { parseNumberWord } from '../numbers.js';
import { lineOf } from '../prose.js';
import { lineText, type FileProse } from '../scene-prose.js';

/** One spelling of a term and where it first appears. */
interface Variant {
  form: string;
  count: number;
  /** Uses right before another content word ("a blood-pressure cuff"): a compound modifier. */
  attributive: number;
  path: string;
  line: number;
  quote: string;
}

const FUNCTION_WORDS = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'up', 'down', 'out', 'off',
  'over', 'into', 'is', 'was', 'be', 'it', 'he', 'she', 'i', 'you', 'we', 'they', 'his', 'her', 'my', 'no', 'not', 'so', 'as',
  'some', 'all', 'one', 'can', 'may', 'there', 'where', 'what', 'never', 'ever', 'how', 'who', 'that', 'this',
  'after', 'before', 'about', 'around', 'through', 'under', 'above', 'below', 'past', 'than', 'until', 'near', 'back',
  'just', 'even', 'only', 'still', 'very', 'too', 'then', 'when', 'now', 'here',
]);

/**
 * The key two spellings of one term share: closed, hyphenated and open compounds fold together
 * (`lamp-room`, `lamp room`, `lamproom`), and so do British/American pairs (`harbour`/`harbor`,
 * `grey`/`gray`, `realise`/`realize`). Short `-our` words (`four`, `hour`) are left alone.
 */
export function termKey(term: string): string {
  return term
    .toLowerCase()
    .split(/[\s-]+/)
    .map((word) => (word.length >= 6 ? word.replace(/our(s|ed|ing)?$/, 'or$1') : word).replace(/^gray/, 'grey').replace(/is(e|ed|es|ing|ation)$/, 'iz$1'))
    .join('');
}

/**
 * Terms spelled two ways across the files (warnings): compounds written closed, hyphenated and
 * open, and mixed British/American spellings. Pairs with a function word (`every one`) are not
 * compounds and are skipped.
 */
export function terminologyFindings(files: readonly FileProse[]): Finding[] {
  const byKey = new Map<string, Map<string, Variant>>();
  const record = (form: string, prose: FileProse, line: number, attributive: boolean): void => {
    const key = termKey(form);
    // Numbers spelled with or without a hyphen ("two-hundred", "twenty five") are one number, not a term.
    if (key.length < 4 || form.split(/[\s-]+/).every((word) => parseNumberWord(word.toLowerCase()) !== null || /^(?:hundred|thousand)$/i.test(word))) return;
    const variants = byKey.get(key) ?? new Map<string, Variant>();
    const normal = form.toLowerCase().replace(/\s+/g, ' ');
    const existing = variants.get(normal);
    if (existing) {
      existing.count += 1;
      if (attributive) existing.attributive += 1;
    } else variants.set(normal, { form: normal, count: 1, attributive: attributive ? 1 : 0, path: prose.source.path, line, quote: lineText(prose.source, line) });
    byKey.set(key, variants);
  };
  for (const prose of files) {
    for (const paragraph of prose.paragraphs) {
      // A possessive or contraction is one word ("Fenn’s hut" is no "s hut", to be taken for "shut").
      const words = [...paragraph.text.matchAll(/\p{L}+(?:['’]\p{L}+)*(?:-\p{L}+(?:['’]\p{L}+)*)*/gu)];
      // Whether the word at `index` is followed, across one space, by a content word.
      const beforeWord = (index: number): boolean => {
        const [word, next] = [words[index]!, words[index + 1]];
        return next !== undefined && /^[ \n]$/.test(paragraph.text.slice(word.index + word[0].length, next.index)) && !FUNCTION_WORDS.has(next[0].toLowerCase()) && !looksLikeVerb(next[0]);
      };
      words.forEach((match, index) => {
        record(match[0], prose, lineOf(paragraph, match.index), beforeWord(index));
        const next = words[index + 1];
        const gap = next ? paragraph.text.slice(match.index + match[0].length, next.index) : '';
        if (next && /^[ \n]$/.test(gap) && !match[0].includes('-') && !next[0].includes('-') && !FUNCTION_WORDS.has(match[0].toLowerCase()) && !FUNCTION_WORDS.has(next[0].toLowerCase())) {
          record(`${match[0]} ${next[0]}`, prose, lineOf(paragraph, match.index), beforeWord(index + 1));
        }
      });
    }
  }
  const findings: Finding[] = [];
  for (const variants of byKey.values()) {
    if (variants.size < 2) continue;
    // The commoner spelling is the usual one; on a tie, the one met first.
    const sorted = [...variants.values()].sort((a, b) => b.count - a.count);
    const [usual, ...others] = sorted;
    for (const other of others) {
      if (modifierAndNoun(usual!, other)) continue;
      findings.push({
        kind: 'terminology_variant',
        severity: 'warning',
        message: `"${other.form}" (${other.count}×) is also spelled "${usual!.form}" (${usual!.count}×, first at ${usual!.path}#L${usual!.line}); pick one.`,
        path: other.path,
        line: other.line,
        quote: other.quote,
      });
    }
  }
  return findings;
}

const COMMON_VERBS = new Set(['was', 'were', 'had', 'did', 'went', 'came', 'shone', 'rose', 'fell', 'lay', 'sat', 'stood', 'ran', 'broke', 'gave', 'took', 'made', 'said', 'got', 'saw', 'grew', 'hung', 'spun', 'swung', 'struck', 'caught', 'felt', 'kept', 'left', 'lit', 'met', 'put', 'set', 'shook', 'slid', 'split', 'spread', 'stuck', 'woke', 'wore']);

/** A word after a compound that is more likely its verb than the noun it modifies ("the sea-glass glittered"). */
function looksLikeVerb(word: string): boolean {
  const lower = word.toLowerCase();
  return COMMON_VERBS.has(lower) || /(?:ed|ing|ly)$/.test(lower);
}

/**
 * A hyphenated compound only ever used before a noun ("a blood-pressure cuff") and the open one
 * never so ("her blood pressure"): the usual rule for compound modifiers, not two spellings.
 */
function modifierAndNoun(a: Variant, b: Variant): boolean {
  const [hyphened, open] = a.form.includes('-') ? [a, b] : [b, a];
  if (!hyphened.form.includes('-') || hyphened.form.replaceAll('-', ' ') !== open.form) return false;
  return hyphened.attributive === hyphened.count && open.attributive === 0;
}
