/**
 * Bundles the compiled CLI (dist/cli/main.js) into dist/cli-bundle/: Node then loads a few files
 * for a command instead of a few hundred small modules (our code, zod, commander), which is most
 * of what a quick command's start costs. Each command stays its own chunk, loaded on demand.
 *
 * The library build in dist/ is untouched (`import 'control-room'` keeps using it); the bundle
 * runs only through bin/control-room.js. Run after `tsc -p tsconfig.build.json`.
 */
import { build, type Plugin } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist', 'cli-bundle');
const COMPILED = path.join(ROOT, 'dist');

/**
 * Packages copied into the bundle: what every command loads (zod, commander, canonicalize) and the
 * packages that build on our zod, so the whole process has one zod (the server's OpenAPI helpers
 * extend zod's own classes). Every other package stays an ordinary import from node_modules:
 * native modules and packages that read their own files at run time work as installed.
 */
const BUNDLED = new Set(['zod', 'commander', 'canonicalize', '@hono/zod-openapi', '@hono/zod-validator', '@asteasolutions/zod-to-openapi', 'openapi3-ts']);

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/**
 * Leaves unbundled packages as imports, and refuses to build when such an import, made inside a
 * bundled package, would find another copy from the bundle's folder than from the package's own.
 */
const externals: Plugin = {
  name: 'control-room-externals',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('node:') || args.pluginData === 'probe') return undefined;
      if (BUNDLED.has(packageName(args.path))) return undefined;
      if (args.importer.includes(`${path.sep}node_modules${path.sep}`)) {
        const probe = { kind: args.kind, pluginData: 'probe' } as const;
        const [fromPackage, fromBundle] = await Promise.all([
          context.resolve(args.path, { ...probe, resolveDir: args.resolveDir }),
          context.resolve(args.path, { ...probe, resolveDir: OUT }),
        ]);
        if (fromPackage.path !== fromBundle.path) {
          return { errors: [{ text: `${args.path} imported by ${args.importer} resolves elsewhere from the bundle: add it to BUNDLED` }] };
        }
      }
      return { path: args.path, external: true };
    });
  },
};

/**
 * Gives each compiled file its own `import.meta.url` back: code that finds files next to itself
 * (the package root, built-in recipes, the web client) sees the path it has in dist/, which ships
 * beside the bundle.
 */
const ownUrls: Plugin = {
  name: 'control-room-own-urls',
  setup(context) {
    context.onLoad({ filter: /\.js$/ }, async (args) => {
      if (!args.path.startsWith(COMPILED + path.sep) || args.path.startsWith(OUT + path.sep)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(OUT, args.path).split(path.sep).join('/');
      const ownUrl = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', ownUrl), loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

rmSync(OUT, { recursive: true, force: true });
// The folder must exist for the resolution check above to look up from it.
mkdirSync(OUT, { recursive: true });
await build({
  entryPoints: { main: path.join(COMPILED, 'cli', 'main.js') },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Bundled CommonJS packages (commander) call require() for Node's own modules.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);" },
  plugins: [externals, ownUrls],
  logLevel: 'warning',
});
process.stdout.write(`CLI bundle written to ${pathToFileURL(OUT).href}\n`);
