/**
 * The labelled secrets corpus: every family's fake secrets in every placement (the `secret`
 * cases) and texts that must pass unchanged (the `ok` cases), with one measure used by the test
 * and the benchmark alike.
 */
import { Draw, SECRET_FAMILIES } from './fake-secrets.js';
import { manuscriptParagraphs, NEAR_MISSES } from './ok-cases.js';
import { place, PLACEMENTS, type Placement } from './placements.js';

export interface SecretCase {
  family: string;
  placement: Placement;
  text: string;
  /** What must not survive scrubbing. */
  mustVanish: string[];
}

export interface OkCase {
  source: 'manuscript' | 'near-miss';
  text: string;
}

/** Fresh secrets per family and placement (`perPlacement` of each), drawn from `seed`. */
export function secretCases(seed = 13, perPlacement = 3): SecretCase[] {
  const draw = new Draw(seed);
  const cases: SecretCase[] = [];
  for (const family of SECRET_FAMILIES) {
    for (const placement of PLACEMENTS) {
      for (let index = 0; index < perPlacement; index += 1) {
        const secret = family.make(draw);
        cases.push({ family: family.family, placement, text: place(secret, family.family, placement, draw), mustVanish: secret.mustVanish });
      }
    }
  }
  return cases;
}

export function okCases(): OkCase[] {
  return [...manuscriptParagraphs().map((text) => ({ source: 'manuscript' as const, text })), ...NEAR_MISSES.map((text) => ({ source: 'near-miss' as const, text }))];
}

export interface CorpusMeasure {
  secrets: number;
  scrubbed: number;
  /** Scrubbed secret cases / all secret cases. */
  recall: number;
  ok: number;
  changed: number;
  /** Changed ok cases / all ok cases. */
  falsePositiveRate: number;
  missed: SecretCase[];
  falsePositives: OkCase[];
}

/** Runs a scrub function over the corpus: a secret case counts only when every part of it is gone. */
export async function measureCorpus(scrub: (text: string) => Promise<string>, corpus = { secrets: secretCases(), ok: okCases() }): Promise<CorpusMeasure> {
  const missed: SecretCase[] = [];
  for (const item of corpus.secrets) {
    const out = await scrub(item.text);
    if (item.mustVanish.some((part) => out.includes(part))) missed.push(item);
  }
  const falsePositives: OkCase[] = [];
  for (const item of corpus.ok) if ((await scrub(item.text)) !== item.text) falsePositives.push(item);
  return {
    secrets: corpus.secrets.length,
    scrubbed: corpus.secrets.length - missed.length,
    recall: (corpus.secrets.length - missed.length) / corpus.secrets.length,
    ok: corpus.ok.length,
    changed: falsePositives.length,
    falsePositiveRate: falsePositives.length / corpus.ok.length,
    missed,
    falsePositives,
  };
}
