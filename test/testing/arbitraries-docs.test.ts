/**
 * The examples of docs/testing.md (## Arbitraries), run as they are written there
 * (the first, the random-schema round trip, is in test/stringify).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { isQueryError, parseQuery } from '../../src/index.js';
import { exampleSchema } from '../../src/example/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import {
  arbitraryData,
  arbitraryFilter,
  arbitraryNearValidQueryString,
} from '../../src/testing/index.js';

it('finds the persons whose name is one of a list', async () => {
  const cases = arbitraryData(exampleSchema, { minRecords: 1 }).chain((data) =>
    fc.tuple(fc.constant(data), arbitraryFilter(exampleSchema, 'person', { data, operators: ['in_'], maxDepth: 0 })),
  );
  await fc.assert(
    fc.asyncProperty(cases, async ([data, filter]) => {
      fc.pre(filter.kind === 'compare' && filter.field === 'name');
      const layer = createMemoryLayer(exampleSchema, data);
      const { rows } = await layer.read(
        { type: 'person', filter, sort: [{ path: [], field: 'id', direction: 'asc' }], offset: 0, limit: null },
        { signal: AbortSignal.timeout(1000) },
      );
      const names = filter.kind === 'compare' ? (filter.value as readonly string[]) : [];
      expect(rows.map((row) => row.id)).toEqual(
        (data['person'] ?? [])
          .filter((row) => names.includes(row['name'] as string))
          .map((row) => row.id)
          .sort((a, b) => (String(a) < String(b) ? -1 : 1)),
      );
    }),
  );
});

it('answers every near-valid query with an AST or a QueryError', () => {
  fc.assert(
    fc.property(arbitraryNearValidQueryString(exampleSchema, 'person'), (query) => {
      try {
        parseQuery(query, { schema: exampleSchema, type: 'person' });
      } catch (error) {
        expect(isQueryError(error)).toBe(true);
      }
    }),
    { numRuns: 2000 },
  );
});
