#!/usr/bin/env node
// The installed command. `npm run build` compiles the TypeScript sources to dist/ and bundles the
// CLI into dist/cli-bundle/ (a few files to load instead of a few hundred: a quicker start).
import { statSync } from 'node:fs';

const bundled = new URL('../dist/cli-bundle/main.js', import.meta.url);
const compiled = new URL('../dist/cli/main.js', import.meta.url);

/** The bundle is made from the compiled files: one older than them (a compile without the bundle step) is stale. */
function bundleIsCurrent() {
  try {
    return statSync(bundled).mtimeMs >= statSync(compiled).mtimeMs;
  } catch {
    return false;
  }
}

const { runCli } = await import(bundleIsCurrent() ? bundled.href : compiled.href);
const code = await runCli(process.argv);
process.exitCode = code;
