/**
 * `withFallback`: what the layer evaluates is pushed down, the rest is evaluated in
 * memory within `maxScanRows`, and past it a 400 `query_too_expensive`; served
 * through the handler, a partial layer answers random valid queries with no 5xx,
 * with the fallback on (200s) and off (400s for what it does not declare).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenizePattern } from '../../src/ast/like-pattern.js';
import { createHandler } from '../../src/http/index.js';
import type { DataLayer, ReadRequest, RelatedReadRequest, Row } from '../../src/layers/data-layer.js';
import { DEFAULT_MAX_SCAN_ROWS, evaluateRows, withFallback } from '../../src/layers/memory/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { ResourceSchema } from '../../src/schema/schema.js';
import { arbitraryQueryString } from '../../src/testing/arbitraries/index.js';
import { conformanceData } from '../../src/testing/conformance/conformance-data.js';
import { conformanceSchema } from '../../src/testing/conformance/conformance-schema.js';
import { createMapLayer } from '../helpers/map-layer.js';

const schema = defineSchema({
  types: {
    item: {
      root: 'items',
      id: 'integer',
      attributes: { label: { type: 'string' }, kind: { type: 'string' } },
    },
  },
});

/** `count` items, half of kind `a`, labels `x0`, `x1`, … */
const items = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, label: `x${index}`, kind: index % 2 === 0 ? 'a' : 'b' }));

/** A layer that records every read request it receives. */
function recorded(layer: DataLayer): { layer: DataLayer; reads: (ReadRequest | RelatedReadRequest)[] } {
  const reads: (ReadRequest | RelatedReadRequest)[] = [];
  return {
    reads,
    layer: {
      ...layer,
      read: (request, context) => {
        reads.push(request);
        return layer.read(request, context);
      },
      readRelated: (request, context) => {
        reads.push(request);
        return layer.readRelated(request, context);
      },
    },
  };
}

const get = async (dataLayer: DataLayer, query: string, path = '/items', over: ResourceSchema = schema) => {
  const response = await createHandler({ schema: over, dataLayer })({ method: 'GET', path, query, headers: {} });
  return { status: response.status, document: JSON.parse(response.body) as { data?: { id: string }[]; errors?: Record<string, unknown>[]; meta?: { count?: number } } };
};

const ilike = (pattern: string) => `filter=${encodeURIComponent(JSON.stringify([{ name: 'label', op: 'ilike', val: pattern }]))}`;

describe('what the layer evaluates is pushed down', () => {
  it('the eq conjunct of an and goes to the layer; the ilike and the two-key sort are evaluated here', async () => {
    const { layer, reads } = recorded(createMapLayer(schema, { item: items(20) }));
    const query = `${ilike('X1%')}&filter[kind]=b&sort=-kind,label&page[size]=3`;
    const { status, document } = await get(withFallback(schema, layer), query);
    expect(status).toBe(200);
    expect(document.data?.map((item) => item.id)).toEqual(['2', '12', '14']);
    expect(document.meta?.count).toBe(6);
    expect(reads).toEqual([
      { type: 'item', filter: { kind: 'compare', field: 'kind', op: 'eq', value: 'b' }, sort: [{ path: [], field: 'id', direction: 'asc' }], offset: 0, limit: DEFAULT_MAX_SCAN_ROWS + 1, withTotal: false },
    ]);
  });

  it('a query the layer answers whole goes to it unchanged', async () => {
    const { layer, reads } = recorded(createMapLayer(schema, { item: items(20) }));
    const { status } = await get(withFallback(schema, layer), 'filter[kind]=a&sort=-label&page[size]=2&page[number]=3');
    expect(status).toBe(200);
    expect(reads).toEqual([
      {
        type: 'item',
        filter: { kind: 'compare', field: 'kind', op: 'eq', value: 'a' },
        sort: [{ path: [], field: 'label', direction: 'desc' }, { path: [], field: 'id', direction: 'asc' }],
        offset: 4,
        limit: 2,
      },
    ]);
  });

  it('a cursor page on a layer without keyset windows is walked here, page after page', async () => {
    const fallback = withFallback(schema, createMapLayer(schema, { item: items(5) }));
    const handle = createHandler({ schema, dataLayer: fallback, limits: { pagination: 'cursor' } });
    const seen: string[] = [];
    let query = 'sort=-label&page[size]=2';
    for (let page = 0; page < 4 && query !== ''; page++) {
      const response = await handle({ method: 'GET', path: '/items', query, headers: {} });
      const document = JSON.parse(response.body) as { data: { id: string }[]; links: { next?: string | null } };
      seen.push(...document.data.map((item) => item.id));
      query = document.links.next == null ? '' : new URL(document.links.next, 'http://x').search.slice(1);
    }
    expect(seen).toEqual(['5', '4', '3', '2', '1']);
  });
});

