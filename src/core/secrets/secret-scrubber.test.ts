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

describe('SecretScrubber on text it wrote before, and on fields that are one token', () => {
  it('never takes a secret glued to a ref-shaped prefix for a ref', async () => {
    const { githubToken } = makeFakeCredentials();
    const { scrubber } = scrubberWithVault();
    for (const text of [`secret_ref:${githubToken}`, `secret_ref:AAAAAAAAAAAAAAAA${githubToken}`, `token: secret_ref:${githubToken}`]) {
      expect((await scrubber.scrub(text)).text, text).not.toContain(githubToken);
    }
  });

  it('checks a one-token field against the named rules only when asked for free-text entropy', async () => {
    const { githubToken } = makeFakeCredentials();
    const { scrubber } = scrubberWithVault();
    const minted = 'q8Vd2LmX0pR7sT4wZ1yB6nC3hJ9kF5gA';
    expect((await scrubber.scrub(minted, { entropy: 'free-text' })).text).toBe(minted);
    expect((await scrubber.scrub(minted)).text).not.toContain(minted);
    expect((await scrubber.scrub(`a note with ${minted} inside`, { entropy: 'free-text' })).text).not.toContain(minted);
    expect((await scrubber.scrub(githubToken, { entropy: 'free-text' })).text).not.toContain(githubToken);
    const { value } = await scrubber.scrubValue({ step_token: minted, note: `pasted ${minted}` }, { entropy: 'free-text' });
    expect(value).toEqual({ step_token: minted, note: expect.not.stringContaining(minted) });
  });
});

describe('findHighEntropyTokens', () => {
  it('flags random mixed tokens and not long words', () => {
    expect(findHighEntropyTokens('key=q8Vd2LmX0pR7sT4wZ1yB6nC3hJ9kF5gA')).toHaveLength(1);
    expect(findHighEntropyTokens('internationalisation-counterrevolutionaries')).toHaveLength(0);
  });

  it('leaves file paths, addresses, slugs and prefixed ids alone, and finds a key inside an address', () => {
    for (const text of [
      '/home/mara/novels/glass-harbour/exports/2024/manuscript-chapter-12-revised.pdf',
      'https://www.gutenberg.org/files/1342/1342-h/1342-h.htm',
      'https://archive.org/details/northernlighthouseboardlogbook1811vol2',
      'Chapter_12_The_Long_Goodbye_Draft_3_With_Editor_Notes_2024.docx',
      'task_0192f3a5-0b1c-7d8e-9f01-23456789abcd and conf-0192f3a4-5b6c-7d8e-9f01-23456789abcd',
    ]) {
      expect(findHighEntropyTokens(text), text).toEqual([]);
    }
    const key = 'Zq7Xv2Lm9Rt4Wc8Yb1Nd3Kf5Hg6Js0Ap';
    const hits = findHighEntropyTokens(`https://files.example.com/share/${key}/view`);
    expect(hits.map((hit) => `https://files.example.com/share/${key}/view`.slice(hit.start, hit.end))).toEqual([key]);
    expect(findHighEntropyTokens('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')).toHaveLength(1);
  });
});

