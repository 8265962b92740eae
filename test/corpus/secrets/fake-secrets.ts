/**
 * Fake secrets in each provider's format, drawn from a seeded generator, so every run sees the
 * same corpus and nothing committed here looks like a leaked key to a scanner. One family per rule
 * of secretlint's recommended preset and its other maintained rules, plus the families our own
 * patterns and the entropy check cover.
 */
import { seededRandom } from '../../../src/core/testing/index.js';

export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const DIGITS = '0123456789';
export const HEX = '0123456789abcdef';
export const ALNUM = UPPER + LOWER + DIGITS;
export const BASE64 = `${ALNUM}+/`;
export const BASE64URL = `${ALNUM}_-`;

/** A seeded source of random choices. */
export class Draw {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  one<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)] as T;
  }

  text(alphabet: string, length: number): string {
    let out = '';
    for (let index = 0; index < length; index += 1) out += alphabet[this.int(0, alphabet.length - 1)];
    return out;
  }

  /** Random text that holds at least one character of each alphabet (a password, a key with digits). */
  mixed(alphabets: readonly string[], length: number): string {
    const all = alphabets.join('');
    const characters = [...this.text(all, length)];
    alphabets.forEach((alphabet, index) => (characters[(index * 7) % length] = this.text(alphabet, 1)));
    return characters.join('');
  }

  guid(): string {
    return [8, 4, 4, 4, 12].map((length) => this.text(HEX, length)).join('-');
  }

  base64(bytes: number): string {
    const body = this.text(BASE64, Math.ceil((bytes * 4) / 3));
    const padding = (3 - (bytes % 3)) % 3;
    return body.slice(0, body.length - padding) + '='.repeat(padding);
  }
}

/** One fake secret and how to place it. */
export interface FakeSecret {
  /** The raw value as it would be pasted. */
  value: string;
  /** Parts that must not survive scrubbing (the value itself unless the family says otherwise). */
  mustVanish: string[];
  /** The name an `.env` line, a YAML key or a JSON member would give it. */
  label: string;
  /** How a writer would name it in a sentence ("my Stripe key"). */
  spoken: string;
  /** A block of lines (PEM keys, manifests) rather than one token. */
  block?: boolean;
}

export interface SecretFamily {
  /** The rule family, e.g. `stripe` or `privatekey`. */
  family: string;
  /** Who is expected to catch it: the preset, our supplementary patterns or the entropy check. */
  caughtBy: 'preset' | 'pattern' | 'entropy';
  make: (draw: Draw) => FakeSecret;
}

const token = (value: string, label: string, spoken: string): FakeSecret => ({ value, mustVanish: [value], label, spoken });

function pemBlock(draw: Draw, kind: string): FakeSecret {
  const lines = Array.from({ length: draw.int(6, 14) }, () => draw.text(BASE64, 64));
  lines.push(`${draw.text(BASE64, draw.int(8, 60))}${draw.one(['', '=', '=='])}`);
  const value = [`-----BEGIN ${kind}-----`, ...lines, `-----END ${kind}-----`].join('\n');
  return { value, mustVanish: lines.slice(0, -1), label: 'PRIVATE_KEY', spoken: 'private key', block: true };
}

function withPassword(draw: Draw, build: (user: string, password: string) => string, label: string, spoken: string): FakeSecret {
  const password = draw.mixed([LOWER, UPPER, DIGITS], draw.int(10, 18));
  return { value: build(draw.text(LOWER, draw.int(4, 9)), password), mustVanish: [password], label, spoken };
}

