import { lintSource } from '@secretlint/core';
import { creator as patternRule } from '@secretlint/secretlint-rule-pattern';
import { rules as recommendedRules } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretLintCoreConfig } from '@secretlint/types';
import type { SecretHit, SecretScanner } from '../../core/ports/index.js';
import { isPlaceholderCredential } from './placeholder-credentials.js';
import { quietSecretlintProfiler } from './quiet-profiler.js';
import { SUPPLEMENTARY_PATTERNS } from './supplementary-patterns.js';

quietSecretlintProfiler();

/**
 * Cheap signals that a rule of the recommended preset might match (each rule's prefix or label,
 * e.g. `secret_access_key` for the AWS secret rule). Text with none of them skips the preset,
 * which keeps scanning off the hot path for ordinary prose — "a secret", "private" and "access"
 * are everywhere in a novel.
 */
const PRESET_TRIGGERS =
  /AKIA|ASIA|A3T|secret_?access|secret_|private_key|PRIVATE KEY|npm_|:\/\/[^\s/]*:[^\s/]*@|xox|xapp-|hooks\.slack|SG\.|shp|gh[pousr]_|github_pat_|gl[a-z]{2,5}[-_]|sk-|gsk_|hf_|lin_api_|ntn_|ops_|mongodb|mysql|postgres|jdbc|hv[sbr]\.|vc[a-z]_|dapi|dckr_|figd_/i;

/**
 * The recommended preset's rules, registered one by one so that one can be left out:
 * `secretlint-disable` comments turn rules off for the lines they name. The text scanned here is
 * the writer's and the model's, not a repository's, and a comment must never let a secret through.
 */
const presetRules = recommendedRules
  .filter((rule) => rule.meta.id !== '@secretlint/secretlint-rule-filter-comments')
  .map((rule) => ({ id: rule.meta.id, rule }));

/** The patterns whose trigger the text contains, in the pattern rule's `/source/flags` form. */
function patternsFor(text: string): Array<{ name: string; patterns: string[] }> {
  return SUPPLEMENTARY_PATTERNS.filter((entry) => entry.trigger.test(text)).map((entry) => ({ name: entry.name, patterns: [String(entry.pattern)] }));
}

/**
 * secretlint as the workspace's secret scanner: its recommended preset (AWS, GCP, private keys,
 * GitHub, GitLab, Slack, OpenAI, Anthropic, database URLs, …) and its pattern rule running the
 * formats the preset does not know (Stripe, Tailscale, Cloudflare, Azure, hex private keys, JWTs,
 * labelled passwords and tokens, …).
 */
export class SecretlintScanner implements SecretScanner {
  async scan(text: string): Promise<SecretHit[]> {
    const patterns = patternsFor(text);
    const rules: SecretLintCoreConfig['rules'] = [];
    if (PRESET_TRIGGERS.test(text)) rules.push(...presetRules);
    if (patterns.length > 0) rules.push({ id: patternRule.meta.id, rule: patternRule, options: { patterns } });
    if (rules.length === 0) return [];
    const result = await lintSource({
      source: { content: text, filePath: 'inline.txt', contentType: 'text' },
      options: { config: { rules }, noPhysicFilePath: true },
    });
    return result.messages
      .map((message) => ({ start: message.range[0], end: message.range[1], rule: ruleName(message.ruleId, message.message) }))
      .filter((hit) => !isPlaceholderCredential(text.slice(hit.start, hit.end)));
  }
}

/** The pattern rule reports under one id; its message names the pattern (`found matching stripe: …`). */
function ruleName(ruleId: string, message: string): string {
  if (ruleId !== patternRule.meta.id) return ruleId;
  return /^found matching ([\w-]+):/.exec(message)?.[1] ?? ruleId;
}
