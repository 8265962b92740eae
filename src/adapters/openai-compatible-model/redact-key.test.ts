import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ControlRoomError } from '../../protocol/index.js';
import { REDACTED, redactError, redactSecrets, secretsOf } from './redact-key.js';

/** Keys of several shapes: provider prefixes, JSON- and URL-special characters, non-ASCII. */
const KEYS = [
  'sk-proj-Zq8vT2mLr5Nx0Wc7Hd3Yb9KsAa11',
  'gsk_4ivPq7Rr2Lm0Tx8Vw6Yz3Nb1Ck5Hd',
  'key/with+plus=and/slash"quote\\back',
  'pässwörd-ünïcode-schlüssel-42',
  'AIzaSyB-3xT9qLm0Rv7Kw2Nd5Hc8Yf1Zp4Js',
];

/** The ways a server could echo a key back. */
function echoes(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8');
  return [
    `Incorrect API key provided: ${key}.`,
    JSON.stringify({ error: { message: `invalid key ${key}` } }),
    JSON.stringify({ error: { message: `invalid key ${key}` } }).replace(/\//g, '\\/'),
    `header was "Bearer ${key}"`,
    `authorization=${encodeURIComponent(`Bearer ${key}`)}`,
    `key: ${key.toUpperCase()}`,
    `key (hex) ${bytes.toString('hex')}`,
    `key (HEX) ${bytes.toString('hex').toUpperCase()}`,
    `basic ${Buffer.from(`user:${key}`).toString('base64')}`,
    `b64 ${bytes.toString('base64')}`,
    `b64url ${Buffer.from(`x${key}`).toString('base64url')}`,
    `bearer b64 ${Buffer.from(`Bearer ${key}`).toString('base64')}`,
    `truncated ${key.slice(0, Math.ceil(key.length * 0.6))}…`,
    `masked ${key.slice(0, 8)}${'*'.repeat(20)}${key.slice(-8)}`,
    `twice: ${key} and again ${key}`,
  ];
}

/** True when some run of 8 characters of the key, or its whole encoded forms, is still in the text. */
function leaks(text: string, key: string): boolean {
  const lower = text.toLowerCase();
  const bytes = Buffer.from(key, 'utf8');
  for (let start = 0; start + 8 <= key.length; start += 1) if (lower.includes(key.slice(start, start + 8).toLowerCase())) return true;
  return [bytes.toString('hex'), bytes.toString('base64').slice(0, -3), Buffer.from(`user:${key}`).toString('base64').slice(8, -3)].some((form) => text.includes(form));
}

describe('redactSecrets', () => {
  it.each(KEYS)('hides every echo of the key %#', (key) => {
    for (const text of echoes(key)) {
      const redacted = redactSecrets(text, [key]);
      expect(leaks(redacted, key), `${text} → ${redacted}`).toBe(false);
      expect(redacted).toContain(REDACTED);
    }
  });

  it('leaves texts without the key alone', () => {
    const text = 'The model server answered HTTP 401 for model "qwen": Unauthorized. Check the API key.';
    expect(redactSecrets(text, [KEYS[0]!])).toBe(text);
    expect(redactSecrets(text, [])).toBe(text);
  });

  it('hides a random key wherever it is put in random text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 9, maxLength: 60 }).filter((key) => key.trim() === key && key.toLowerCase().length === key.length), fc.string(), fc.string(), (key, before, after) => {
        const redacted = redactSecrets(`${before}${key}${after}`, [key]);
        expect(redacted.toLowerCase()).not.toContain(key.toLowerCase());
      }),
      { numRuns: 500 },
    );
  });
});

describe('secretsOf and redactError', () => {
  it('takes the key and credential-looking headers', () => {
    expect(secretsOf('k1', { authorization: 'Bearer t2', 'x-api-key': 'k3', 'http-referer': 'https://app.example' })).toEqual(['k1', 't2', 'k3']);
    expect(secretsOf(null)).toEqual([]);
  });

  it('returns the same failure without the key in its message, details or cause', () => {
    const key = KEYS[0]!;
    const original = new ControlRoomError('model_http_error', `HTTP 401: Incorrect API key provided: ${key}`, {
      fault: 'system',
      details: { status: 401, transient: false, body: JSON.stringify({ error: { message: `bad ${key}` } }) },
      cause: new SyntaxError(`Unexpected token in "${key}"`),
    });
    const redacted = redactError(original, [key]) as ControlRoomError;
    expect(redacted).toBeInstanceOf(ControlRoomError);
    expect({ code: redacted.code, fault: redacted.fault, status: redacted.details?.['status'] }).toEqual({ code: 'model_http_error', fault: 'system', status: 401 });
    const everything = JSON.stringify({ message: redacted.message, details: redacted.details, cause: (redacted.cause as Error).message, stack: redacted.stack });
    expect(everything).not.toContain(key);
    expect(everything).toContain(REDACTED);
    const plain = new Error('not ours');
    expect(redactError(plain, [key])).toBe(plain);
  });
});