describe('maxScanRows', () => {
  const rows = items(40);

  it('reading exactly maxScanRows rows answers', async () => {
    const fallback = withFallback(schema, createMapLayer(schema, { item: rows }), { maxScanRows: 40 });
    const { status, document } = await get(fallback, ilike('x%'));
    expect(status).toBe(200);
    expect(document.meta?.count).toBe(40);
  });

  it('one row past it is a 400 query_too_expensive saying so, never the layer reading more', async () => {
    const { layer, reads } = recorded(createMapLayer(schema, { item: rows }));
    const { status, document } = await get(withFallback(schema, layer, { maxScanRows: 39 }), ilike('x%'));
    expect(status).toBe(400);
    expect(document.errors).toEqual([
      {
        status: '400',
        code: 'query_too_expensive',
        title: 'Query too expensive for this type',
        detail: 'This query would read more than 39 rows of items to be answered; narrow it with a filter the server evaluates directly',
        source: { parameter: 'filter' },
        meta: { limit: 39 },
      },
    ]);
    expect(reads.map((read) => read.limit)).toEqual([40]);
  });

  it('a pushed-down conjunct keeps a large type within the limit', async () => {
    const fallback = withFallback(schema, createMapLayer(schema, { item: rows }), { maxScanRows: 20 });
    expect((await get(fallback, `${ilike('x1%')}&filter[kind]=a`)).status).toBe(200);
    expect((await get(fallback, ilike('x1%'))).status).toBe(400);
  });

  it('related rows read to evaluate an any count too', async () => {
    const layer = createMapLayer(conformanceSchema, conformanceData);
    const any = `filter=${encodeURIComponent(JSON.stringify([{ name: 'books', op: 'any', val: { name: 'title', op: 'like', val: 'Go%' } }]))}`;
    const authors = conformanceData['author']?.length ?? 0;
    const reachable = authors + 7; // every author, and the seven books that have one
    const at = await get(withFallback(conformanceSchema, layer, { maxScanRows: reachable }), any, '/authors', conformanceSchema);
    expect(at.status).toBe(200);
    expect(at.document.data?.map((author) => author.id)).toEqual(['1', '10']);
    const past = await get(withFallback(conformanceSchema, layer, { maxScanRows: reachable - 1 }), any, '/authors', conformanceSchema);
    expect(past.status).toBe(400);
    expect(past.document.errors?.[0]).toMatchObject({ code: 'query_too_expensive', meta: { limit: reachable - 1 } });
  });

  it.each([0, -1, 1.5, Number.NaN])('%s is refused at start-up', (maxScanRows) => {
    expect(() => withFallback(schema, createMapLayer(schema, {}), { maxScanRows })).toThrow(RangeError);
  });
});

describe('includes stay the layer’s own', () => {
  it('a layer without includes gets no any/has and no dotted sort through the fallback: 400s naming them', async () => {
    const bare: DataLayer = { ...createMapLayer(conformanceSchema, conformanceData), capabilities: { filter: { nodes: ['and'] }, includes: false } };
    const fallback = withFallback(conformanceSchema, bare);
    const shortcut = await get(fallback, 'filter[books__title]=Go%20Fast', '/authors', conformanceSchema);
    expect(shortcut.status).toBe(400);
    expect(shortcut.document.errors?.[0]).toMatchObject({ code: 'operator_not_supported', source: { parameter: 'filter[books__title]' } });
    const dotted = await get(fallback, 'sort=author.name', '/books', conformanceSchema);
    expect(dotted.document.errors?.[0]).toMatchObject({ code: 'sort_not_supported', source: { parameter: 'sort' } });
    expect((await get(fallback, 'sort=-title,published', '/books', conformanceSchema)).status).toBe(200);
  });
});

