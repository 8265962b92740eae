/**
 * The layering rule (SPEC §2): imports only point down.
 *   web → (HTTP) → server/cli → core → protocol; adapters implement core's ports.
 * protocol imports nothing but zod; core never touches Node I/O, SQLite, Hono or React.
 */
const NODE_IO = '^(node:)?(fs|fs/promises|net|http|https|http2|child_process|dgram|cluster|worker_threads|tls|dns|readline|os|process|v8|vm)$';

module.exports = {
  forbidden: [
    {
      name: 'protocol-is-pure',
      comment: 'src/protocol holds types, schemas and codes only: it may import zod and itself.',
      severity: 'error',
      from: { path: '^src/protocol/' },
      to: { pathNot: ['^src/protocol/', 'node_modules/zod/', '^zod$'] },
    },
    {
      name: 'core-no-io',
      comment: 'src/core works over ports; Node I/O, SQLite, Hono and React belong in adapters and entry points.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: {
        path: [NODE_IO, 'node_modules/(better-sqlite3|hono|@hono|react|react-dom|pino)/', '^(better-sqlite3|hono|react|react-dom|pino)$'],
      },
    },
    {
      name: 'core-points-down',
      comment: 'core may import protocol and itself, never adapters or entry points.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(adapters|server|cli)/' },
    },
    {
      name: 'adapters-point-down',
      comment: 'adapters implement core ports; they never import entry points.',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: '^src/(server|cli)/' },
    },
    {
      name: 'one-composition-root',
      comment: 'src/adapters/compose wires the adapters together for the entry points; no other adapter may import it (it would depend on every store through it).',
      severity: 'error',
      from: { path: '^src/adapters/', pathNot: '^src/adapters/compose/' },
      to: { path: '^src/adapters/compose/' },
    },
    {
      name: 'entry-points-are-separate',
      comment: 'the server and the CLI are siblings: both call core use cases, neither imports the other.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'web-over-http-only',
      comment: 'the web app talks to the server over HTTP; it may share protocol types only.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^src/(core|adapters|server|cli)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
