import type { Finding } from '../finding.js';
import type { Fact } from './fact.js';
import { valuesAgree } from './trait-phrases.js';

const KINDS: Record<string, { kind: string; noun: string }> = {
  eyes: { kind: 'eye_colour_mismatch', noun: 'eyes' },
  hair: { kind: 'hair_colour_mismatch', noun: 'hair' },
  handedness: { kind: 'handedness_mismatch', noun: 'hand' },
  birthplace: { kind: 'birthplace_mismatch', noun: 'place of birth' },
};

function describe(attribute: string): { kind: string; noun: string } {
  if (KINDS[attribute]) return KINDS[attribute]!;
  const [, mark, part] = attribute.split(':');
  return { kind: 'fixed_trait_mismatch', noun: `${mark} (${part})` };
}

function where(fact: Fact): string {
  return `${fact.path}#L${fact.line}`;
}

/**
 * Fixed traits that disagree: eyes, hair, handedness, place of birth, which side a scar or limp is
 * on. The card is the authority; without a card statement the value most of the certain prose
 * statements give (the earliest on a tie) is, and the others are reported. A statement whose owner
 * was only guessed is a warning; certain against certain is an error. Each finding quotes its line
 * and names the line it contradicts.
 */
export function traitFindings(facts: readonly Fact[]): Finding[] {
  const groups = new Map<string, Fact[]>();
  for (const fact of facts) {
    const key = `${fact.card.path}\u0000${fact.attribute}`;
    groups.set(key, [...(groups.get(key) ?? []), fact]);
  }
  const findings: Finding[] = [];
  // "the first two fingers of his left hand" names two fingers: one finding for the line, not one per finger.
  const fingerLines = new Set<string>();
  for (const group of groups.values()) {
    const cardStated = group.filter((fact) => fact.source === 'card');
    const prose = group.filter((fact) => fact.source === 'prose').sort((a, b) => a.position - b.position || a.line - b.line);
    let reference: Fact | undefined = cardStated[0];
    if (reference === undefined) {
      const certain = prose.filter((fact) => fact.certain);
      const support = (candidate: Fact) => certain.filter((other) => valuesAgree(other.values, candidate.values)).length;
      reference = [...certain].sort((a, b) => support(b) - support(a) || a.position - b.position || a.line - b.line)[0];
    }
    if (reference === undefined) continue;
    const { kind, noun } = describe(reference.attribute);
    const reported = new Set<string>();
    for (const fact of prose) {
      if (fact === reference || valuesAgree(fact.values, reference.values)) continue;
      const key = `${fact.path}:${fact.line}`;
      if (reported.has(key)) continue;
      reported.add(key);
      if (fact.attribute.includes('-hand finger:')) {
        if (fingerLines.has(`${fact.card.path}:${key}`)) continue;
        fingerLines.add(`${fact.card.path}:${key}`);
      }
      const name = fact.card.name.value;
      const from = reference.source === 'card' ? 'the card says' : `${where(reference)} says`;
      const stated = reference.attribute === 'eyes' ? `${name}'s eyes are "${fact.valueText}"` : reference.attribute === 'hair' ? `${name}'s hair is "${fact.valueText}"` : `${name}'s ${noun} is "${fact.valueText}"`;
      findings.push({
        kind,
        severity: fact.certain && reference.certain ? 'error' : 'warning',
        message: `${stated} here, but ${from} "${reference.valueText}"${fact.certain ? '' : ` (tied to ${name} by ${fact.link.replace(/_/g, ' ')}; check who is meant)`}.`,
        path: fact.path,
        line: fact.line,
        quote: '',
        canon: { path: reference.path, line: reference.line, value: reference.text },
      });
    }
  }
  return findings;
}
