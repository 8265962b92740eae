import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../adapters/fs-store/index.js';
import { API_TYPES_FILE, apiTypesSource } from '../../scripts/api-types.js';

describe('the web client’s generated API types', () => {
  it('are what the routes generate now (run `npm run api:types` after changing a route’s schemas)', async () => {
    const committed = await fs.readFile(path.join(packageRoot(), API_TYPES_FILE), 'utf8');
    const wanted = await apiTypesSource();
    // The first differing line says which route changed.
    const committedLines = committed.split('\n');
    const wantedLines = wanted.split('\n');
    const first = wantedLines.findIndex((line, index) => line !== committedLines[index]);
    expect(first === -1 && committedLines.length === wantedLines.length ? null : { line: first + 1, committed: committedLines[first], wanted: wantedLines[first] }).toBeNull();
  });
});
