#!/usr/bin/env node
// The installed command. The TypeScript sources are compiled to dist/ by `npm run build`.
import { runCli } from '../dist/cli/main.js';

const code = await runCli(process.argv);
process.exitCode = code;
