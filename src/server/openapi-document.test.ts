import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../protocol/index.js';
import { openApiDocument } from './openapi-document.js';
import { openRouteFixture, type RouteFixture } from './testing/route-fixture.js';
import { sourceFiles } from './testing/source-files.js';

type Schema = {
  $ref?: string;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
};
type Content = Record<string, { schema?: Schema }>;
interface Operation {
  operationId?: string;
  requestBody?: { content?: Content };
  responses?: Record<string, { content?: Content }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** The problems of one document against the rules of src/server/schemas.ts, one line each. */
function documentProblems(document: Document): string[] {
  const problems: string[] = [];
  const schemas = document.components?.schemas ?? {};
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    const ref = schema?.$ref;
    if (ref === undefined) return schema;
    const name = ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : null;
    return name === null ? undefined : schemas[name];
  };
  const named = (schema: Schema | undefined): boolean => {
    if (!schema) return false;
    if (schema.$ref !== undefined) return resolve(schema) !== undefined;
    const parts = schema.oneOf ?? schema.anyOf ?? schema.allOf;
    return parts !== undefined && parts.length > 0 && parts.every((part) => named(part));
  };
  const eventName = (member: Schema | undefined): unknown => {
    const event = resolve(member)?.properties?.['event'];
    return event?.const ?? (event?.enum?.length === 1 ? event.enum[0] : undefined);
  };
  const seen = new Map<string, string>();
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const where = `${method.toUpperCase()} ${route}`;
      const id = operation.operationId;
      if (id === undefined) problems.push(`${where}: no operationId`);
      else if (!/^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(id)) problems.push(`${where}: operationId "${id}" is not camelCase verbNoun`);
      else if (seen.has(id)) problems.push(`${where}: operationId "${id}" is also ${seen.get(id)}`);
      else seen.set(id, where);
      const bodies: Array<[string, Content | undefined]> = [
        ['request body', operation.requestBody?.content],
        ...Object.entries(operation.responses ?? {}).map(([status, response]): [string, Content | undefined] => [`${status} response`, response.content]),
      ];
      for (const [what, content] of bodies) {
        for (const [type, media] of Object.entries(content ?? {})) {
          if (/^application\/(?:[\w.+-]+\+)?json$/.test(type) && !named(media.schema)) problems.push(`${where}: the ${what} (${type}) is not a named schema`);
          if (type !== 'text/event-stream') continue;
          const members = resolve(media.schema)?.oneOf;
          if (!members || members.length === 0) {
            problems.push(`${where}: the ${what} (text/event-stream) does not list its events`);
            continue;
          }
          for (const member of members) {
            const event = eventName(member);
            if (member.$ref === undefined || typeof event !== 'string') problems.push(`${where}: an event of the ${what} is not a named {event, data} schema`);
            else if (resolve(member)?.properties?.['data'] === undefined) problems.push(`${where}: the "${event}" event has no data schema`);
          }
        }
      }
    }
  }
  return problems;
}

let fixture: RouteFixture;
let document: Document;
beforeAll(async () => {
  fixture = await openRouteFixture();
  document = openApiDocument(fixture.app, '0.0.0-test') as unknown as Document;
});
afterAll(async () => {
  await fixture.close();
});

describe('the OpenAPI document', () => {
  it('names every operation once, and every JSON body and event stream by reusable schemas', () => {
    // Fix each with the helpers of src/server/schemas.ts: operationId, `.openapi('Name')`, eventStreamContent.
    expect(documentProblems(document)).toEqual([]);
  });

  it('is the document the server serves', async () => {
    const served = await fixture.send('GET', '/api/openapi.json');
    expect(await served.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('gives each schema name once in the source: a second schema under a taken name would replace the first unseen', async () => {
    const where = new Map<string, string[]>();
    for (const file of await sourceFiles(path.join(SRC, 'server'))) {
      const text = await fs.readFile(file, 'utf8');
      for (const match of text.matchAll(/(?:\.openapi\(|\bnamed\([^,()]+,)\s*'([A-Za-z0-9_]+)'/g)) {
        const name = match[1] ?? '';
        where.set(name, [...(where.get(name) ?? []), path.relative(SRC, file)]);
      }
    }
    expect(where.size).toBeGreaterThan(20);
    expect([...where].filter(([, files]) => files.length > 1)).toEqual([]);
  });

  it('lists every error code of the registry on the error body', () => {
    const schemas = document.components?.schemas ?? {};
    expect(schemas['ErrorCode']?.enum).toEqual([...ERROR_CODES]);
    expect(schemas['ErrorBody']).toBeDefined();
    expect(JSON.stringify(schemas['ErrorBody'])).toContain('#/components/schemas/ErrorCode');
  });

  it('describes the chat and conference streams event by event', () => {
    const events = (stream: string) => (document.components?.schemas?.[stream]?.oneOf ?? []).map((member) => member.$ref?.split('/').pop());
    expect(events('ChatStreamEvent')).toEqual(expect.arrayContaining(['ChatStreamDeltaEvent', 'ChatStreamDoneEvent', 'ChatStreamErrorEvent']));
    expect(events('ConferenceRoundStreamEvent')).toEqual(expect.arrayContaining(['ConferenceRoundStreamEntryEvent', 'ConferenceRoundStreamDoneEvent']));
  });

  it('finds what breaks the rules (the walker itself)', () => {
    const bad: Document = {
      paths: {
        '/a': {
          get: { responses: { 200: { content: { 'application/json': { schema: { type: 'object' } } } } } },
          post: { operationId: 'Make-thing', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } } } },
        },
        '/b': {
          get: { operationId: 'getThing', responses: { 200: { content: { 'text/event-stream': { schema: { type: 'string' } } } } } },
          put: { operationId: 'getThing', responses: { 200: { content: { 'text/event-stream': { schema: { oneOf: [{ $ref: '#/components/schemas/NoData' }] } } } } } },
        },
        '/c': { get: { operationId: 'listThings', responses: { 200: { content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/Thing' }] } } } } } } },
      },
      components: { schemas: { Thing: { type: 'object' }, NoData: { type: 'object', properties: { event: { const: 'tick' } } } } },
    };
    expect(documentProblems(bad)).toEqual([
      'GET /a: no operationId',
      'GET /a: the 200 response (application/json) is not a named schema',
      'POST /a: operationId "Make-thing" is not camelCase verbNoun',
      'POST /a: the request body (application/json) is not a named schema',
      'GET /b: the 200 response (text/event-stream) does not list its events',
      'PUT /b: operationId "getThing" is also GET /b',
      'PUT /b: the "tick" event has no data schema',
    ]);
  });
});
