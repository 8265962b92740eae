/**
 * Model servers found on this machine, read from the server's discovery route. The route is
 * looked up in the API's own OpenAPI document (any GET operation about discovered models), and
 * its answer is read leniently, so the picker works with whatever the server lists and falls back
 * to the first-run explanation when there is no such route or nothing answers.
 */

export interface DiscoveredModel {
  id: string;
  contextLength: number | null;
}

export interface DiscoveredServer {
  name: string;
  baseUrl: string;
  reachable: boolean;
  models: DiscoveredModel[];
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

function modelOf(value: unknown): DiscoveredModel | null {
  if (typeof value === 'string') return value.trim() === '' ? null : { id: value, contextLength: null };
  if (!isObject(value)) return null;
  const id = text(value['id']) ?? text(value['name']) ?? text(value['model']);
  if (!id) return null;
  return { id, contextLength: number(value['contextTokens']) ?? number(value['contextLength']) ?? number(value['context_length']) ?? number(value['contextWindow']) ?? number(value['n_ctx']) };
}

function serverOf(value: unknown): DiscoveredServer | null {
  if (!isObject(value)) return null;
  const baseUrl = text(value['baseUrl']) ?? text(value['base_url']) ?? text(value['url']);
  if (!baseUrl) return null;
  const models = (Array.isArray(value['models']) ? value['models'] : []).map(modelOf).filter((model): model is DiscoveredModel => model !== null);
  const reachable = typeof value['reachable'] === 'boolean' ? value['reachable'] : typeof value['ok'] === 'boolean' ? value['ok'] : models.length > 0;
  return { name: text(value['name']) ?? text(value['kind']) ?? text(value['server']) ?? baseUrl, baseUrl, reachable, models };
}

/** Reads a discovery answer of any reasonable shape: `{servers:[…]}`, a bare list, or `{discovered:[…]}`. */
export function readDiscovery(body: unknown): DiscoveredServer[] {
  const list = Array.isArray(body) ? body : isObject(body) ? (body['servers'] ?? body['discovered'] ?? body['results']) : null;
  return (Array.isArray(list) ? list : []).map(serverOf).filter((server): server is DiscoveredServer => server !== null);
}

/** The discovery route in an OpenAPI document: a GET path about models or discovery, other than the settings route. */
export function discoveryPath(document: unknown): string | null {
  const paths = isObject(document) && isObject(document['paths']) ? document['paths'] : {};
  const candidates = Object.entries(paths)
    .filter(([path, methods]) => isObject(methods) && 'get' in methods && !path.includes('{') && path !== '/api/settings/models')
    .map(([path]) => path)
    .filter((path) => /discover/i.test(path) || /^\/api\/models\/?$/.test(path) || /\/api\/(model-)?servers/i.test(path));
  return candidates.sort((a, b) => a.length - b.length)[0] ?? null;
}
