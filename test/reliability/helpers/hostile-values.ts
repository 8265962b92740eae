/**
 * Hostile inputs for request and path fuzzing: traversal in every spelling we know, and bodies of
 * the wrong shape. Generators are fast-check arbitraries so failures shrink to a small example; the
 * million-input runs use the cheaper seeded mutators beside this file (*-mutator.ts).
 */
import fc from 'fast-check';

/** Path segments and query values that try to leave the workspace or reach app data. */
export const TRAVERSALS: readonly string[] = [
  '..',
  '../..',
  '../../etc/passwd',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%252e%252e%252f',
  '..%2f..%2f',
  '..\\..\\windows\\win.ini',
  '\\\\server\\share',
  '/etc/passwd',
  'C:\\Windows\\system32',
  'C:/Windows',
  '.control-room',
  '.control-room/audit/secret.key',
  'Story/../../outside.md',
  'Story/%2e%2e/%2e%2e/outside.md',
  'Story/Scenes/\u0000.md',
  'a\u0000b',
  '\u202e..',
  '．．/．．/',
  '....//....//',
  '~/.ssh/id_rsa',
  'file:///etc/passwd',
  '',
  ' ',
  'x'.repeat(5000),
];

/** A hostile path: a known traversal, or one stitched from traversal pieces and random text. */
export const hostilePath: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TRAVERSALS),
  // The separator is drawn by the arbitrary itself, so a seeded run repeats and a failure shrinks.
  fc
    .tuple(
      fc.array(fc.oneof(fc.constantFrom('..', '.', '%2e%2e', '%252e%252e', '.control-room', '', '\\', '\u0000', 'Story', 'Scenes'), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 8 }),
      fc.constantFrom('/', '\\', '%2f', '%5c'),
    )
    .map(([parts, separator]) => parts.join(separator)),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => `../${text}`),
  fc.string({ maxLength: 30 }).map((text) => `/${text}`),
);

/** Deeply nested arrays or objects as JSON text (built as text: no stack is used to make them). */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A request body that no route accepts: wrong types, not an object, or not JSON at all. */
export const invalidBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('null', '[]', '0', '-1', 'true', '"text"', '{', '}', '{"message":', 'not json', '\u0000', '[null]', '{"__proto__":{"polluted":true}}'),
  fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.string()).map((value) => JSON.stringify(value) ?? 'null'),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }).map((value) => JSON.stringify(value)),
  // Known field names with values of the wrong type.
  fc
    .record({
      message: fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.constant({})),
      attendees: fc.oneof(fc.string(), fc.integer(), fc.constant([null]), fc.constant([1, 2])),
      user_request: fc.oneof(fc.integer(), fc.constant(null), fc.constant([])),
      agentId: fc.oneof(fc.integer(), fc.constant({}), fc.constant(['chief'])),
      muted: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      issueId: fc.oneof(fc.integer(), fc.constant(null), fc.constant({})),
      default: fc.oneof(fc.string(), fc.integer(), fc.constant([])),
      agents: fc.oneof(fc.string(), fc.integer(), fc.constant([])),
    })
    .map((value) => JSON.stringify(value)),
  fc.integer({ min: 200, max: 5000 }).chain((depth) => fc.constantFrom(deepJson(depth, 'array'), deepJson(depth, 'object'))),
);
