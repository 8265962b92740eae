import { generateKeyPairSync, randomBytes } from 'node:crypto';

/**
 * Real-looking credentials made fresh for each test run (never committed): an AWS key pair, a
 * GitHub token and a PEM private key block.
 */
export function makeFakeCredentials(): { awsAccessKeyId: string; awsSecretAccessKey: string; githubToken: string; privateKey: string } {
  const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const pick = (alphabet: string, length: number): string =>
    Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
  const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return {
    awsAccessKeyId: `AKIA${pick(upper, 16)}`,
    awsSecretAccessKey: `${pick(base62, 20)}/${pick(base62, 19)}`,
    githubToken: `ghp_${pick(base62, 36)}`,
    privateKey: generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  };
}
