// @ts-check
/**
 * Mutation testing of the core (`npm run mutation`; docs/testing.md, "Mutation
 * testing"). Not part of `npm test` or CI: on two cores a full run takes long. Each
 * mutant runs only the tests that cover it (per-test coverage), and `--incremental`
 * keeps the results of unchanged code and tests in reports/ (git-ignored), so a rerun
 * after a small change costs little. Narrow a run with
 * `npm run mutation -- --mutate src/paging/cursor-codec.ts`.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  // Mutants of module-level constants (operator tables, frozen tokens, regular
  // expressions) run while modules load, outside every test: Stryker would run the
  // whole suite against each. They are listed as ignored in the report, not scored
  // (docs/testing.md, "Mutation testing").
  ignoreStatic: true,
  mutate: [
    'src/ast/**/*.ts',
    'src/parse/**/*.ts',
    'src/paging/**/*.ts',
    'src/serialize/**/*.ts',
    'src/execute/**/*.ts',
    'src/layers/memory/query-plan.ts',
    'src/layers/memory/plan-rules.ts',
    'src/layers/memory/sort-order.ts',
    'src/layers/memory/code-point-order.ts',
    'src/layers/memory/heap.ts',
  ],
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  concurrency: 1,
  timeoutMS: 20_000,
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
