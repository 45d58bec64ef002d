/**
 * Cursor pagination over HTTP (docs/handler.md, docs/query-syntax.md): walking every
 * page forward with `next` and backward with `prev` gives each matching row once, in
 * the order of one unpaginated read, on collections, related and relationship routes;
 * cursors only move the window; documents and errors follow the Cursor Pagination
 * profile. Every response is checked against the JSON:API schemas and the OpenAPI
 * document (`exampleHandler`).
 */
import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../../src/paging/cursor-codec.js';
import type { KeyValue, SortKey } from '../../src/ast/query-ast.js';
import { exampleHandler, MEDIA_TYPE } from './helpers.js';

const PROFILE = 'https://jsonapi.org/profiles/ethanresnick/cursor-pagination';
const PROFILE_MEDIA_TYPE = `${MEDIA_TYPE}; profile="${PROFILE}"`;

interface Item {
  readonly id: string;
  readonly meta?: { readonly page?: { readonly cursor?: string } };
}
interface PageDocument {
  readonly data: readonly Item[];
  readonly links: Readonly<Record<string, string | null>>;
  readonly meta?: { readonly count?: number; readonly page?: { readonly rangeTruncated?: boolean } };
}

type Get = ReturnType<typeof exampleHandler>['get'];

/** GETs a link as the serializer wrote it (its query kept raw), expecting a 200 cursor page. */
async function follow(get: Get, link: string): Promise<PageDocument> {
  const at = link.indexOf('?');
  const response = await get(at === -1 ? link : link.slice(0, at), at === -1 ? '' : link.slice(at + 1));
  expect(response.status, response.body).toBe(200);
  expect(response.headers['content-type']).toBe(PROFILE_MEDIA_TYPE);
  const document = response.document as PageDocument;
  expect(document.links).not.toHaveProperty('last');
  for (const item of document.data) expect(item.meta?.page?.cursor).toMatch(/^[\w-]+$/u);
  return document;
}

/**
 * Every page from `start` following `next`, then every page back from the last one
 * following `prev`: the ids in reading order, and the number of pages each way.
 */
async function walk(get: Get, start: string, size: number) {
  const forward: string[] = [];
  let document = await follow(get, start);
  let pages = 1;
  for (;;) {
    expect(document.data.length).toBeLessThanOrEqual(size);
    forward.push(...document.data.map((item) => item.id));
    const next = document.links['next'];
    if (next === null || next === undefined) break;
    expect(document.data).toHaveLength(size);
    document = await follow(get, next);
    pages++;
    expect(pages).toBeLessThan(200);
  }
  const backward: string[][] = [document.data.map((item) => item.id)];
  for (let prev = document.links['prev']; prev !== null && prev !== undefined; ) {
    const page = await follow(get, prev);
    expect(page.data).toHaveLength(size);
    backward.unshift(page.data.map((item) => item.id));
    prev = page.links['prev'];
    expect(backward.length).toBeLessThan(200);
  }
  return { forward, backward: backward.flat(), pages, first: await follow(get, start) };
}

/** The ids of one unpaginated read, the order every walk must give. */
async function everyId(get: Get, path: string, query: string): Promise<string[]> {
  const response = await get(path, `${query}${query === '' ? '' : '&'}page[size]=0`);
  expect(response.status).toBe(200);
  return (response.document as PageDocument).data.map((item) => item.id);
}

