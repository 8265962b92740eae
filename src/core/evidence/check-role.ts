import type { EvidenceIssue, TextSpan } from '../../protocol/index.js';
import type { ParsedSource } from './parse-sources.js';

/** `Compendium/` covers `Compendium/…`; `Canon.md` covers exactly that file (and its anchors). */
function covers(prefix: string, path: string): boolean {
  return prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Role rule (SPEC §7): an agent with evidence sources must cite at least one of them, e.g.
 * Continuity cites `Canon.md` or `Compendium/`. No rule when the agent has none.
 */
export function checkRole(agent: { id: string; evidenceSources: readonly string[] } | undefined, sources: readonly ParsedSource[], span: TextSpan, issues: EvidenceIssue[]): void {
  if (!agent || agent.evidenceSources.length === 0 || sources.length === 0) return;
  const paths = sources.map((source) => source.path.replace(/^\.\//, ''));
  if (paths.some((path) => agent.evidenceSources.some((prefix) => covers(prefix, path)))) return;
  issues.push({
    code: 'source_role_mismatch',
    message: `As ${agent.id}, cite at least one of your role's sources (${agent.evidenceSources.join(', ')}); this line cites only ${paths.join(', ')}.`,
    span,
  });
}
