import {
  CANON_SECTIONS,
  type CanonFact,
  type CanonSection,
  type CanonSourceKind,
  type ExtractedFact,
  type RejectedCanonFact,
} from '../../protocol/canon.js';
import { compareStoryTime, parseLoreFile, parseWhen } from '../manuscript/index.js';
import { compareNatural } from './natural-order.js';
import { normaliseForMatch, quoteContainsValue, quoteFinder } from './quote-locator.js';

/** One source file with the facts an extractor proposed for it. */
export interface ExtractedSource {
  path: string;
  kind: CanonSourceKind;
  lines: readonly string[];
  proposals: readonly ExtractedFact[];
}

/** The compiled index: its Markdown, the facts in it, and what was dropped. */
export interface CompiledCanon {
  markdown: string;
  facts: CanonFact[];
  rejected: RejectedCanonFact[];
  /** Proposals merged into an identical fact. */
  duplicates: number;
  /** Facts kept per source path (before merging duplicates). */
  kept: Map<string, number>;
}

const SECTION_OF_KIND: Record<CanonSourceKind, CanonSection> = { character: 'Characters', place: 'Places', lore: 'Lore', scene: 'Scenes' };

/** Collapses whitespace (a fact is one Markdown line) and trims. */
const clean = (text: string): string => text.replace(/\s+/g, ' ').trim();
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function compareSubjects(section: CanonSection, a: string, b: string): number {
  if (section === 'Timeline') {
    const left = parseWhen(a);
    const right = parseWhen(b);
    // Story days read in story order, not alphabetically ("Day 2, morning" before "Day 2, evening").
    if (left && right) return compareStoryTime(left, right) || compareNatural(a, b);
    if (left || right) return left ? -1 : 1;
  }
  return compareNatural(a, b);
}

const fold = (text: string): string => normaliseForMatch(text).toLowerCase();

/**
 * The order of the index: section, subject, attribute, value (compared as the de-duplication key
 * sees them), then the cited file and line, then the exact text, so facts that merge sit together
 * and the earliest citation comes first.
 */
export function compareFacts(a: CanonFact, b: CanonFact): number {
  return (
    CANON_SECTIONS.indexOf(a.section) - CANON_SECTIONS.indexOf(b.section) ||
    compareSubjects(a.section, fold(a.subject), fold(b.subject)) ||
    compareNatural(fold(a.attribute), fold(b.attribute)) ||
    compareNatural(fold(a.value), fold(b.value)) ||
    compareText(a.path, b.path) ||
    a.line - b.line ||
    compareText(a.subject, b.subject) ||
    compareText(a.attribute, b.attribute) ||
    compareText(a.value, b.value)
  );
}

/** The identity of a fact for de-duplication: case, quote marks and spacing do not count. */
function factKey(fact: CanonFact): string {
  return [fact.section, fold(fact.subject), fold(fact.attribute), fold(fact.value)].join('\u0000');
}

/** `- <subject> — <attribute>: <value> (<path>#L<line>)`, with `-L<end>` when the quote spans lines. */
export function renderFact(fact: CanonFact): string {
  const lines = fact.endLine > fact.line ? `L${fact.line}-L${fact.endLine}` : `L${fact.line}`;
  return `- ${fact.subject} — ${fact.attribute}: ${fact.value} (${fact.path}#${lines})`;
}

const CITATION = /^(.+)#L(\d+)(?:-L(\d+))?\)$/;

