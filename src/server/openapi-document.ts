import type { ServerApp } from './server-app.js';

/** Where the app serves its OpenAPI document. */
export const OPENAPI_PATH = '/api/openapi.json';

/** The document's header: the same for the served document and the web client's generated types. */
export function openApiConfig(version: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Control Room', version, description: 'A writers’ room of agents whose every claim rests on real tool runs over the real manuscript.' },
  };
}

/** The OpenAPI document of an app, built in-process (no server, no request). */
export function openApiDocument(app: ServerApp, version: string): ReturnType<ServerApp['getOpenAPI31Document']> {
  return app.getOpenAPI31Document(openApiConfig(version));
}
