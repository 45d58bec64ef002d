import { defineConfig } from 'vitest/config';
import mutation from './vitest.mutation.config.js';

/**
 * The tests `npm run mutation:parse` (stryker.parse.config.mjs) runs against each
 * mutant of `src/parse`: the parser's own tests, the rules it applies, the round trip
 * of `stringifyQuery`, the typed builder (whose `build()` parses) and the limits
 * through the handler. Every parser file sits under nearly every test of
 * vitest.mutation.config.ts (each handler test parses a query), so a mutant there
 * ran over a thousand tests; this set is the one that checks what the parser
 * answers. Left out: the fuzz runs of test/parse/fuzz.test.ts (thousands of
 * generated queries a mutant, which check only that no query crashes the parser;
 * `npm run test:fuzz` runs them). A score here is a lower bound of the full set's.
 */
export default defineConfig({
  test: {
    ...mutation.test,
    include: [
      'test/parse/**/*.test.ts',
      'test/rules/**/*.test.ts',
      'test/stringify/**/*.test.ts',
      'test/query-builder/**/*.test.ts',
      'test/http/limit-boundaries.test.ts',
      'test/http/errors.test.ts',
    ],
    exclude: ['test/parse/fuzz.test.ts'],
  },
});
