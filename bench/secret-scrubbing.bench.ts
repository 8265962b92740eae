/**
 * secret-scrubbing: the scrubber every stored record and model request passes (secretlint's
 * recommended rules, its pattern rule with our formats, the entropy check) against secretlint's
 * recommended preset alone, on the labelled corpus: fake secrets of every family in prose, YAML,
 * `.env` lines and JSON, and texts without one (the sample novel, near-misses). The figure that
 * matters is recall at a false-positive rate of at most 5%; throughput is noted for context.
 */
import { lintSource } from '@secretlint/core';
import { creator as recommendedPreset } from '@secretlint/secretlint-rule-preset-recommend';
import { SecretlintScanner } from '../src/adapters/secretlint-scanner/index.js';
import { MemorySecretVault, SecretScrubber } from '../src/core/secrets/index.js';
import { measureCorpus, okCases, secretCases, type CorpusMeasure } from '../test/corpus/secrets/labelled-corpus.js';
import { result, type Benchmark } from './harness.js';

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

/** secretlint's recommended preset on its own: each hit replaced, nothing else. */
async function presetOnly(text: string): Promise<string> {
  const linted = await lintSource({
    source: { content: text, filePath: 'inline.txt', contentType: 'text' },
    options: { config: { rules: [{ id: recommendedPreset.meta.id, rule: recommendedPreset }] }, noPhysicFilePath: true },
  });
  let out = text;
  for (const message of [...linted.messages].sort((a, b) => b.range[0] - a.range[0])) out = `${out.slice(0, message.range[0])}[secret]${out.slice(message.range[1])}`;
  return out;
}

async function timed(scrub: (text: string) => Promise<string>, corpus: Parameters<typeof measureCorpus>[1]): Promise<{ measured: CorpusMeasure; textsPerSecond: number }> {
  const started = performance.now();
  const measured = await measureCorpus(scrub, corpus);
  return { measured, textsPerSecond: ((measured.secrets + measured.ok) * 1000) / (performance.now() - started) };
}

const benchmark: Benchmark = {
  name: 'secret-scrubbing',
  run: async () => {
    const corpus = { secrets: secretCases(), ok: okCases() };
    // A fresh scrubber per pass: its memory of clean texts would otherwise make the second pass free.
    const ours = await timed(async (text) => (await new SecretScrubber(new SecretlintScanner(), new MemorySecretVault()).scrub(text)).text, corpus);
    const baseline = await timed(presetOnly, corpus);
    const figure = (measured: CorpusMeasure) => `recall ${percent(measured.recall)}, false positives ${percent(measured.falsePositiveRate)}`;
    return result(
      'secret-scrubbing',
      `labelled corpus: ${corpus.secrets.length} fake secrets of ${new Set(corpus.secrets.map((item) => item.family)).size} families in prose, YAML, .env and JSON; ${corpus.ok.length} clean texts`,
      { label: 'our scrubber', opsPerSecond: ours.measured.recall, figure: figure(ours.measured) },
      { label: 'secretlint recommended preset alone', opsPerSecond: baseline.measured.recall, figure: figure(baseline.measured) },
      [
        `target 100% of secrets scrubbed: ${ours.measured.recall === 1 ? 'met' : 'NOT met'} (${ours.measured.scrubbed}/${ours.measured.secrets}); the preset alone scrubs ${baseline.measured.scrubbed}/${baseline.measured.secrets}`,
        `target at most 5% false positives: ${ours.measured.falsePositiveRate <= 0.05 ? 'met' : 'NOT met'} (${ours.measured.changed}/${ours.measured.ok} clean texts changed)`,
        `families the preset alone misses in at least one placement: ${[...new Set(baseline.measured.missed.map((item) => item.family))].join(', ')}`,
        `throughput without the scrubber's memory of clean texts: ${ours.textsPerSecond.toFixed(0)} texts/s (preset alone ${baseline.textsPerSecond.toFixed(0)} texts/s)`,
      ],
    );
  },
};

export default benchmark;
