import { lintSource } from '@secretlint/core';
import { creator as recommendedPreset } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretHit, SecretScanner } from '../../core/ports/index.js';

const config = { rules: [{ id: recommendedPreset.meta.id, rule: recommendedPreset }] };

/** secretlint's recommended rule preset (AWS, GitHub, private keys, Slack, OpenAI, …) as a scanner. */
export class SecretlintScanner implements SecretScanner {
  async scan(text: string): Promise<SecretHit[]> {
    const result = await lintSource({
      source: { content: text, filePath: 'inline.txt', contentType: 'text' },
      options: { config, noPhysicFilePath: true },
    });
    return result.messages.map((message) => ({ start: message.range[0], end: message.range[1], rule: message.ruleId }));
  }
}