describe('SecretScrubber memory of clean texts', () => {
  /** A scanner that counts its scans and finds `LEAK` anywhere it is asked to look. */
  const countingScanner = () => {
    const seen: string[] = [];
    return {
      seen,
      scanner: {
        scan: async (text: string) => {
          seen.push(text);
          const at = text.indexOf('password=LEAK');
          return at === -1 ? [] : [{ start: at + 9, end: at + 13, rule: 'test-leak' }];
        },
      },
    };
  };

  it('scans a clean text once, however often it passes', async () => {
    const { scanner, seen } = countingScanner();
    const scrubber = new SecretScrubber(scanner, new MemorySecretVault());
    const text = 'The password for the lamp room is never spoken aloud.';
    for (let pass = 0; pass < 5; pass += 1) expect(await scrubber.scrub(text)).toEqual({ text, refs: [] });
    expect(seen).toHaveLength(1);
  });

  it('never remembers a text that held a secret, so every pass scrubs it again', async () => {
    const { scanner } = countingScanner();
    const scrubber = new SecretScrubber(scanner, new MemorySecretVault());
    for (let pass = 0; pass < 3; pass += 1) {
      const result = await scrubber.scrub('password=LEAK in the log');
      expect(result.text).not.toContain('LEAK');
      expect(result.refs).toHaveLength(1);
    }
  });

  it('keeps what a text is clean under apart per allow list', async () => {
    const { githubToken } = makeFakeCredentials();
    const scrubber = new SecretScrubber(new SecretlintScanner(), new MemorySecretVault());
    const nonce = 'n0Nce7QxW2vR9kLm4TzP8aYb';
    const text = `TOOL_NONCE: ${nonce}`;
    expect((await scrubber.scrub(text, { allow: new Set([nonce]) })).text).toBe(text);
    // Clean under the allow list is not clean without it: the nonce-shaped token is scrubbed.
    expect((await scrubber.scrub(text)).text).not.toContain(nonce);
    // A text crafted to look like another entry's key does not borrow its verdict.
    const crafted = `${JSON.stringify([nonce]).length}:${JSON.stringify([nonce])}${githubToken}`;
    expect((await scrubber.scrub(crafted)).text).not.toContain(githubToken);
    expect((await scrubber.scrub(githubToken, { allow: new Set([nonce]) })).text).not.toContain(githubToken);
  });
});

describe('SecretScrubber verdicts shared between boundaries', () => {
  const countingScanner = () => {
    const seen: string[] = [];
    return { seen, scanner: { scan: async (text: string) => (seen.push(text), []) } };
  };

  it('does not scan again for a boundary that asks less than a scan already passed', async () => {
    const { scanner, seen } = countingScanner();
    const scrubber = new SecretScrubber(scanner, new MemorySecretVault());
    const nonce = 'n0Nce7QxW2vR9kLm4TzP8aYb';
    const text = 'The keeper climbed the stair at dusk.';
    await scrubber.scrub(text, { allow: new Set([nonce]) });
    // No hit at all: clean whatever the allow list, and for the laxer free-text check too.
    expect(scrubber.knownClean(text, { entropy: 'free-text' })).toBe(true);
    await scrubber.scrub(text, { entropy: 'free-text' });
    expect(seen).toEqual([text]);
    // Passing the laxer check says nothing about the stricter one.
    await scrubber.scrub('lamp-room-key', { entropy: 'off' });
    expect(scrubber.knownClean('lamp-room-key')).toBe(false);
  });

  it('returns a value whose every string is known clean as it is, and copies only when a secret went', async () => {
    const { githubToken } = makeFakeCredentials();
    const scrubber = new SecretScrubber(new SecretlintScanner(), new MemorySecretVault());
    const clean = { a: ['grey eyes', { b: 'the tower door' }], n: 1 };
    expect((await scrubber.scrubValue(clean)).value).toBe(clean);
    expect((await scrubber.scrubValue(clean)).value).toBe(clean);
    const dirty = { a: ['grey eyes', { b: `token ${githubToken}` }], same: `token ${githubToken}` };
    const scrubbed = await scrubber.scrubValue(dirty);
    expect(scrubbed.value).not.toBe(dirty);
    expect(JSON.stringify(scrubbed.value)).not.toContain(githubToken);
    expect(scrubbed.value.a[0]).toBe('grey eyes');
    expect(scrubbed.refs).toHaveLength(2);
    expect(dirty.same).toContain(githubToken);
  });

  it('takes a text marked clean as clean only under the allow list it was made with', () => {
    const scrubber = new SecretScrubber({ scan: async () => [] }, new MemorySecretVault());
    const allow = new Set(['n0Nce7QxW2vR9kLm4TzP8aYb']);
    scrubber.markClean('[system] TOOL_NONCE: n0Nce7QxW2vR9kLm4TzP8aYb', { allow });
    expect(scrubber.knownClean('[system] TOOL_NONCE: n0Nce7QxW2vR9kLm4TzP8aYb', { allow: new Set(['n0Nce7QxW2vR9kLm4TzP8aYb']) })).toBe(true);
    expect(scrubber.knownClean('[system] TOOL_NONCE: n0Nce7QxW2vR9kLm4TzP8aYb')).toBe(false);
  });
});
