/**
 * A partial layer's declaration, read by the handler: every query beyond it is a
 * 400 naming the parameter as the client wrote it, before the layer is called; a
 * declaration that is not one fails at start-up.
 */
import { describe, expect, it } from 'vitest';
import { createHandler, ScopeError } from '../../src/http/index.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer, withFallback } from '../../src/layers/memory/index.js';
import { conformanceData } from '../../src/testing/conformance/conformance-data.js';
import { conformanceSchema } from '../../src/testing/conformance/conformance-schema.js';
import { createMapLayer } from '../helpers/map-layer.js';
import { exampleHandler } from './helpers.js';

const layer = createMapLayer(conformanceSchema, conformanceData);
const { get } = exampleHandler({ schema: conformanceSchema, dataLayer: layer });

const filterJson = (entries: unknown) => `filter=${encodeURIComponent(JSON.stringify(entries))}`;

describe('a query beyond the layer declaration is a 400 naming what the client wrote', () => {
  it.each([
    {
      what: 'a filter through a relationship names the shortcut, not "any"',
      path: '/authors',
      query: 'filter[books__title]=Go%20Fast',
      error: { code: 'operator_not_supported', source: { parameter: 'filter[books__title]' } },
      detail: /"books" \(in "books__title"\)/,
    },
    {
      what: 'a to-one shortcut likewise',
      path: '/books',
      query: 'filter[author__name]=Alice',
      error: { code: 'operator_not_supported', source: { parameter: 'filter[author__name]' } },
      detail: /"author" \(in "author__name"\)/,
    },
    {
      what: 'an operator the layer lacks, at its pointer',
      path: '/authors',
      query: filterJson([{ name: 'name', op: 'ilike', val: 'a%' }]),
      error: { code: 'operator_not_supported', source: { parameter: 'filter' }, meta: { pointer: '/0/op' } },
      detail: /"ilike"/,
    },
    {
      what: 'an or',
      path: '/authors',
      query: filterJson([{ or: [{ name: 'name', op: 'eq', val: 'Bob' }] }]),
      error: { code: 'filter_not_supported', source: { parameter: 'filter' }, meta: { pointer: '/0/or' } },
      detail: /"or"/,
    },
    {
      what: 'a not',
      path: '/authors',
      query: filterJson([{ not: { name: 'name', op: 'eq', val: 'Bob' } }]),
      error: { code: 'filter_not_supported', source: { parameter: 'filter' }, meta: { pointer: '/0/not' } },
      detail: /"not"/,
    },
    {
      what: 'a field compared with a field',
      path: '/authors',
      query: filterJson([{ name: 'born', op: 'eq', field: 'joined' }]),
      error: { code: 'filter_not_supported', source: { parameter: 'filter' }, meta: { pointer: '/0/field' } },
      detail: /another field/,
    },
    {
      what: 'two sort keys',
      path: '/authors',
      query: 'sort=-born,name',
      error: { code: 'sort_not_supported', source: { parameter: 'sort' } },
      detail: /at most 1 key besides id; "-born,name" has 2/,
    },
    {
      what: 'a dotted sort key',
      path: '/books',
      query: 'sort=author.name',
      error: { code: 'sort_not_supported', source: { parameter: 'sort' } },
      detail: /"author\.name"/,
    },
  ])('$what', async ({ path, query, error, detail }) => {
    const { status, document } = await get(path, query);
    expect(status).toBe(400);
    const [first] = (document as { errors: { detail: string }[] }).errors;
    expect(first).toMatchObject({ status: '400', ...error });
    expect(first?.detail).toMatch(detail);
    expect(first?.detail).not.toMatch(/"any"|"has"/);
  });

  it('answers what it declares: eq, an and of eq, one sort key with its id tie-break, page by number', async () => {
    const { status, document } = await get('/authors', 'filter[status]=live&filter[rank]=1&sort=-born&page[size]=1&page[number]=2');
    expect(status).toBe(200);
    expect(document).toMatchObject({ data: [{ id: '5' }], meta: { count: 2 } });
  });

  it('a cursor page is refused with the profile error; a profile only asked for in Accept gives page 1 by number', async () => {
    const accept = { accept: 'application/vnd.api+json; profile="https://jsonapi.org/profiles/ethanresnick/cursor-pagination"' };
    const preferred = await get('/authors', 'sort=name', accept);
    expect(preferred.status).toBe(200);
    expect((preferred.document as { meta?: { count?: number } }).meta?.count).toBe(12);
    const cursorOnly = exampleHandler({ schema: conformanceSchema, dataLayer: layer, limits: { pagination: 'cursor' } });
    const { status, document } = await cursorOnly.get('/authors', 'sort=name');
    expect(status).toBe(400);
    expect((document as { errors: unknown[] }).errors[0]).toMatchObject({ code: 'unsupported_cursor_sort', source: { parameter: 'sort' } });
  });
});