describe('walking cursor pages', () => {
  const cursorMode = exampleHandler({ limits: { pagination: 'cursor' } });

  it.each([
    ['/persons', ''],
    ['/persons', 'sort=-birth_date'],
    ['/persons', 'sort=birth_date,-name'],
    ['/persons', 'sort=gender,-birth_date&filter[name]=John'],
    ['/persons', 'sort=-gender,name'],
    ['/persons', 'sort=name&filter=' + encodeURIComponent('[{"name":"birth_date","op":"lt","val":"1990-01-01"}]')],
    ['/computers', 'sort=owner.name'],
    ['/computers', 'sort=-owner.name,serial'],
    ['/computers', 'sort=-owner.birth_date'],
    ['/persons/1/computers', 'sort=serial'],
    ['/persons/13/computers', 'sort=-serial'],
    ['/persons/1/relationships/computers', 'sort=-serial'],
  ])('%s?%s gives every row once, in order, forward and backward', async (path, query) => {
    const all = await everyId(cursorMode.get, path, query);
    expect(all.length).toBeGreaterThan(0);
    for (const size of [1, 2, 7]) {
      const start = `${path}?${query}${query === '' ? '' : '&'}page[size]=${String(size)}`;
      const { forward, backward, pages, first } = await walk(cursorMode.get, start, size);
      expect(forward, `forward, page size ${String(size)}`).toEqual(all);
      expect(backward, `backward, page size ${String(size)}`).toEqual(all);
      expect(pages).toBe(Math.max(1, Math.ceil(all.length / size)));
      expect(first.links['prev']).toBeNull();
      expect(first.meta).toBeUndefined();
    }
  });

  it('resource identifiers of a relationship route carry their cursors too', async () => {
    const document = await follow(cursorMode.get, '/persons/1/relationships/computers?sort=serial&page[size]=2');
    expect(document.data.map((item) => [item.id, typeof item.meta?.page?.cursor])).toEqual([
      ['25', 'string'],
      ['2', 'string'],
    ]);
  });

  it('a page by cursor is served in offset mode too, when the client names a cursor', async () => {
    const offsetMode = exampleHandler();
    const first = await follow(cursorMode.get, '/persons?sort=-birth_date&page[size]=3');
    const next = first.links['next'] as string;
    const fromOffset = await follow(offsetMode.get, next);
    const fromCursor = await follow(cursorMode.get, next);
    expect(fromOffset).toEqual(fromCursor);
    expect((await everyId(offsetMode.get, '/persons', 'sort=-birth_date')).slice(3, 6)).toEqual(fromCursor.data.map((item) => item.id));
  });

  it("count: 'exact' puts meta.count on cursor pages; the links stay those of a cursor page", async () => {
    const { get } = exampleHandler({ limits: { pagination: 'cursor', count: 'exact' } });
    const all = await everyId(get, '/persons', 'filter[gender]=f');
    const page = await follow(get, '/persons?filter[gender]=f&page[size]=2');
    expect(page.meta).toEqual({ count: all.length });
    expect(Object.keys(page.links)).toEqual(['self', 'first', 'prev', 'next']);
  });

  it('links keep every other parameter as sent, percent-encoded, and decode to the same parameters', async () => {
    const page = await follow(cursorMode.get, '/persons?filter[gender]=f&sort=-name&page[size]=1&fields[person]=name');
    expect(page.links['first']).toBe('/persons?filter%5Bgender%5D=f&sort=-name&page%5Bsize%5D=1&fields%5Bperson%5D=name');
    const next = new URL(page.links['next'] as string, 'http://host');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      'filter[gender]': 'f',
      sort: '-name',
      'page[size]': '1',
      'fields[person]': 'name',
      'page[after]': page.data[0]?.meta?.page?.cursor,
    });
    const second = await follow(cursorMode.get, page.links['next'] as string);
    const prev = new URL(second.links['prev'] as string, 'http://host');
    expect(prev.searchParams.get('page[before]')).toBe(second.data[0]?.meta?.page?.cursor);
    expect(prev.searchParams.has('page[after]')).toBe(false);
  });

  it('a range between two cursors holds the rows strictly between them, and says when it was cut', async () => {
    const all = await everyId(cursorMode.get, '/persons', 'sort=name');
    const cursors = (await follow(cursorMode.get, '/persons?sort=name&page[size]=100')).data.map((item) => item.meta?.page?.cursor as string);
    const range = (after: number, before: number, size: number) =>
      follow(cursorMode.get, `/persons?sort=name&page[size]=${String(size)}&page[after]=${cursors[after] ?? ''}&page[before]=${cursors[before] ?? ''}`);
    const whole = await range(2, 9, 10);
    expect(whole.data.map((item) => item.id)).toEqual(all.slice(3, 9));
    expect(whole.meta).toBeUndefined();
    expect(whole.links['next']).toBeNull();
    const cut = await range(2, 9, 4);
    expect(cut.data.map((item) => item.id)).toEqual(all.slice(3, 7));
    expect(cut.meta).toEqual({ page: { rangeTruncated: true } });
    const rest = await follow(cursorMode.get, cut.links['next'] as string);
    expect(rest.data.map((item) => item.id)).toEqual(all.slice(7, 9));
    expect(rest.meta).toBeUndefined();
  });
});

describe('forged cursors only move the window', () => {
  const byName: SortKey[] = [
    { path: [], field: 'name', direction: 'asc' },
    { path: [], field: 'id', direction: 'asc' },
  ];
  const forge = (values: readonly KeyValue[]) => encodeCursor('person', byName, values);

  it('a cursor with values outside the filter returns only rows the filter allows, after that position', async () => {
    const { get } = exampleHandler();
    const all = await everyId(get, '/persons', 'filter[gender]=f&sort=name');
    const names = await get('/persons', 'filter[gender]=f&sort=name&page[size]=0&fields[person]=name');
    const rows = (names.document as { data: { id: string; attributes: { name: string } }[] }).data;
    // A position between two matching rows, made from a name and id no female person has.
    const pivot = rows[1]?.attributes.name as string;
    const page = await follow(get, `/persons?filter[gender]=f&sort=name&page[size]=100&page[after]=${forge([pivot, '~'])}`);
    expect(page.data.map((item) => item.id)).toEqual(all.slice(all.indexOf(rows[1]?.id as string) + 1));
    const before = await follow(get, `/persons?filter[gender]=f&sort=name&page[size]=100&page[before]=${forge(['\uFFFF', '0'])}`);
    expect(before.data.map((item) => item.id)).toEqual(all);
  });

  it("a cursor never reaches rows outside the server's scope", async () => {
    const { get } = exampleHandler({ scope: { person: [{ name: 'gender', op: 'eq', val: 'm' }] } });
    const all = await everyId(get, '/persons', 'sort=name');
    const page = await follow(get, `/persons?sort=name&page[size]=100&page[after]=${forge(['', '0'])}`);
    expect(page.data.map((item) => item.id)).toEqual(all);
    const outside = await get('/persons', 'filter[gender]=f');
    expect((outside.document as PageDocument).data).toEqual([]);
  });
});
