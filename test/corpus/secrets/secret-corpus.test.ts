/**
 * The scrubber measured on the labelled corpus: every family of fake secrets in prose, YAML,
 * `.env` lines and JSON must be scrubbed (100%), and at most 5% of the texts that hold none — the
 * sample novel's paragraphs and a writer's near-misses — may change.
 */
import { describe, expect, it } from 'vitest';
import { SecretlintScanner } from '../../../src/adapters/secretlint-scanner/index.js';
import { MemorySecretVault, SecretScrubber } from '../../../src/core/secrets/index.js';
import { SECRET_FAMILIES } from './fake-secrets.js';
import { measureCorpus, okCases, secretCases } from './labelled-corpus.js';
import { PLACEMENTS } from './placements.js';

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

describe('the labelled secrets corpus', () => {
  it('covers every family in every placement, and the sample novel', () => {
    const cases = secretCases();
    for (const family of SECRET_FAMILIES) {
      for (const placement of PLACEMENTS) expect(cases.some((item) => item.family === family.family && item.placement === placement), `${family.family} in ${placement}`).toBe(true);
    }
    const ok = okCases();
    expect(ok.filter((item) => item.source === 'manuscript').length).toBeGreaterThan(300);
    expect(ok.filter((item) => item.source === 'near-miss').length).toBeGreaterThan(40);
  });

  it('is drawn from a seed: the same seed gives the same corpus, another seed fresh secrets', () => {
    expect(secretCases(7, 1)).toEqual(secretCases(7, 1));
    expect(secretCases(8, 1)[0]!.text).not.toBe(secretCases(7, 1)[0]!.text);
  });

  it('scrubs 100% of the secrets and changes at most 5% of the texts without one', async () => {
    const scrubber = new SecretScrubber(new SecretlintScanner(), new MemorySecretVault());
    const measured = await measureCorpus(async (text) => (await scrubber.scrub(text)).text);
    console.log(
      `secrets corpus: ${measured.scrubbed}/${measured.secrets} secrets scrubbed (recall ${percent(measured.recall)}), ` +
        `${measured.changed}/${measured.ok} clean texts changed (false positives ${percent(measured.falsePositiveRate)})`,
    );
    expect(measured.missed.map((item) => `${item.family} in ${item.placement}: ${item.text.slice(0, 160)}`)).toEqual([]);
    expect(measured.recall).toBe(1);
    expect(measured.falsePositiveRate, measured.falsePositives.map((item) => item.text.slice(0, 120)).join('\n')).toBeLessThanOrEqual(0.05);
  });

  it('catches every family but unlabelled random tokens with a named rule, so one-token fields at rest are covered too', async () => {
    const scanner = new SecretlintScanner();
    const ruled = new Set(SECRET_FAMILIES.filter((family) => family.caughtBy !== 'entropy').map((family) => family.family));
    const missed: string[] = [];
    for (const item of secretCases().filter((entry) => ruled.has(entry.family))) {
      const hits = await scanner.scan(item.text);
      const covered = item.mustVanish.every((part) => {
        const at = item.text.indexOf(part);
        return hits.some((hit) => hit.start <= at && at + part.length <= hit.end);
      });
      if (!covered) missed.push(`${item.family} in ${item.placement}`);
    }
    expect(missed).toEqual([]);
  });

  it('still scrubs every secret drawn from other seeds', async () => {
    const scrubber = new SecretScrubber(new SecretlintScanner(), new MemorySecretVault());
    for (const seed of [101, 202]) {
      const measured = await measureCorpus(async (text) => (await scrubber.scrub(text)).text, { secrets: secretCases(seed, 2), ok: [] });
      expect(measured.missed.map((item) => `${item.family} in ${item.placement}`), `seed ${seed}`).toEqual([]);
    }
  });
});
