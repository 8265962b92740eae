import { describe, expect, it } from 'vitest';
import { SecretlintScanner } from '../../adapters/secretlint-scanner/index.js';
import { makeFakeCredentials } from '../../../test/support/fake-credentials.js';
import { MemorySecretVault } from './memory-secret-vault.js';
import { SecretScrubber } from './secret-scrubber.js';
import { findHighEntropyTokens } from './find-high-entropy.js';

const scrubberWithVault = () => {
  const vault = new MemorySecretVault();
  return { vault, scrubber: new SecretScrubber(new SecretlintScanner(), vault) };
};

describe('SecretScrubber', () => {
  it('replaces an AWS key pair, a GitHub token and a private key with secret_ref tokens', async () => {
    const credentials = makeFakeCredentials();
    const { scrubber, vault } = scrubberWithVault();
    const text = [
      `aws_access_key_id = ${credentials.awsAccessKeyId}`,
      `aws_secret_access_key = ${credentials.awsSecretAccessKey}`,
      `my token is ${credentials.githubToken} please use it`,
      credentials.privateKey,
    ].join('\n');
    const result = await scrubber.scrub(text);
    for (const raw of [credentials.awsAccessKeyId, credentials.awsSecretAccessKey, credentials.githubToken, 'PRIVATE KEY-----\nMII']) {
      expect(result.text).not.toContain(raw);
    }
    expect(result.text).toContain('secret_ref:');
    expect(result.refs.length).toBeGreaterThanOrEqual(4);
    expect(result.refs.map((id) => vault.reveal(id))).toContain(credentials.githubToken);
    expect(result.text).toContain('please use it');
  });

  it('gives the same secret the same ref, and scrubbing twice changes nothing more', async () => {
    const { githubToken } = makeFakeCredentials();
    const { scrubber } = scrubberWithVault();
    const first = await scrubber.scrub(`a ${githubToken}`);
    const second = await scrubber.scrub(`b ${githubToken}`);
    expect(first.refs).toEqual(second.refs);
    expect((await scrubber.scrub(first.text)).text).toBe(first.text);
  });

  it('leaves prose, our own ids, hashes, uuids and the allowed nonce alone', async () => {
    const { scrubber } = scrubberWithVault();
    const nonce = 'Zx9Qm2Lp8Rt4Vw6Yb1Nc3Kd5Hf7Jg0As';
    const text = [
      '“Is it far?” she asked. Mr. Hale said the lighthouse stair has 112 steps.',
      'receipt rcpt_0192f3a4-5b6c-7d8e-9f01-23456789abcd and sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'round 0192f3a4-5b6c-7d8e-9f01-23456789abcd',
      `TOOL_NONCE: ${nonce}`,
      'Story/Scenes/SCN-01-the-lamp-room.md',
    ].join('\n');
    const result = await scrubber.scrub(text, { allow: new Set([nonce]) });
    expect(result.text).toBe(text);
    expect(result.refs).toEqual([]);
  });

  it('scrubs strings anywhere inside JSON values', async () => {
    const { githubToken } = makeFakeCredentials();
    const { scrubber } = scrubberWithVault();
    const { value, refs } = await scrubber.scrubValue({ a: [{ b: `token ${githubToken}` }], n: 3, ok: true });
    expect(JSON.stringify(value)).not.toContain(githubToken);
    expect(value.n).toBe(3);
    expect(refs).toHaveLength(1);
  });
});

describe('findHighEntropyTokens', () => {
  it('flags random mixed tokens and not long words', () => {
    expect(findHighEntropyTokens('key=q8Vd2LmX0pR7sT4wZ1yB6nC3hJ9kF5gA')).toHaveLength(1);
    expect(findHighEntropyTokens('internationalisation-counterrevolutionaries')).toHaveLength(0);
  });
});
