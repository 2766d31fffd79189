/**
 * The import rules between workspaces, checked by `npm run lint` (dependency-cruiser; see
 * docs/decisions/repository-and-tooling.md, "Workspaces by layer"):
 * - a relative import never leaves its workspace (another workspace is imported by package name);
 * - layers: packages/* < actions, web < stack < e2e, bench; nothing imports a layer above its own
 *   (packages/testkit, the test kit, starts the apps and so sits above actions, below e2e and bench);
 * - only tests and test helpers import the test kit;
 * - no import circle (type-only imports included).
 */

/** What may import the test kit: tests, test helpers, the browser journeys and the benchmarks. */
const TEST_CODE = [
  '\\.test\\.tsx?$',
  '^packages/testkit/',
  '^e2e/',
  '^bench/',
  '^hasura/tests/',
  '^web/src/test/',
];

/** The workspaces above the packages. */
const APPS = '^(actions|web|stack|e2e|bench)/';

module.exports = {
  forbidden: [
    {
      name: 'relative-import-leaves-workspace',
      comment:
        'A relative import stays inside its workspace; import another workspace by its package name (and add it to package.json).',
      severity: 'error',
      from: { path: '^(packages/[^/]+|[^/]+)/' },
      // A workspace package is 'aliased' as well as 'local' when imported by its name.
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased'], pathNot: '^$1/' },
    },
    {
      name: 'package-imports-an-app',
      comment: 'packages/* are the lowest layer: they never import actions, web, stack, e2e or bench.',
      severity: 'error',
      from: { path: '^packages/', pathNot: '^packages/testkit/' },
      to: { path: APPS },
    },
    {
      name: 'package-imports-the-test-kit',
      comment: 'packages/* never import the test kit (it imports the apps); only their tests may.',
      severity: 'error',
      from: { path: '^packages/', pathNot: TEST_CODE },
      to: { path: '^packages/testkit/' },
    },
    {
      name: 'test-kit-imports-a-higher-layer',
      comment: 'The test kit starts the packages and actions; it never imports web, stack, e2e or bench.',
      severity: 'error',
      from: { path: '^packages/testkit/' },
      to: { path: '^(web|stack|e2e|bench)/' },
    },
    {
      name: 'app-imports-a-higher-layer',
      comment: 'actions and web never import stack, e2e or bench; stack never imports e2e or bench.',
      severity: 'error',
      from: { path: '^(actions|web)/' },
      to: { path: '^(stack|e2e|bench)/' },
    },
    {
      name: 'stack-imports-a-higher-layer',
      comment: 'stack composes the apps; e2e and bench sit above it.',
      severity: 'error',
      from: { path: '^stack/' },
      to: { path: '^(e2e|bench)/' },
    },
    {
      name: 'e2e-imports-bench',
      comment: 'The browser journeys never import the benchmarks; what both need lives in packages/testkit.',
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: '^bench/' },
    },
    {
      name: 'product-code-imports-the-test-kit',
      comment: 'Only tests, test helpers, e2e and bench import the test kit.',
      severity: 'error',
      from: { pathNot: TEST_CODE },
      to: { path: '^packages/testkit/' },
    },
    {
      name: 'no-circular',
      comment: 'No import circle (type-only imports included): split the shared part into its own module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: ['(^|/)node_modules/', '^\\.data/', '(^|/)dist/', '^web/src/lib/graphql/graphql-env\\.d\\.ts$'],
    },
    // Type-only imports are imports too: a circle through one is still a circle to a reader.
    tsPreCompilationDeps: true,
    // Workspace packages resolve to their real folders, so a rule sees `packages/pdf/…`, not node_modules.
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
