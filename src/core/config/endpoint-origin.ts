/**
 * The origin (scheme, host and port) of a model server's base URL: what a stored API key is bound
 * to. A key goes only to the origin it was given for, so a changed base URL, an agent's own
 * server or a server found at start-up never receives a key meant for another.
 */
export function endpointOrigin(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
}