function jwt(draw: Draw): string {
  const part = (json: Record<string, unknown>) => Buffer.from(JSON.stringify(json)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: draw.text(DIGITS, 8), name: draw.text(LOWER, 6), iat: draw.int(1_600_000_000, 1_800_000_000) })}.${draw.text(BASE64URL, 43)}`;
}

export const SECRET_FAMILIES: readonly SecretFamily[] = [
  { family: 'aws-access-key-id', caughtBy: 'pattern', make: (d) => token(`${d.one(['AKIA', 'ASIA'])}${d.text('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`, 'AWS_ACCESS_KEY_ID', 'AWS access key id') },
  { family: 'aws-secret-access-key', caughtBy: 'preset', make: (d) => token(d.mixed([UPPER, LOWER, DIGITS, '+/'], 40), 'AWS_SECRET_ACCESS_KEY', 'AWS secret access key') },
  { family: 'aws-account-id', caughtBy: 'pattern', make: (d) => token(d.one([true, false]) ? `${d.text(DIGITS, 4)}-${d.text(DIGITS, 4)}-${d.text(DIGITS, 4)}` : d.text(DIGITS, 12), 'AWS_ACCOUNT_ID', 'AWS account id') },
  { family: 'privatekey-rsa', caughtBy: 'preset', make: (d) => pemBlock(d, 'RSA PRIVATE KEY') },
  { family: 'privatekey-pkcs8', caughtBy: 'preset', make: (d) => pemBlock(d, 'PRIVATE KEY') },
  { family: 'privatekey-ec', caughtBy: 'preset', make: (d) => pemBlock(d, 'EC PRIVATE KEY') },
  { family: 'privatekey-openssh', caughtBy: 'preset', make: (d) => pemBlock(d, 'OPENSSH PRIVATE KEY') },
  { family: 'privatekey-encrypted', caughtBy: 'preset', make: (d) => pemBlock(d, 'ENCRYPTED PRIVATE KEY') },
  {
    family: 'gcp-service-account',
    caughtBy: 'preset',
    make: (d) => {
      const key = pemBlock(d, 'PRIVATE KEY');
      return { ...key, label: 'GOOGLE_CREDENTIALS', spoken: 'service account key' };
    },
  },
  { family: 'npm', caughtBy: 'preset', make: (d) => token(`npm_${d.text(ALNUM, 36)}`, 'NPM_TOKEN', 'npm token') },
  { family: 'basicauth', caughtBy: 'preset', make: (d) => withPassword(d, (user, password) => `https://${user}:${password}@${d.text(LOWER, 7)}.example.com/${d.text(LOWER, 5)}`, 'SERVICE_URL', 'service address') },
  { family: 'slack-bot', caughtBy: 'preset', make: (d) => token(`xoxb-${d.text(DIGITS, 11)}-${d.text(DIGITS, 13)}-${d.text(ALNUM, 24)}`, 'SLACK_BOT_TOKEN', 'Slack bot token') },
  { family: 'slack-user', caughtBy: 'preset', make: (d) => token(`xoxp-${d.text(DIGITS, 11)}-${d.text(DIGITS, 12)}-${d.text(DIGITS, 13)}-${d.text(HEX, 32)}`, 'SLACK_USER_TOKEN', 'Slack user token') },
  { family: 'slack-app', caughtBy: 'preset', make: (d) => token(`xapp-1-A${d.text(UPPER + DIGITS, 10)}-${d.text(DIGITS, 13)}-${d.text(HEX, 64)}`, 'SLACK_APP_TOKEN', 'Slack app token') },
  { family: 'slack-webhook', caughtBy: 'preset', make: (d) => token(`https://hooks.slack.com/services/T${d.text(UPPER + DIGITS, 9)}/B${d.text(UPPER + DIGITS, 10)}/${d.text(ALNUM, 24)}`, 'SLACK_WEBHOOK_URL', 'Slack webhook') },
  { family: 'sendgrid', caughtBy: 'preset', make: (d) => token(`SG.${d.text(BASE64URL, 22)}.${d.text(BASE64URL, 43)}`, 'SENDGRID_API_KEY', 'SendGrid key') },
  { family: 'shopify', caughtBy: 'preset', make: (d) => token(`${d.one(['shpat', 'shpss', 'shpca', 'shppa'])}_${d.text(HEX, 32)}`, 'SHOPIFY_ACCESS_TOKEN', 'Shopify token') },
  { family: 'github', caughtBy: 'preset', make: (d) => token(`${d.one(['ghp', 'gho', 'ghu', 'ghs', 'ghr'])}_${d.text(ALNUM, 36)}`, 'GITHUB_TOKEN', 'GitHub token') },
  { family: 'github-fine-grained', caughtBy: 'preset', make: (d) => token(`github_pat_${d.text(ALNUM, 22)}_${d.text(ALNUM, 59)}`, 'GH_PAT', 'GitHub personal access token') },
  { family: 'gitlab', caughtBy: 'preset', make: (d) => token(`glpat-${d.mixed([LOWER, UPPER, DIGITS], 20)}`, 'GITLAB_TOKEN', 'GitLab token') },
  { family: 'grafana-service-account', caughtBy: 'preset', make: (d) => token(`glsa_${d.text(ALNUM, 32)}_${d.text(HEX, 8)}`, 'GRAFANA_TOKEN', 'Grafana token') },
  { family: 'grafana-cloud', caughtBy: 'pattern', make: (d) => token(`glc_${Buffer.from(JSON.stringify({ o: d.text(DIGITS, 6), n: d.text(LOWER, 8), k: d.text(ALNUM, 24) })).toString('base64')}`, 'GRAFANA_CLOUD_TOKEN', 'Grafana Cloud token') },
  { family: 'openai-project', caughtBy: 'preset', make: (d) => token(`sk-${d.one(['proj-', 'svcacct-', 'admin-', ''])}${d.text(BASE64URL, 40)}T3BlbkFJ${d.text(BASE64URL, 40)}`, 'OPENAI_API_KEY', 'OpenAI key') },
  { family: 'openai-legacy', caughtBy: 'pattern', make: (d) => token(`sk-${d.mixed([UPPER, LOWER, DIGITS], 48)}`, 'OPENAI_API_KEY', 'OpenAI key') },
  { family: 'openai-hex', caughtBy: 'pattern', make: (d) => token(`sk-${d.mixed([HEX, DIGITS], 48)}`, 'LLM_API_KEY', 'model key') },
  { family: 'anthropic', caughtBy: 'preset', make: (d) => token(`sk-ant-api03-${d.text(BASE64URL, 93)}AA`, 'ANTHROPIC_API_KEY', 'Anthropic key') },
  { family: 'groq', caughtBy: 'preset', make: (d) => token(`gsk_${d.text(ALNUM, 52)}`, 'GROQ_API_KEY', 'Groq key') },
  { family: 'huggingface', caughtBy: 'preset', make: (d) => token(`hf_${d.text(UPPER + LOWER, 34)}`, 'HF_TOKEN', 'Hugging Face token') },
  { family: 'linear', caughtBy: 'preset', make: (d) => token(`lin_api_${d.text(ALNUM, 40)}`, 'LINEAR_API_KEY', 'Linear key') },
  { family: 'notion', caughtBy: 'preset', make: (d) => token(`ntn_${d.text(DIGITS, 11)}${d.text(ALNUM, 35)}`, 'NOTION_TOKEN', 'Notion token') },
  {
    family: '1password',
    caughtBy: 'preset',
    make: (d) => token(`ops_${Buffer.from(JSON.stringify({ email: `${d.text(LOWER, 12)}@1passwordserviceaccounts.lcl`, muk: { alg: 'A256GCM', k: d.text(BASE64URL, 43) }, secretKey: d.text(UPPER + DIGITS, 30), srpX: d.text(HEX, 64), signInAddress: `${d.text(LOWER, 8)}.1password.com`, userAuth: { method: 'SRPg-4096', alg: 'PBES2g-HS256', iterations: 650000, salt: d.text(BASE64URL, 22) } })).toString('base64')}`, 'OP_SERVICE_ACCOUNT_TOKEN', '1Password service account token'),
  },
  { family: 'database-mongodb', caughtBy: 'preset', make: (d) => withPassword(d, (user, password) => `mongodb${d.one(['', '+srv'])}://${user}:${password}@cluster${d.int(0, 9)}.${d.text(LOWER, 6)}.mongodb.net/${d.text(LOWER, 5)}`, 'MONGO_URI', 'database address') },
  { family: 'database-mysql', caughtBy: 'preset', make: (d) => withPassword(d, (user, password) => `mysql://${user}:${password}@db.${d.text(LOWER, 6)}.com:3306/${d.text(LOWER, 5)}`, 'MYSQL_URL', 'database address') },
  { family: 'database-postgres', caughtBy: 'preset', make: (d) => withPassword(d, (user, password) => `${d.one(['postgres', 'postgresql'])}://${user}:${password}@pg.${d.text(LOWER, 6)}.internal:5432/${d.text(LOWER, 5)}`, 'DATABASE_URL', 'database address') },
  { family: 'database-jdbc', caughtBy: 'preset', make: (d) => withPassword(d, (user, password) => `jdbc:mysql://${user}:${password}@${d.text(LOWER, 6)}.example.org:3306/${d.text(LOWER, 5)}`, 'JDBC_URL', 'database address') },
  { family: 'url-credentials', caughtBy: 'pattern', make: (d) => withPassword(d, (user, password) => `${d.one(['redis', 'amqp', 'sftp', 'smtp'])}://${user}:${password}@${d.text(LOWER, 6)}.internal:${d.int(1000, 9999)}`, 'BROKER_URL', 'broker address') },
  { family: 'hashicorp-vault', caughtBy: 'preset', make: (d) => token(`${d.one(['hvs', 'hvb'])}.${d.text(BASE64URL, d.int(90, 110))}`, 'VAULT_TOKEN', 'Vault token') },
  { family: 'vercel', caughtBy: 'preset', make: (d) => token(`${d.one(['vcp', 'vci', 'vca', 'vcr', 'vck'])}_${d.text(ALNUM, d.int(40, 56))}`, 'VERCEL_TOKEN', 'Vercel token') },
  { family: 'databricks', caughtBy: 'preset', make: (d) => token(`dapi${d.text(HEX, 32)}${d.one(['', '-2', '-3'])}`, 'DATABRICKS_TOKEN', 'Databricks token') },
  { family: 'docker', caughtBy: 'preset', make: (d) => token(`dckr_pat_${d.text(BASE64URL, 27)}`, 'DOCKER_TOKEN', 'Docker Hub token') },
  { family: 'figma', caughtBy: 'preset', make: (d) => token(`figd_${d.text(ALNUM, 40)}`, 'FIGMA_TOKEN', 'Figma token') },
  { family: 'stripe', caughtBy: 'pattern', make: (d) => token(`${d.one(['sk_live', 'sk_test', 'rk_live', 'rk_test'])}_${d.text(ALNUM, d.int(24, 99))}`, 'STRIPE_SECRET_KEY', 'Stripe key') },
  { family: 'tailscale', caughtBy: 'pattern', make: (d) => token(`tskey-${d.one(['api', 'auth', 'client', 'scim', 'webhook'])}-${d.text(ALNUM, 12)}-${d.text(ALNUM, d.int(24, 40))}`, 'TS_AUTHKEY', 'Tailscale key') },
  { family: 'cloudflare', caughtBy: 'pattern', make: (d) => token(`${d.one(['cfat', 'cfut', 'cfk'])}_${d.text(ALNUM, 40)}${d.text(HEX, 8)}`, 'CLOUDFLARE_API_TOKEN', 'Cloudflare token') },
  { family: 'azure-tenant-id', caughtBy: 'pattern', make: (d) => token(d.guid(), 'AZURE_TENANT_ID', 'Azure tenant id') },
  { family: 'azure-client-id', caughtBy: 'pattern', make: (d) => token(d.guid(), 'AZURE_CLIENT_ID', 'Azure client id') },
  { family: 'azure-subscription-id', caughtBy: 'pattern', make: (d) => token(d.guid(), 'AZURE_SUBSCRIPTION_ID', 'Azure subscription id') },
  { family: 'azure-client-secret', caughtBy: 'pattern', make: (d) => token(`${d.text(ALNUM, 3)}${d.int(0, 9)}Q~${d.text(`${ALNUM}_~.-`, 34)}`, 'AZURE_CLIENT_SECRET', 'Azure client secret') },
  { family: 'azure-client-secret-legacy', caughtBy: 'pattern', make: (d) => token(d.mixed([LOWER, DIGITS, '-_.~'], 40), 'AZURE_CLIENT_SECRET', 'Azure client secret') },
  {
    family: 'azure-storage-key',
    caughtBy: 'pattern',
    make: (d) => {
      const key = d.base64(64);
      return { value: `DefaultEndpointsProtocol=https;AccountName=${d.text(LOWER, 10)};AccountKey=${key};EndpointSuffix=core.windows.net`, mustVanish: [key.replace(/=+$/, '')], label: 'AZURE_STORAGE_CONNECTION_STRING', spoken: 'storage connection string' };
    },
  },
  { family: 'hex-private-key-0x', caughtBy: 'pattern', make: (d) => token(`0x${d.text(HEX, 64)}`, 'WALLET_KEY', 'wallet key') },
  { family: 'hex-private-key-labelled', caughtBy: 'pattern', make: (d) => token(d.text(HEX + 'ABCDEF', 64), 'ETH_PRIVATE_KEY', 'private key') },
  { family: 'json-web-token', caughtBy: 'pattern', make: (d) => token(jwt(d), 'SESSION_JWT', 'session token') },
  { family: 'google-api-key', caughtBy: 'pattern', make: (d) => token(`AIza${d.text(BASE64URL, 35)}`, 'GOOGLE_API_KEY', 'Google API key') },
  {
    family: 'kubernetes-secret',
    caughtBy: 'pattern',
    make: (d) => {
      const user = Buffer.from(d.text(LOWER, 6)).toString('base64');
      const password = Buffer.from(d.mixed([LOWER, DIGITS], 14)).toString('base64');
      const value = ['apiVersion: v1', 'kind: Secret', 'metadata:', `  name: ${d.text(LOWER, 8)}`, 'type: Opaque', 'data:', `  username: ${user}`, `  password: ${password}`].join('\n');
      return { value, mustVanish: [user, password], label: 'MANIFEST', spoken: 'Kubernetes secret', block: true };
    },
  },
  { family: 'labelled-password', caughtBy: 'pattern', make: (d) => token(d.mixed([LOWER, UPPER, DIGITS, '!@#$%^&*'], d.int(10, 16)), 'DB_PASSWORD', 'database password') },
  {
    family: 'connection-string-password',
    caughtBy: 'pattern',
    make: (d) => {
      const password = d.mixed([LOWER, UPPER, DIGITS, '!@#$%'], d.int(10, 16));
      return { value: `Server=tcp:${d.text(LOWER, 8)}.database.windows.net,1433;Database=novel;User ID=${d.text(LOWER, 5)};Password=${password};Encrypt=true`, mustVanish: [password], label: 'SQL_CONNECTION', spoken: 'connection string' };
    },
  },
  {
    family: 'netrc-password',
    caughtBy: 'pattern',
    make: (d) => {
      const password = d.mixed([LOWER, UPPER, DIGITS, '!@#$%'], d.int(10, 16));
      return { value: `machine api.${d.text(LOWER, 7)}.com login ${d.text(LOWER, 5)} password ${password}`, mustVanish: [password], label: 'NETRC', spoken: 'netrc line' };
    },
  },
  {
    family: 'authorization-basic',
    caughtBy: 'pattern',
    make: (d) => {
      const credentials = Buffer.from(`${d.text(LOWER, 6)}:${d.mixed([LOWER, DIGITS], 12)}`).toString('base64');
      return { value: `Authorization: Basic ${credentials}`, mustVanish: [credentials], label: 'AUTH_HEADER', spoken: 'header' };
    },
  },
  { family: 'random-token', caughtBy: 'entropy', make: (d) => token(d.mixed([UPPER, LOWER, DIGITS], d.int(28, 48)), 'SESSION_SECRET', 'session secret') },
];
