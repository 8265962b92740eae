import { defineConfig } from 'vitest/config';

// Two projects. The core's tests are pure (no servers, no process-wide state), so they share
// worker processes: module loading, not testing, was most of their time. Everything else keeps
// one fresh process per file, and so do the prose tests: the language engine they load keeps
// state between documents, and one of them failed when it ran after another file.
const shared = { testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'core',
          include: ['src/core/**/*.test.ts'],
          exclude: ['src/core/prose/**', '**/node_modules/**'],
          isolate: false,
        },
      },
      {
        test: {
          ...shared,
          name: 'rest',
          include: [
            'src/**/*.test.ts',
            'test/**/*.test.ts',
            'web/src/**/*.test.ts',
            'web/src/**/*.test.tsx',
          ],
          exclude: ['src/core/!(prose)/**', 'src/core/*.test.ts', '**/node_modules/**'],
        },
      },
    ],
  },
});
