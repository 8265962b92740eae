/**
 * Writes `web/src/api/generated/openapi-types.ts`, the web client's types, from the OpenAPI document
 * the server builds in-process over a throwaway sample workspace: no server is started, nothing
 * is fetched. The web client aliases these types instead of mirroring the API's shapes by hand.
 *   npm run api:types             write the file
 *   npm run api:types -- --check  exit 1 when the file is out of date
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { packageRoot } from '../src/adapters/fs-store/index.js';
import { openApiDocument } from '../src/server/openapi-document.js';
import { openRouteFixture } from '../src/server/testing/route-fixture.js';

/** The generated file, relative to the package root. */
export const API_TYPES_FILE = 'web/src/api/generated/openapi-types.ts';

const HEADER = [
  '/**',
  ' * Generated from the server’s OpenAPI document by `npm run api:types` (scripts/api-types.ts).',
  ' * Do not edit: change the route schemas and generate again.',
  ' */',
  '',
].join('\n');

/** The text the generated file must have for the routes as they are now. */
export async function apiTypesSource(): Promise<string> {
  const fixture = await openRouteFixture();
  try {
    const document = openApiDocument(fixture.app, '0.0.0');
    const ast = await openapiTS(document as unknown as OpenAPI3, { silent: true });
    return `${HEADER}${astToString(ast)}`;
  } finally {
    await fixture.close();
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = path.join(packageRoot(), API_TYPES_FILE);
  const wanted = await apiTypesSource();
  if (process.argv.includes('--check')) {
    const current = await fs.readFile(target, 'utf8').catch(() => '');
    if (current !== wanted) {
      console.error(`${API_TYPES_FILE} is out of date. Run: npm run api:types`);
      process.exit(1);
    }
    console.log(`${API_TYPES_FILE} is up to date.`);
  } else {
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, wanted);
    console.log(`Wrote ${API_TYPES_FILE}.`);
  }
}
