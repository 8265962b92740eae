import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { ALNUM, DIGITS, Draw, HEX, LOWER, SECRET_FAMILIES } from '../../../test/corpus/secrets/fake-secrets.js';
import { place, PLACEMENTS } from '../../../test/corpus/secrets/placements.js';
import { SecretlintScanner } from './secretlint-scanner.js';

const scanner = new SecretlintScanner();
const draw = new Draw(2024);

/** The texts of every hit, in order (two rules reporting the same span count once). */
async function found(text: string): Promise<string[]> {
  const hits = await scanner.scan(text);
  return [...new Set(hits.sort((a, b) => a.start - b.start).map((hit) => text.slice(hit.start, hit.end)))];
}

describe('SecretlintScanner: formats the recommended preset does not know', () => {
  it('reports Stripe, Tailscale and Cloudflare keys, value only', async () => {
    const stripe = `rk_live_${draw.text(ALNUM, 30)}`;
    const tailscale = `tskey-auth-${draw.text(ALNUM, 12)}-${draw.text(ALNUM, 30)}`;
    const cloudflare = `cfut_${draw.text(ALNUM, 40)}${draw.text(HEX, 8)}`;
    expect(await found(`STRIPE_KEY=${stripe}\nts: ${tailscale}\n{"cf": "${cloudflare}"}`)).toEqual([stripe, tailscale, cloudflare]);
  });

  it('reports labelled Azure ids and secrets, AWS account ids and hex private keys without their labels', async () => {
    const tenant = draw.guid();
    const client = draw.guid();
    const account = `${draw.text(DIGITS, 4)}-${draw.text(DIGITS, 4)}-${draw.text(DIGITS, 4)}`;
    const hex = draw.text(HEX, 64);
    const wallet = `0x${draw.text(HEX, 64)}`;
    const text = `AZURE_TENANT_ID=${tenant}\n"clientId": "${client}"\nOur AWS account id is ${account}.\nPRIVATE_KEY=${hex}\nwallet ${wallet}`;
    expect(await found(text)).toEqual([tenant, client, account, hex, wallet]);
  });

  it('reports labelled passwords and tokens in .env, YAML, JSON and prose, and not their placeholders', async () => {
    const password = `${draw.text(LOWER, 6)}${draw.text(DIGITS, 3)}!`;
    expect(await found(`DB_PASSWORD=${password}`)).toEqual([password]);
    expect(await found(`password: "${password}"`)).toEqual([password]);
    expect(await found(`{"apiKey":"${password}"}`)).toEqual([password]);
    expect(await found(`the database password is ${password}, keep it`)).toEqual([password]);
    for (const clean of ['password: swordfish', 'token: ${SERVICE_TOKEN}', 'api_key: <your-api-key>', 'password = changeme123', 'token_uri: https://oauth2.example.com/token', 'secret: none yet']) {
      expect(await found(clean), clean).toEqual([]);
    }
  });

  it('reports a whole private key block, indented in YAML or with escaped line breaks, and not a placeholder block', async () => {
    const body = Array.from({ length: 5 }, () => draw.text(ALNUM, 64));
    const block = ['-----BEGIN PGP PRIVATE KEY BLOCK-----', ...body, '-----END PGP PRIVATE KEY BLOCK-----'];
    for (const text of [`signing:\n  key: |\n${block.map((line) => `    ${line}`).join('\n')}\n`, `KEY="${block.join('\\n')}"`]) {
      const hits = await scanner.scan(text);
      for (const line of body) expect(hits.some((hit) => text.slice(hit.start, hit.end).includes(line)), text).toBe(true);
    }
    for (const placeholder of ['xxx', '...', '***']) {
      expect(await found(`key: |\n  -----BEGIN PRIVATE KEY-----\n  ${placeholder}\n  -----END PRIVATE KEY-----`)).toEqual([]);
    }
  });

  it('reports the values of a Kubernetes Secret, in YAML and inside an .env value', async () => {
    const value = Buffer.from(draw.text(ALNUM, 12)).toString('base64');
    const manifest = ['apiVersion: v1', 'kind: Secret', 'metadata:', '  name: harbour', 'type: Opaque', 'data:', `  token: ${value}`].join('\n');
    expect(await found(manifest)).toContain(value);
    expect(await found(`MANIFEST="${manifest.replace(/\n/g, '\\n')}"`)).toContain(value);
  });

  it('reports the credentials of any address, and not the placeholders of examples', async () => {
    const password = `${draw.text(LOWER, 5)}${draw.text(DIGITS, 3)}`;
    for (const address of [`redis://default:${password}@cache.example.net:6379`, `amqp://rabbit:${password}@queue.internal/vhost`, `jdbc:mysql://sandy:${password}@[hostA:1111,hostB:2222]/db`, 'ftp://user:pass@example.com']) {
      expect((await found(address)).join(' '), address).toContain(address.includes(password) ? password : 'user:pass');
    }
    for (const example of ['https://${username}:${password}@api.example.com/v1', 'https://{USER}:{PASS}@template.example.com', 'postgres://$(PGUSER):$(PGPASSWORD)@db/app', 'mongodb://mongodb:mongodb@localhost:27017/db', 'mongodb://YOUR_USERNAME:YOUR_PASSWORD@cluster/db', 'https://testuser:xxxx@example.com']) {
      expect(await found(example), example).toEqual([]);
    }
  });

  it('keeps to word boundaries and lengths: near-misses of each format are left alone', async () => {
    const near = [
      `xtskey-api-${'A'.repeat(12)}-${'B'.repeat(24)}`,
      `pk_live_${'A'.repeat(24)}`,
      `sk_live_${'A'.repeat(23)}`,
      `cfat_${'aB'.repeat(20)}03fa099bZ`,
      'sk-openai-123456',
      `The scene id is ${draw.guid()}`,
      `sha256 ${draw.text(HEX, 64)}`,
    ];
    for (const text of near) expect(await found(text), text).toEqual([]);
  });

  it('does not let a secretlint-disable comment switch scanning off', async () => {
    const token = `ghp_${draw.text(ALNUM, 36)}`;
    expect(await found(`// secretlint-disable\n${token}\n// secretlint-enable`)).toEqual([token]);
    expect(await found(`${token} // secretlint-disable-line`)).toEqual([token]);
  });

  it('finds every family in one long text (a whole research folder as one tool result)', async () => {
    const parts: string[] = [];
    const secrets: string[] = [];
    for (let copy = 0; copy < 6; copy += 1) {
      for (const [index, family] of SECRET_FAMILIES.entries()) {
        const secret = family.make(draw);
        secrets.push(...secret.mustVanish);
        parts.push(place(secret, family.family, PLACEMENTS[(index + copy) % PLACEMENTS.length]!, draw));
      }
    }
    const text = JSON.stringify({ content: parts.join('\n\n') });
    expect(text.length).toBeGreaterThan(60_000);
    const hits = await scanner.scan(text);
    // Every occurrence of every part is inside a hit (long random parts may be left to the entropy check).
    const covered = (part: string): boolean =>
      [...text.matchAll(new RegExp(part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'))].every((match) => {
        const at = match.index ?? 0;
        return hits.some((hit) => hit.start <= at && at + part.length <= hit.end);
      });
    expect(secrets.filter((part) => !covered(part) && !/^[A-Za-z0-9+/=_~.-]{24,}$/.test(part))).toEqual([]);
  });

  it('adds nothing to the performance timeline, however many texts it scans', async () => {
    const before = performance.getEntriesByType('mark').length;
    for (let index = 0; index < 200; index += 1) await scanner.scan(`password=${draw.text(ALNUM, 12)}1 aws secret`);
    expect(performance.getEntriesByType('mark').length).toBe(before);
  });
});