describe('a partial layer through the handler answers random valid queries with no 5xx (collections, related and relationship routes)', () => {
  const types = Object.keys(conformanceSchema.types);
  const root = (type: string) => conformanceSchema.types[type as keyof typeof conformanceSchema.types].root;
  /** A collection, or the to-many related or relationship route of a record (paged, filtered and sorted like one). */
  const routes = fc.constantFrom(
    ...types.map((type) => ({ type, path: fc.constant(`/${root(type)}`) })),
    ...types.flatMap((owner) =>
      Object.entries((conformanceSchema as ResourceSchema).types[owner]?.relationships ?? {})
        .filter(([, relationship]) => relationship.to === 'many')
        .map(([name, relationship]) => ({
          type: relationship.target,
          path: fc
            .constantFrom(...(conformanceData[owner] ?? []).map((row) => String(row.id)))
            .chain((id) => fc.constantFrom(`/${root(owner)}/${id}/${name}`, `/${root(owner)}/${id}/relationships/${name}`)),
        })),
    ),
  );
  const queries = routes.chain(({ type, path }) =>
    fc.record({ path, query: arbitraryQueryString(conformanceSchema, type, { data: conformanceData, maxIncludePaths: 0 }) }),
  );
  const partial = createMapLayer(conformanceSchema, conformanceData);

  it('with the fallback: every one is a 200', async () => {
    const handle = createHandler({ schema: conformanceSchema, dataLayer: withFallback(conformanceSchema, partial) });
    await fc.assert(
      fc.asyncProperty(queries, async ({ path, query }) => {
        const response = await handle({ method: 'GET', path, query, headers: {} });
        expect(response.status, `${path}?${query}\n${response.body}`).toBe(200);
      }),
      { numRuns: 200 },
    );
  });

  it('without it: a 200 or a 400 naming a parameter, never a 5xx', async () => {
    const handle = createHandler({ schema: conformanceSchema, dataLayer: partial });
    await fc.assert(
      fc.asyncProperty(queries, async ({ path, query }) => {
        const response = await handle({ method: 'GET', path, query, headers: {} });
        expect([200, 400], `${path}?${query}\n${response.body}`).toContain(response.status);
        if (response.status === 400) {
          const { errors } = JSON.parse(response.body) as { errors: { source?: { parameter?: string } }[] };
          expect(errors.every((error) => typeof error.source?.parameter === 'string')).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('evaluateRows: the memory layer’s evaluators over rows a layer holds', () => {
  const rows = items(10);
  const sort = [{ path: [], field: 'kind', direction: 'desc' as const }, { path: [], field: 'label', direction: 'asc' as const }, { path: [], field: 'id', direction: 'asc' as const }];
  const filter = { kind: 'compare' as const, field: 'label', op: 'ilike' as const, value: 'X_', pattern: tokenizePattern('X_') };

  it('filters, sorts, pages, counts and returns the rows given', () => {
    const result = evaluateRows(schema, 'item', [...rows].reverse(), { filter, sort, offset: 1, limit: 3 });
    expect(result.rows.map((row) => row.id)).toEqual([4, 6, 8]);
    expect(result.total).toBe(10);
    expect(rows).toContain(result.rows[0]);
  });

  it('cuts a keyset window and gives each row its keys', () => {
    const result = evaluateRows(schema, 'item', rows, { filter: null, sort, offset: 0, limit: 2, keyset: { after: ['b', 'x5', 6] }, withTotal: false });
    expect(result).toEqual({ rows: [rows[7], rows[9]], keys: [['b', 'x7', 8], ['b', 'x9', 10]] });
  });

  it('refuses a query that follows a relationship', () => {
    const any = { kind: 'any' as const, relationship: 'books', node: { kind: 'compare' as const, field: 'title', op: 'eq' as const, value: 'x' } };
    expect(() => evaluateRows(conformanceSchema, 'author', [], { filter: any, sort: [], offset: 0, limit: null })).toThrow(/"books"/);
  });
});
