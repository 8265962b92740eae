import { describe, expect, it } from 'vitest';
import { SecretlintScanner } from '../../adapters/secretlint-scanner/index.js';
import { makeFakeCredentials } from '../../../test/support/fake-credentials.js';
import type { SecretScanner } from '../ports/index.js';
import { MemorySecretVault } from './memory-secret-vault.js';
import { SecretScrubber } from './secret-scrubber.js';

/** A scrubber whose scanner counts the texts it is given. */
function countingScrubber() {
  const inner = new SecretlintScanner();
  const scanned: string[] = [];
  const scanner: SecretScanner = { scan: (text) => (scanned.push(text), inner.scan(text)) };
  return { scrubber: new SecretScrubber(scanner, new MemorySecretVault()), scanned };
}

const nonceOf = (seed: number) => `N${seed.toString(36).padStart(6, '0')}xQ4vLm9Tz2Wb8Kp`.slice(0, 22);
const prompt = (framing: string, nonce: string, tail = '') =>
  `You are Continuity.\n${framing}\n\nTool Call Protocol (strict JSON)\nTOOL_NONCE: ${nonce}${tail}`;

describe('SecretScrubber templates: a prompt that changes only in its nonce line', () => {
  it('scans the prompt once, then only the new nonce, and stays clean for the model boundary', async () => {
    const { scrubber, scanned } = countingScrubber();
    const first = prompt('You guard the facts of the world.', nonceOf(1));
    expect((await scrubber.scrub(first, { allow: new Set([nonceOf(1)]) })).text).toBe(first);
    scanned.length = 0;
    for (const seed of [2, 3]) {
      const text = prompt('You guard the facts of the world.', nonceOf(seed));
      expect((await scrubber.scrub(text, { allow: new Set([nonceOf(seed)]) })).text).toBe(text);
      // The boundary after (no allow list) needs no scan either: the text had no hit at all.
      expect(scrubber.knownClean(text)).toBe(true);
    }
    expect(scanned.every((text) => text.length <= 22)).toBe(true);
  });

  it('scans a changed part in full and catches the secret in it', async () => {
    const credentials = makeFakeCredentials();
    const { scrubber, scanned } = countingScrubber();
    await scrubber.scrub(prompt('You guard the facts.', nonceOf(1)), { allow: new Set([nonceOf(1)]) });
    const changed = prompt(`You guard the facts. Use ${credentials.githubToken} for the wiki.`, nonceOf(2));
    scanned.length = 0;
    const result = await scrubber.scrub(changed, { allow: new Set([nonceOf(2)]) });
    expect(scanned).toContain(changed);
    expect(result.text).not.toContain(credentials.githubToken);
    expect(result.text).toContain(`TOOL_NONCE: ${nonceOf(2)}`);
  });

  it('does not slot a value glued to its neighbours, nor a value outside the allow list', async () => {
    const { scrubber, scanned } = countingScrubber();
    await scrubber.scrub(prompt('Rules.', nonceOf(1)), { allow: new Set([nonceOf(1)]) });
    scanned.length = 0;
    const glued = `You are Continuity.\nRules.\n\nTool Call Protocol (strict JSON)\nTOOL_NONCE: x${nonceOf(2)}`;
    await scrubber.scrub(glued, { allow: new Set([nonceOf(2)]) });
    const unlisted = prompt('Rules.', nonceOf(3));
    await scrubber.scrub(unlisted);
    expect(scanned).toEqual([glued, unlisted]);
  });

  it('still catches a secret put where the nonce was, and in a new message', async () => {
    const credentials = makeFakeCredentials();
    const { scrubber } = countingScrubber();
    await scrubber.scrub(prompt('Rules.', nonceOf(1)), { allow: new Set([nonceOf(1)]) });
    const swapped = await scrubber.scrub(prompt('Rules.', credentials.awsSecretAccessKey), { allow: new Set([nonceOf(2)]) });
    expect(swapped.text).not.toContain(credentials.awsSecretAccessKey);
    const message = await scrubber.scrub(`my token is ${credentials.githubToken}`, { allow: new Set([nonceOf(2)]) });
    expect(message.refs.length).toBe(1);
  });

  it('checks the new nonce itself before the model boundary skips it', async () => {
    const credentials = makeFakeCredentials();
    const { scrubber } = countingScrubber();
    await scrubber.scrub(prompt('Rules.', nonceOf(1)), { allow: new Set([nonceOf(1)]) });
    // A slotted value that is itself secret-shaped: allowed under its list, never clean without it.
    const text = prompt('Rules.', credentials.githubToken);
    expect((await scrubber.scrub(text, { allow: new Set([credentials.githubToken]) })).text).toBe(text);
    expect(scrubber.knownClean(text)).toBe(false);
    expect((await scrubber.scrub(text)).text).not.toContain(credentials.githubToken);
  });
});

describe('SecretScrubber templates: a tool result that changes only in its receipt id', () => {
  const receipt = (n: number) => `rcpt_01a2108b-3aca-74f9-92ba-${n.toString(16).padStart(12, '0')}`;
  const result = (id: string, text: string) => JSON.stringify({ receipt_id: id, status: 'ok', result: { path: 'Story/Scenes/SCN-01.md', text } });
  const scene = 'The lamp room smelled of oil.\nHester said: worship the hardship of the sea.';

  it('judges the same file under a new receipt id by the id alone, for any boundary', async () => {
    const { scrubber, scanned } = countingScrubber();
    await scrubber.scrub(result(receipt(1), scene));
    scanned.length = 0;
    const next = result(receipt(2), scene);
    expect((await scrubber.scrub(next)).text).toBe(next);
    expect(scanned).toEqual([receipt(2)]);
    expect(scrubber.knownClean(next, { allow: new Set(['x']) })).toBe(true);
  });

  it('scans a changed file in full and catches the secret in it', async () => {
    const credentials = makeFakeCredentials();
    const { scrubber } = countingScrubber();
    await scrubber.scrub(result(receipt(1), scene));
    const changed = await scrubber.scrub(result(receipt(2), `${scene}\naws_secret_access_key = ${credentials.awsSecretAccessKey}`));
    expect(changed.text).not.toContain(credentials.awsSecretAccessKey);
    expect(changed.text).toContain(receipt(2));
  });

  it('does not slot an id glued to other characters, nor one a label names a secret', async () => {
    const credentials = makeFakeCredentials();
    const { scrubber, scanned } = countingScrubber();
    await scrubber.scrub(`note "${receipt(1)}" ${scene}`);
    scanned.length = 0;
    const glued = `note "${receipt(2)}abc" ${scene}`;
    await scrubber.scrub(glued);
    expect(scanned).toEqual([glued]);
    // A secret put where a receipt id was is judged for what it is.
    const swapped = await scrubber.scrub(`note "${credentials.githubToken}" ${scene}`);
    expect(swapped.text).not.toContain(credentials.githubToken);
    const labelled = await scrubber.scrub(`password: ${receipt(3)} ${scene}`);
    const again = await scrubber.scrub(`password: ${receipt(4)} ${scene}`);
    expect(again.refs.length).toBe(labelled.refs.length);
  });
});