describe('the layers that declare less', () => {
  const full = createMapLayer(conformanceSchema, conformanceData);

  it('a layer that does not count answers pages without meta.count', async () => {
    const counting: DataLayer = { ...full, capabilities: { counts: false } };
    const response = await exampleHandler({ schema: conformanceSchema, dataLayer: counting }).get('/authors', 'filter[rank]=1&page[size]=2');
    expect(response.status).toBe(200);
    expect((response.document as { meta?: unknown }).meta).toBeUndefined();
  });

  it('a layer without includes refuses include, naming it', async () => {
    const bare: DataLayer = { ...full, capabilities: { includes: false } };
    const { status, document } = await exampleHandler({ schema: conformanceSchema, dataLayer: bare }).get('/authors', 'include=books');
    expect(status).toBe(400);
    expect((document as { errors: unknown[] }).errors[0]).toMatchObject({ code: 'include_not_supported', source: { parameter: 'include' } });
  });

  it('a layer reading from the first row only refuses page[number] past 1', async () => {
    const first: DataLayer = { ...full, capabilities: { paging: { offset: false } } };
    const handler = exampleHandler({ schema: conformanceSchema, dataLayer: first });
    expect((await handler.get('/authors', 'page[number]=1')).status).toBe(200);
    const { status, document } = await handler.get('/authors', 'page[number]=2');
    expect(status).toBe(400);
    expect((document as { errors: unknown[] }).errors[0]).toMatchObject({ code: 'page_not_supported', source: { parameter: 'page[number]' } });
  });

  it.each([
    [{ filter: { nodes: ['xor'] } }, /filter\.nodes has "xor"/],
    [{ filter: { operators: { string: ['between', 'like'], date: ['like'] } } }, /filter\.operators\.date has "like"/],
    [{ filter: { operators: { text: ['eq'] } } }, /"text", not a field kind/],
    [{ sort: { maxKeys: -1 } }, /sort\.maxKeys must be a non-negative integer/],
    [{ sort: { maxKeys: 1.5 } }, /sort\.maxKeys/],
    [{ paging: { keyset: 'no' } }, /paging\.keyset must be true or false/],
    [{ counts: 0 }, /counts must be true or false/],
  ])('a declaration that is not one fails at start-up: %j', (capabilities, message) => {
    const wrong = { ...full, capabilities } as unknown as DataLayer;
    expect(() => createHandler({ schema: conformanceSchema, dataLayer: wrong })).toThrow(message);
  });

  it('a declaration per type is read per type', async () => {
    const perType: DataLayer = { ...full, capabilities: (type) => (type === 'book' ? { sort: { maxKeys: 0 } } : {}) };
    const handler = exampleHandler({ schema: conformanceSchema, dataLayer: perType });
    expect((await handler.get('/books', 'sort=title')).status).toBe(400);
    expect((await handler.get('/books', 'sort=-id')).status).toBe(200);
  });
});

describe('operators per field kind', () => {
  it('an operator declared for one kind only is refused on another, naming the field', async () => {
    const layer: DataLayer = {
      ...createMapLayer(conformanceSchema, conformanceData),
      operators: new Set(['eq', 'lt']),
      capabilities: { filter: { operators: { number: ['eq', 'lt'], date: ['eq'] } } },
    };
    const { status, document } = await exampleHandler({ schema: conformanceSchema, dataLayer: layer }).get(
      '/authors',
      filterJson([{ name: 'born', op: 'lt', val: '2000-01-01' }]),
    );
    expect(status).toBe(400);
    expect((document as { errors: unknown[] }).errors[0]).toMatchObject({
      code: 'operator_not_supported',
      detail: 'The data layer does not support the operator "lt" on the date field "born"',
      meta: { pointer: '/0/op' },
    });
  });
});

