// @ts-check
import base from './stryker.config.mjs';

/**
 * Mutation testing of `src/parse` alone (`npm run mutation:parse`), with the parser's
 * tests (vitest.mutation-parse.config.ts) instead of every test of the core: each
 * parser mutant runs a few hundred tests instead of over a thousand. Its incremental
 * results are kept apart from the whole run's. `npm run mutation` covers `src/parse`
 * too, with every test.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutation-parse.config.ts' },
  mutate: ['src/parse/**/*.ts'],
  incrementalFile: 'reports/stryker-incremental-parse.json',
  htmlReporter: { fileName: 'reports/mutation-parse/index.html' },
  jsonReporter: { fileName: 'reports/mutation-parse/mutation.json' },
};