const balanced = (text: string): boolean => {
  let depth = 0;
  for (const character of text) {
    depth += character === '(' ? 1 : character === ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
};

/** One `renderFact` line back into its fields; the citation is the last ` (…#L…)` whose path is balanced. */
function parseFactLine(line: string, section: CanonSection): CanonFact | null {
  if (!line.startsWith('- ')) return null;
  for (let at = line.lastIndexOf(' ('); at > 1; at = line.lastIndexOf(' (', at - 1)) {
    const citation = CITATION.exec(line.slice(at + 2));
    if (!citation || !balanced(citation[1]!)) continue;
    const head = line.slice(2, at);
    const dash = head.indexOf(' — ');
    const colon = dash < 0 ? -1 : head.indexOf(': ', dash + 3);
    if (dash <= 0 || colon < 0) return null;
    const start = Number(citation[2]);
    return {
      section,
      subject: head.slice(0, dash),
      attribute: head.slice(dash + 3, colon),
      value: head.slice(colon + 2),
      path: citation[1]!,
      line: start,
      endLine: citation[3] ? Number(citation[3]) : start,
    };
  }
  return null;
}

/**
 * The facts of a compiled index, read back from its Markdown (the inverse of `renderFact` under
 * its section headings), so what a screen shows is what agents cite. Lines of any other shape
 * are skipped: a placeholder index has no facts.
 */
export function parseCanonIndex(markdown: string): CanonFact[] {
  const facts: CanonFact[] = [];
  let section: CanonSection | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      const name = heading[1]!.trim();
      section = (CANON_SECTIONS as readonly string[]).includes(name) ? (name as CanonSection) : null;
      continue;
    }
    const fact = section ? parseFactLine(line, section) : null;
    if (fact) facts.push(fact);
  }
  return facts;
}

/** The Markdown of `canon-index.md`: no timestamps or model names, so equal facts give equal bytes. */
export function renderCanonIndex(facts: readonly CanonFact[]): string {
  const parts = ['# Canon Index', '', 'Compiled from the Compendium and the scenes. Each fact cites the file and line that state it.', ''];
  for (const section of CANON_SECTIONS) {
    const inSection = facts.filter((fact) => fact.section === section);
    if (inSection.length === 0) continue;
    parts.push(`## ${section}`, ...inSection.map(renderFact), '');
  }
  return `${parts.join('\n').replace(/\n+$/, '')}\n`;
}

/** Checks one proposal against its source: a real quote that states the value gives a fact. */
function checkProposal(
  source: ExtractedSource,
  proposal: ExtractedFact,
  find: ReturnType<typeof quoteFinder>,
  timelineLines: ReadonlySet<number>,
): CanonFact | RejectedCanonFact {
  const fields = { subject: clean(proposal.subject), attribute: clean(proposal.attribute), value: clean(proposal.value) };
  const reject = (reason: RejectedCanonFact['reason']): RejectedCanonFact => ({ path: source.path, ...fields, quote: proposal.quote, reason });
  if (fields.subject === '' || fields.attribute === '' || fields.value === '' || proposal.quote.trim() === '') return reject('field_empty');
  const location = find(proposal.quote);
  if (location === null) return reject('quote_not_found');
  if (!quoteContainsValue(proposal.quote, fields.value)) return reject('value_not_in_quote');
  const section = source.kind === 'lore' && timelineLines.has(location.line) ? 'Timeline' : SECTION_OF_KIND[source.kind];
  return { section, ...fields, path: source.path, line: location.line, endLine: location.endLine };
}

/**
 * Deterministic compilation: every proposed fact is kept only if its quote is found in its source
 * file (which gives its line) and states its value; kept facts are sorted and de-duplicated (the
 * first citation in index order wins) and rendered. The same proposals always give the same bytes.
 */
export function compileCanonIndex(sources: readonly ExtractedSource[]): CompiledCanon {
  const candidates: CanonFact[] = [];
  const rejected: RejectedCanonFact[] = [];
  const kept = new Map<string, number>();
  for (const source of sources) {
    const find = quoteFinder(source.lines);
    const timelineLines = source.kind === 'lore' ? new Set(parseLoreFile({ path: source.path, lines: [...source.lines] }).timeline.map((entry) => entry.line)) : new Set<number>();
    let count = 0;
    for (const proposal of source.proposals) {
      const checked = checkProposal(source, proposal, find, timelineLines);
      if ('reason' in checked) rejected.push(checked);
      else {
        candidates.push(checked);
        count += 1;
      }
    }
    kept.set(source.path, count);
  }
  candidates.sort(compareFacts);
  const seen = new Set<string>();
  const facts = candidates.filter((fact) => {
    const key = factKey(fact);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  rejected.sort(
    (a, b) => compareText(a.path, b.path) || compareNatural(a.subject, b.subject) || compareNatural(a.attribute, b.attribute) || compareNatural(a.value, b.value) || compareText(a.quote, b.quote),
  );
  return { markdown: renderCanonIndex(facts), facts, rejected, duplicates: candidates.length - facts.length, kept };
}