describe('scope filters', () => {
  const or = [{ or: [{ name: 'status', op: 'eq', val: 'live' }, { name: 'status', op: 'eq', val: 'draft' }] }];

  it('a fixed scope the layer does not evaluate fails at start-up, naming what it lacks', () => {
    expect(() => createHandler({ schema: conformanceSchema, dataLayer: layer, scope: { author: or } })).toThrow(
      /author.*does not evaluate node "or".*withFallback/,
    );
  });

  it('through withFallback the same scope serves', async () => {
    const fallback = exampleHandler({ schema: conformanceSchema, dataLayer: withFallback(conformanceSchema, layer), scope: { author: or } });
    const { status, document } = await fallback.get('/authors', 'filter[rank]=1');
    expect(status).toBe(200);
    expect((document as { data: { id: string }[] }).data.map((author) => author.id)).toEqual(['2', '5', '10']);
  });

  it('a scope needs the and that joins it to the client filter', () => {
    const lone: DataLayer = { ...layer, capabilities: { filter: { nodes: [] } } };
    expect(() => createHandler({ schema: conformanceSchema, dataLayer: lone, scope: { author: [{ name: 'status', op: 'eq', val: 'live' }] } })).toThrow(
      /node "and"/,
    );
  });

  describe('a scope nested in another type\'s relationship filter', () => {
    const bookScope = [{ or: [{ name: 'title', op: 'eq', val: 'Go Fast' }, { name: 'title', op: 'eq', val: 'Rust' }] }];
    /** Books read in full; authors evaluate `and` and `any`, not `or`. */
    const memory = createMemoryLayer(conformanceSchema, conformanceData);
    const mixed: DataLayer = { ...memory, capabilities: (type) => (type === 'author' ? { filter: { nodes: ['and', 'any', 'has'] } } : {}) };

    it('is checked under the capabilities of the type read, at start-up', () => {
      expect(() => createHandler({ schema: conformanceSchema, dataLayer: mixed, scope: { book: bookScope } })).toThrow(ScopeError);
      expect(() => createHandler({ schema: conformanceSchema, dataLayer: mixed, scope: { book: bookScope } })).toThrow(
        /book.*A filter on "author" may reach "book".*does not evaluate node "or" on reads of "author"/,
      );
    });

    it('is not checked where no filter can reach it (the layer follows no relationship)', () => {
      const noAny: DataLayer = { ...memory, capabilities: (type) => (type === 'author' ? { filter: { nodes: ['and'] } } : {}) };
      expect(() => createHandler({ schema: conformanceSchema, dataLayer: noAny, scope: { book: bookScope } })).not.toThrow();
    });

    it('serves through withFallback, narrowing the nested filter', async () => {
      const served = exampleHandler({ schema: conformanceSchema, dataLayer: withFallback(conformanceSchema, mixed), scope: { book: bookScope } });
      const plain = exampleHandler({ schema: conformanceSchema, dataLayer: memory });
      const query = 'filter[books__title]=Go%20Fast';
      const { status, document } = await served.get('/authors', query);
      expect(status).toBe(200);
      expect(document).toEqual((await plain.get('/authors', query)).document);
      const outside = await served.get('/authors', 'filter[books__title]=Rust%20in%20Action');
      expect(((await plain.get('/authors', 'filter[books__title]=Rust%20in%20Action')).document as { data: unknown[] }).data).toHaveLength(1);
      expect((outside.document as { data: unknown[] }).data).toEqual([]);
    });
  });

  it('within the declaration, the scope narrows every read', async () => {
    const scoped = exampleHandler({ schema: conformanceSchema, dataLayer: layer, scope: { author: [{ name: 'status', op: 'eq', val: 'live' }] } });
    const { status, document } = await scoped.get('/authors', 'filter[rank]=1');
    expect(status).toBe(200);
    expect((document as { data: { id: string }[] }).data.map((author) => author.id)).toEqual(['5', '10']);
  });
});
