import type { Context, MiddlewareHandler } from 'hono';
import { APP_REQUEST_HEADER, MCP_HTTP_PATH, type RequestGuardErrorCode } from '../protocol/index.js';
import type { AllowedHosts } from './allowed-hosts.js';
import { errorResponse } from './error-response.js';

/** Methods that only read: they still need a good Host, and no other site may load them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The media types Hono's JSON validator reads: `application/json` and `application/<x>+json`. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;

/** Raw audio types the upload route reads; no form or simple request can send them. */
const RAW_AUDIO_TYPE = /^(audio\/[\w.+-]+|application\/octet-stream)$/;

/** The upload route: its body is bytes, not JSON. */
const AUDIO_UPLOAD_PATH = '/api/audio';

/** What a request says about where it comes from and what it carries (header values as sent). */
export interface RequestFacts {
  method: string;
  path: string;
  /** The `Host` header; undefined when the client sent none (in-memory requests). */
  host: string | undefined;
  /** The host of the URL the server built, which an absolute request target sets on its own. */
  urlHost: string;
  origin: string | undefined;
  /** Where the page that sent the request was; stands in for `Origin` where an older browser left it out. */
  referer: string | undefined;
  fetchSite: string | undefined;
  fetchMode: string | undefined;
  fetchDest: string | undefined;
  contentType: string | undefined;
  /** The app's own header (`X-Control-Room`), which only a preflighted request can carry. */
  appHeader: string | undefined;
  /** An MCP client's `Mcp-Session-Id`, which no simple request can carry either. */
  mcpSessionId?: string | undefined;
}

/** A refused request: the status and the stable code. */
export interface GuardRefusal {
  status: 421 | 403 | 415;
  code: RequestGuardErrorCode;
  message: string;
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** True for `application/json` and `application/<x>+json`, with any parameters. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  return JSON_TYPE.test(mediaType(contentType));
}

/** The origin part of a `Referer`, or the whole value when it is not a URL (then it matches nothing). */
function refererOrigin(referer: string): string {
  try {
    return new URL(referer).origin;
  } catch {
    return referer;
  }
}

/** True when the request comes from a page of another site (or another port of this one). */
function crossSite(facts: RequestFacts, hosts: AllowedHosts, safe: boolean): boolean {
  if (facts.origin !== undefined && !hosts.allowsOrigin(facts.origin)) return true;
  if (!safe && facts.origin === undefined && facts.referer !== undefined && !hosts.allowsOrigin(refererOrigin(facts.referer))) return true;
  const site = facts.fetchSite?.trim().toLowerCase();
  if (site !== 'cross-site' && site !== 'same-site') return false;
  // Following a link to the app from elsewhere is how a writer may open it; loading it into
  // another page (a script, an image, a frame, a fetch) is not.
  const dest = facts.fetchDest?.trim().toLowerCase();
  return !(safe && facts.fetchMode?.trim().toLowerCase() === 'navigate' && (dest === undefined || dest === 'document'));
}

/** True when no page of another origin could have sent this without a CORS preflight, which the server never grants. */
function preflightOnly(facts: RequestFacts): boolean {
  if (facts.appHeader?.trim() === '1') return true;
  // An MCP client ends its session with a DELETE that has no body: its session header shows it was preflighted.
  if (facts.path === MCP_HTTP_PATH && facts.mcpSessionId !== undefined) return true;
  if (isJsonMediaType(facts.contentType)) return true;
  const type = mediaType(facts.contentType);
  return facts.method === 'POST' && facts.path === AUDIO_UPLOAD_PATH && RAW_AUDIO_TYPE.test(type);
}

/**
 * Decides whether a request may reach the routes, in a fixed order: the Host names this server
 * (else 421), the request comes from no other site — by `Origin`, `Sec-Fetch-Site`, or for a
 * change without `Origin` its `Referer` — (else 403), and a request that changes
 * anything carries what only the app's own pages can send — a JSON content type, even with no
 * body, or the `X-Control-Room: 1` header; a raw audio upload its audio type (else 415).
 */
export function judgeRequest(facts: RequestFacts, hosts: AllowedHosts): GuardRefusal | null {
  const hostsSent = facts.host === undefined ? [facts.urlHost] : [facts.host, facts.urlHost];
  if (!hostsSent.every((host) => hosts.allowsHost(host))) {
    return {
      status: 421,
      code: 'host_not_allowed',
      message: `This Control Room server answers only to ${hosts.describe()}. Open it at one of those addresses, or start it with --allowed-host <name> for a name you trust.`,
    };
  }
  const safe = SAFE_METHODS.has(facts.method);
  if (crossSite(facts, hosts, safe)) {
    return {
      status: 403,
      code: 'cross_origin_refused',
      message: 'Refused: this request came from another site. Control Room takes requests only from its own pages.',
    };
  }
  if (!safe && !preflightOnly(facts)) {
    return {
      status: 415,
      code: 'content_type_required',
      message: `Send this request as JSON (Content-Type: application/json, also when it has no body) or with the header "${APP_REQUEST_HEADER}: 1"; audio uploads may send their audio type instead.`,
    };
  }
  return null;
}

function factsOf(c: Context): RequestFacts {
  const header = (name: string): string | undefined => c.req.header(name);
  return {
    method: c.req.method.toUpperCase(),
    path: c.req.path,
    host: header('host'),
    urlHost: new URL(c.req.url).host,
    origin: header('origin'),
    referer: header('referer'),
    fetchSite: header('sec-fetch-site'),
    fetchMode: header('sec-fetch-mode'),
    fetchDest: header('sec-fetch-dest'),
    contentType: header('content-type'),
    appHeader: header(APP_REQUEST_HEADER),
    mcpSessionId: header('mcp-session-id'),
  };
}

/**
 * The one gate in front of every route — the API, the web app and any route added later: see
 * {@link judgeRequest}. The server never answers with CORS headers.
 */
export function requestGuard(hosts: AllowedHosts): MiddlewareHandler {
  return async (c, next) => {
    const refusal = judgeRequest(factsOf(c), hosts);
    if (refusal) return errorResponse(c, refusal);
    await next();
    // Another site may not read what it managed to load, nor frame the app.
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Frame-Options', 'SAMEORIGIN');
  };
}
