// `npm run lint`'s import rules (decision 0185): no import circles anywhere, type-only imports
// included, and the server's folders importing one way (src/server/README.md).
const tests = '\\.test\\.tsx?$';

/** A server folder below every feature: it imports itself, the folders named and src/shared. */
const below = (name, folder, ...allowed) => ({
  name,
  severity: 'error',
  comment: `src/server/${folder}/ sits below every feature (src/server/README.md).`,
  from: { path: `^src/server/${folder}/`, pathNot: tests },
  to: {
    path: '^src/server/',
    pathNot: [`^src/server/${folder}/`, ...allowed],
  },
});

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: one of its files should take what it needs from a third.',
      from: {},
      to: { circular: true },
    },
    below('db-imports-no-feature', 'db', '^src/server/config-error\\.ts$'),
    below('seats-imports-no-feature', 'seats', '^src/server/db/'),
    {
      name: 'shared-imports-neither-side',
      severity: 'error',
      comment: 'src/shared runs on both sides: it imports neither.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'product-imports-no-test-harness',
      severity: 'error',
      comment: 'test/ is what the tests run the product with; the product never needs it (0180).',
      from: { path: '^src/', pathNot: tests },
      to: { path: '^test/' },
    },
    {
      name: 'product-imports-no-test-harness',
      severity: 'error',
      comment: 'The test harness (test/) serves the tests; the product never imports it.',
      from: { path: '^src/', pathNot: tests },
      to: { path: '^test/' },
    },
    {
      name: 'web-imports-no-server',
      severity: 'error',
      comment: 'The browser never reaches into the server.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
  ],
  options: {
    exclude: { path: '^(node_modules|dist|data|coverage)/' },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a circle of types is still a circle to read.
    tsPreCompilationDeps: true,
    // The web's `@/` and `@shared/` paths.
    tsConfig: { fileName: 'tsconfig.web.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
