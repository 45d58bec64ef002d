import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutation` (stryker.config.mjs) runs against each mutant: those
 * that exercise the core (parse, AST, paging, serialize, execute, the memory layer's
 * planning and ordering), through the parser, the memory layer and the HTTP handler.
 * Left out: the SQL engines (test/http/data-layers.test.ts among them), the CLI
 * processes, the packed tarball, the browser and the docs' code blocks (they import
 * the build, which Stryker does not mutate), the long property and fuzz runs of
 * `npm run test:fuzz`, and the conformance kit's memory suite (the kit parses each
 * case while Vitest collects it, to skip cases by operator: docs/testing.md).
 */
export default defineConfig({
  test: {
    include: [
      'test/parse/**/*.test.ts',
      'test/serialize/**/*.test.ts',
      'test/execute/**/*.test.ts',
      'test/memory/**/*.test.ts',
      'test/http/**/*.test.ts',
      'test/stringify/**/*.test.ts',
      'test/ast/**/*.test.ts',
      'test/paging/**/*.test.ts',
      'test/rules/**/*.test.ts',
      'test/query-builder/**/*.test.ts',
      'test/conformance/broken-keyset-layer.test.ts',
      'test/readme.test.ts',
    ],
    exclude: [
      // The same handler tests on every SQL engine: they need the engine probe of vitest.config.ts.
      'test/http/data-layers.test.ts',
    ],
    globalSetup: ['test/helpers/seed-global-setup.ts'],
    setupFiles: ['test/helpers/seed-setup.ts'],
    // One module graph for all the files of a run: each mutant's run imports the core
    // once instead of once per test file (no test here depends on a fresh module state).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
