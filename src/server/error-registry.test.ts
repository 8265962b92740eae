import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from '../protocol/index.js';
import { statusForCode } from './error-status.js';
import { sourceFiles } from './testing/source-files.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where a code literal becomes an error: the typed error itself, any `…Error('code', …)` factory,
 * an `{error|issue: {code: '…'}}` failure passed on to be thrown, and the HTTP layer's own bodies.
 */
const EVERYWHERE = [
  /new ControlRoomError\(\s*'([a-z0-9_]+)'/g,
  /\b[a-z][A-Za-z]*Error\(\s*'([a-z0-9]+_[a-z0-9_]+)'/g,
  /\b(?:error|issue): \{\s*code: '([a-z0-9_]+)'/g,
];
const SERVER_CODE_FIELD = /\bcode: '([a-z0-9_]+)'/g;
const SERVER_CODE_CHOICE = /\bcode = [^;]*/g;

/** The error code literals of one source file. */
function errorCodeLiterals(file: string, text: string): string[] {
  const inServer = file.split(path.sep).includes('server');
  const codes: string[] = [];
  for (const pattern of EVERYWHERE) for (const match of text.matchAll(pattern)) codes.push(match[1] ?? '');
  if (inServer) {
    for (const match of text.matchAll(SERVER_CODE_FIELD)) codes.push(match[1] ?? '');
    // `const code = status === 413 ? 'payload_too_large' : …`: every quoted code of the expression.
    for (const match of text.matchAll(SERVER_CODE_CHOICE)) for (const quoted of match[0].matchAll(/'([a-z0-9]+_[a-z0-9_]+|[a-z]+)'/g)) codes.push(quoted[1] ?? '');
  }
  return [...new Set(codes.filter((code) => code.length > 0))];
}

describe('the one error registry', () => {
  it('finds codes however an error is written (the scan itself)', () => {
    const server = path.join(SRC, 'server', 'x.ts');
    const text = [
      "throw new ControlRoomError(\n  'widget_missing', 'm');",
      "return gadgetError('gadget_broken', 'm');",
      "return { ok: false, issue: { code: 'thing_ambiguous', message: 'm' } };",
      "errorResponse(c, { status: 418, code: 'teapot', message: 'm' });",
      "const code = status === 413 ? 'too_big' : 'bad_request';",
      "throw new TypeError('not a code');",
    ].join('\n');
    expect(errorCodeLiterals(server, text).sort()).toEqual(['bad_request', 'gadget_broken', 'teapot', 'thing_ambiguous', 'too_big', 'widget_missing']);
    expect(errorCodeLiterals(path.join(SRC, 'core', 'x.ts'), "const issue = { code: 'data_only' };")).toEqual([]);
  });

  it('lists every code the source throws or answers with, each with its HTTP status', async () => {
    const unregistered = new Map<string, string>();
    for (const file of await sourceFiles(SRC)) {
      const text = await fs.readFile(file, 'utf8');
      for (const code of errorCodeLiterals(file, text)) {
        if (!isErrorCode(code) && !unregistered.has(code)) unregistered.set(code, path.relative(SRC, file));
      }
    }
    // Add each one to a list in src/protocol/errors.ts and its status to src/server/error-status.ts.
    expect(Object.fromEntries(unregistered)).toEqual({});
  });

  it('has no code twice, every code in snake case, and a status for each', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(statusForCode(code, 'user')).toBe(statusForCode(code, 'system'));
    }
  });
});
