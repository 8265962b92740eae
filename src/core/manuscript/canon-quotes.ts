import type { FileRefCollector, SourceText } from './file-ref.js';
import type { Finding } from './finding.js';
import type { ManuscriptSnapshot } from './snapshot.js';

/** Every file of the snapshot that was read, by path. */
export function snapshotSources(snapshot: ManuscriptSnapshot): Map<string, SourceText> {
  const sources = new Map<string, SourceText>();
  const files = [snapshot.outline, ...snapshot.scenes, ...snapshot.characters, ...snapshot.places, ...snapshot.lore];
  for (const file of files) if (file) sources.set(file.path, file.source);
  if (snapshot.canon) sources.set(snapshot.canon.path, snapshot.canon);
  return sources;
}

/**
 * Gives each finding's canon side the text of its canon line, and records both excerpts (the
 * finding's line and the canon line) as file refs, so the receipt shows what the tool relied on.
 */
export function attachCanonQuotes(findings: readonly Finding[], sources: ReadonlyMap<string, SourceText>, refs: FileRefCollector): Finding[] {
  return findings.map((finding) => {
    const own = sources.get(finding.path);
    if (own && finding.line > 0) refs.add(own, finding.line);
    if (!finding.canon) return finding;
    const canonSource = sources.get(finding.canon.path);
    if (!canonSource || finding.canon.line < 1) return finding;
    refs.add(canonSource, finding.canon.line);
    return { ...finding, canon: { ...finding.canon, quote: (canonSource.lines[finding.canon.line - 1] ?? '').trim() } };
  });
}

/** Counts of findings by severity, for a tool result's summary. */
export function severityCounts(findings: readonly Finding[]): { errors: number; warnings: number; notes: number } {
  return {
    errors: findings.filter((finding) => finding.severity === 'error').length,
    warnings: findings.filter((finding) => finding.severity === 'warning').length,
    notes: findings.filter((finding) => finding.severity === 'info').length,
  };
}
