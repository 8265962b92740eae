import { ControlRoomError, isControlRoomError } from '../../protocol/index.js';

/** What stands where a secret was. */
export const REDACTED = '[redacted]';

/** Runs of this many characters of a secret are hidden wherever they appear (a cut or masked echo). */
const WINDOW = 8;

/** Headers whose values are secrets too, when a caller adds its own. */
const SECRET_HEADER = /auth|key|token|secret|cookie/i;

/**
 * The secrets a model adapter sends and a server may echo back: the API key, and the values of
 * any extra headers that look like credentials.
 */
export function secretsOf(apiKey: string | null | undefined, headers: Record<string, string> = {}): string[] {
  const values = Object.entries(headers).flatMap(([name, value]) => (SECRET_HEADER.test(name) ? [value.replace(/^(Bearer|Basic|Token)\s+/i, '')] : []));
  return [...new Set([apiKey ?? '', ...values].map((value) => value.trim()).filter((value) => value.length > 0))];
}

/** The base64 of a secret as it appears inside a longer encoded text, at each of the three byte alignments. */
function base64Cores(secret: Buffer): string[] {
  const cores: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), secret]).toString('base64').replace(/=+$/, '');
    // Characters touched by the padding before, or by whatever follows, are left out.
    const core = encoded.slice(offset === 0 ? 0 : offset + 1, encoded.length - 2);
    if (core.length >= WINDOW) cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

/** Every written form of a secret that is not made of its own characters: escaped, encoded, hex, base64. */
function encodedForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = [
    secret,
    JSON.stringify(secret).slice(1, -1),
    JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/'),
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, '+'),
    bytes.toString('hex'),
    ...base64Cores(bytes),
  ];
  return [...new Set(forms)].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Hides every stretch of `text` made of WINDOW or more consecutive characters of the secret (any letter case). */
function hideRuns(text: string, secret: string): string {
  const lowerSecret = secret.toLowerCase();
  if (lowerSecret.length <= WINDOW) return text;
  const windows = new Set<string>();
  for (let start = 0; start + WINDOW <= lowerSecret.length; start += 1) windows.add(lowerSecret.slice(start, start + WINDOW));
  const lower = text.toLowerCase();
  // Lower-casing can change a string's length (a few non-ASCII letters); then only exact forms are hidden.
  if (lower.length !== text.length) return text;
  const hidden = new Uint8Array(text.length);
  let any = false;
  for (let start = 0; start + WINDOW <= lower.length; start += 1) {
    if (windows.has(lower.slice(start, start + WINDOW))) {
      hidden.fill(1, start, start + WINDOW);
      any = true;
    }
  }
  if (!any) return text;
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    if (hidden[index] === 0) out += text[index];
    else if (index === 0 || hidden[index - 1] === 0) out += REDACTED;
  }
  return out;
}

/**
 * Hides the secrets in a text a model server sent back: the exact value in any letter case, its
 * JSON-escaped, URL-encoded, hex and base64 forms, and any run of 8 or more of its characters (a
 * key cut short, or shown with its middle masked, still gives nothing away that way).
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    for (const form of encodedForms(secret)) out = out.replace(new RegExp(escapeRegExp(form), 'gi'), REDACTED);
    out = hideRuns(out, secret);
  }
  return out;
}

/** Every string inside a value, redacted; other values as they are. */
function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactValue(item, secrets)]));
  return value;
}

/**
 * The same failure with the secrets gone from its message, its details (the body excerpt kept for
 * traces) and its cause, before it reaches the answer, a trace or the disk. Other throwables are
 * returned as they are.
 */
export function redactError(error: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0 || !isControlRoomError(error)) return error;
  // A cause is replaced only when it carries a secret (a JSON parse error quotes the text it read).
  const causeMessage = error.cause instanceof Error ? redactSecrets(error.cause.message, secrets) : undefined;
  const cause = error.cause instanceof Error && causeMessage !== error.cause.message ? new Error(causeMessage) : error.cause;
  const details = error.details === undefined ? undefined : (redactValue(error.details, secrets) as Record<string, unknown>);
  return new ControlRoomError(error.code, redactSecrets(error.message, secrets), {
    fault: error.fault,
    ...(details === undefined ? {} : { details }),
    ...(cause === undefined ? {} : { cause }),
  });
}
