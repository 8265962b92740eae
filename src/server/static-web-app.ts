import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The page served when the web app has not been built: it says how to build it. */
export const WEB_APP_MISSING_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Control Room</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#222}code{background:#f2f2f2;padding:.1rem .3rem;border-radius:3px}</style>
</head><body>
<h1>Control Room is running</h1>
<p>The web app has not been built yet. Run <code>npm run build:web</code> in the Control Room folder, then reload this page.</p>
<p>The HTTP API is up: try <a href="/api/health"><code>/api/health</code></a> or the <a href="/api/openapi.json">OpenAPI document</a>.</p>
</body></html>
`;

async function readFileIn(root: string, relative: string): Promise<Buffer | null> {
  const target = path.resolve(root, relative);
  // Only files inside the web app folder are served, whatever the URL says.
  if (target !== root && !target.startsWith(`${root}${path.sep}`)) return null;
  const info = await fs.stat(target).catch(() => null);
  if (!info?.isFile()) return null;
  return fs.readFile(target);
}

function send(c: Context, body: Buffer, file: string): Response {
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  // Built assets carry a content hash in their names; index.html must always be fetched fresh.
  const cache = file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  return c.body(new Uint8Array(body), 200, { 'content-type': type, 'cache-control': cache });
}

/**
 * Serves the built web app from `webRoot` (normally `web/dist`): files as they are, and
 * `index.html` for any other path without a file extension, so the app's own routes work on reload.
 */
export function webAppHandler(webRoot: string | null): (c: Context) => Promise<Response> {
  const root = webRoot === null ? null : path.resolve(webRoot);
  return async (c) => {
    const index = root === null ? null : await readFileIn(root, 'index.html');
    if (root === null || index === null) return c.html(WEB_APP_MISSING_PAGE, 200, { 'cache-control': 'no-cache' });
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path).replace(/^\/+/, '');
    } catch {
      return c.text('Not found', 404);
    }
    if (relative.includes('\0') || relative.split(/[\\/]/).includes('..')) return c.text('Not found', 404);
    if (relative !== '') {
      const body = await readFileIn(root, relative);
      if (body !== null) return send(c, body, relative);
      if (path.extname(relative) !== '') return c.text('Not found', 404);
    }
    return send(c, index, 'index.html');
  };
}
