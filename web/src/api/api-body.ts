/**
 * The bodies of the HTTP API's routes, read from the types generated from the server's OpenAPI
 * document (`npm run api:types`): the web client names a route and gets its shapes, so a route's
 * schema is the one place those shapes are written.
 */
import type { paths } from './generated/openapi-types.js';

/** A route of the document, as written there (`/api/tasks/{id}`). */
export type ApiPath = keyof paths;

/** A method the route answers, in the document's lower case. */
export type ApiMethod<Path extends ApiPath> = {
  [Method in 'get' | 'put' | 'post' | 'delete' | 'patch']: paths[Path][Method] extends { responses: object } ? Method : never;
}['get' | 'put' | 'post' | 'delete' | 'patch'];

type Operation<Path extends ApiPath, Method extends ApiMethod<Path>> = paths[Path][Method];

type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;

type Responses<Path extends ApiPath, Method extends ApiMethod<Path>> =
  Operation<Path, Method> extends { responses: infer All } ? All : never;

type Success = 200 | 201 | 202;

/** The JSON body a route answers with when it succeeds (200, 201 or 202). */
export type ResponseBody<Path extends ApiPath, Method extends ApiMethod<Path>> = JsonOf<
  Responses<Path, Method>[Success & keyof Responses<Path, Method>]
>;

/** The JSON body a route reads. */
export type RequestBody<Path extends ApiPath, Method extends ApiMethod<Path>> =
  Operation<Path, Method> extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never;
