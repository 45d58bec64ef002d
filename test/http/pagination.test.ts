import { describe, expect, it } from 'vitest';
import { uri } from './uri.js';
import { computerObject, exampleHandler, JSONAPI, personObject } from './helpers.js';

const { get } = exampleHandler();

// The 13 persons with a non-null birth_date before 1986, by birth_date:
// 23 (1001), 18, 19 (1840, id tie), 13 (1945), 12 (1948), 26 (1963), 16 (1964),
// 10 (1970), 6 (1975), 17 (1980), 21 (1982), 2, 22 (1985-11-30, id tie).
const ordered = ['23', '18', '19', '13', '12', '26', '16', '10', '6', '17', '21', '2', '22'];
const filter = encodeURIComponent(JSON.stringify([{ name: 'birth_date', op: 'lt', val: '1986-01-01' }]));

describe('pagination links keep every other parameter as sent', () => {
  const link = (number: number): string =>
    `/persons?filter=${filter}&page[number]=${String(number)}&sort=birth_date&page[size]=5&fields[person]=name`;

  it.each([
    { page: 1, ids: ordered.slice(0, 5), links: { first: 1, last: 3, next: 2 } },
    { page: 2, ids: ordered.slice(5, 10), links: { first: 1, last: 3, prev: 1, next: 3 } },
    { page: 3, ids: ordered.slice(10), links: { first: 1, last: 3, prev: 2 } },
    { page: 4, ids: [], links: { first: 1, last: 3, prev: 3 } },
    { page: 50, ids: [], links: { first: 1, last: 3, prev: 3 } },
  ])('page $page', async ({ page, ids, links }) => {
    const query = link(page).slice('/persons?'.length);
    const { status, document } = await get('/persons', query);
    expect(status).toBe(200);
    expect(document).toEqual({
      data: ids.map((id) => personObject(id, { fields: ['name'] })),
      links: {
        self: uri(link(page)),
        ...Object.fromEntries(Object.entries(links).map(([name, number]) => [name, uri(link(number))])),
      },
      meta: { count: 13 },
      jsonapi: JSONAPI,
    });
  });

  it('appends page[number] when absent, keeps a percent-encoded one in place', async () => {
    const appended = await get('/persons', 'sort=birth_date&page[size]=5&filter=' + filter);
    expect((appended.document as { links: object }).links).toEqual({
      self: uri(`/persons?sort=birth_date&page[size]=5&filter=${filter}`),
      first: uri(`/persons?sort=birth_date&page[size]=5&filter=${filter}&page[number]=1`),
      last: uri(`/persons?sort=birth_date&page[size]=5&filter=${filter}&page[number]=3`),
      next: uri(`/persons?sort=birth_date&page[size]=5&filter=${filter}&page[number]=2`),
    });
    const encoded = await get('/persons', 'page%5Bnumber%5D=2&page%5Bsize%5D=5&filter=' + filter);
    expect((encoded.document as { links: object }).links).toEqual({
      self: uri(`/persons?page%5Bnumber%5D=2&page%5Bsize%5D=5&filter=${filter}`),
      first: uri(`/persons?page%5Bnumber%5D=1&page%5Bsize%5D=5&filter=${filter}`),
      last: uri(`/persons?page%5Bnumber%5D=3&page%5Bsize%5D=5&filter=${filter}`),
      prev: uri(`/persons?page%5Bnumber%5D=1&page%5Bsize%5D=5&filter=${filter}`),
      next: uri(`/persons?page%5Bnumber%5D=3&page%5Bsize%5D=5&filter=${filter}`),
    });
  });

  it('an empty result has one page', async () => {
    const { document } = await get('/persons', 'filter[name]=Nobody');
    expect(document).toEqual({
      data: [],
      links: {
        self: '/persons?filter%5Bname%5D=Nobody',
        first: '/persons?filter%5Bname%5D=Nobody&page%5Bnumber%5D=1',
        last: '/persons?filter%5Bname%5D=Nobody&page%5Bnumber%5D=1',
      },
      meta: { count: 0 },
      jsonapi: JSONAPI,
    });
  });

  it('page[size]=0 returns everything without pagination links or meta.count', async () => {
    const { document } = await get('/persons', `filter=${filter}&sort=birth_date&page[size]=0&fields[person]=name`);
    expect(document).toEqual({
      data: ordered.map((id) => personObject(id, { fields: ['name'] })),
      links: { self: uri(`/persons?filter=${filter}&sort=birth_date&page[size]=0&fields[person]=name`) },
      jsonapi: JSONAPI,
    });
  });

  it('page[size]=0 can be forbidden', async () => {
    const { get: strictGet } = exampleHandler({ limits: { allowUnpaginated: false } });
    const { status, document } = await strictGet('/persons', 'page[size]=0');
    expect(status).toBe(400);
    expect(document).toMatchObject({
      errors: [{ status: '400', code: 'pagination_required', source: { parameter: 'page[size]' } }],
      jsonapi: JSONAPI,
    });
  });

  it('a related to-many route is paginated with filter and sort', async () => {
    const query = 'sort=-serial&page[size]=2&page[number]=2';
    const { document } = await get('/persons/1/computers', query);
    // serials of person 1's computers descending: SN_100% (1), SN1002 (2), SN-25 (25)
    expect(document).toEqual({
      data: [computerObject('25')],
      links: {
        self: uri(`/persons/1/computers?${query}`),
        first: '/persons/1/computers?sort=-serial&page%5Bsize%5D=2&page%5Bnumber%5D=1',
        last: '/persons/1/computers?sort=-serial&page%5Bsize%5D=2&page%5Bnumber%5D=2',
        prev: '/persons/1/computers?sort=-serial&page%5Bsize%5D=2&page%5Bnumber%5D=1',
      },
      meta: { count: 3 },
      jsonapi: JSONAPI,
    });
  });

  it('relationship linkage is filtered, sorted and paginated', async () => {
    const query = 'filter[serial]=SN1002&page[size]=1';
    const { document } = await get('/persons/1/relationships/computers', query);
    expect(document).toEqual({
      data: [{ type: 'computer', id: '2' }],
      links: {
        self: uri(`/persons/1/relationships/computers?${query}`),
        related: '/persons/1/computers',
        first: uri(`/persons/1/relationships/computers?${query}&page[number]=1`),
        last: uri(`/persons/1/relationships/computers?${query}&page[number]=1`),
      },
      meta: { count: 1 },
      jsonapi: JSONAPI,
    });
  });

  it('filter, sort and page are validated on a single-resource route and have no further effect', async () => {
    const { document } = await get('/persons/1', 'filter[name]=Nobody&sort=-name&page[size]=1&page[number]=9');
    expect(document).toEqual({
      data: personObject('1'),
      links: { self: '/persons/1?filter%5Bname%5D=Nobody&sort=-name&page%5Bsize%5D=1&page%5Bnumber%5D=9' },
      jsonapi: JSONAPI,
    });
    expect((await get('/persons/1', 'page[number]=0')).status).toBe(400);
    expect((await get('/computers/1/owner', 'sort=serial')).status).toBe(400);
  });
});

describe("count: 'estimated' on the memory layer", () => {
  // The memory layer counts exactly (it scans every row anyway): meta.countKind says so.
  const estimated = exampleHandler({ limits: { count: 'estimated', maxExactCount: 0 } });

  it('counts a collection exactly and says so, with the last link', async () => {
    const { document } = await estimated.get('/persons', `filter=${filter}&page[size]=5`);
    expect(document).toMatchObject({ meta: { count: 13, countKind: 'exact' } });
    expect((document as { links: Record<string, string> }).links['last']).toContain('page%5Bnumber%5D=3');
  });

  it('says the same on a related route and on relationship linkage', async () => {
    for (const path of ['/persons/1/computers', '/persons/1/relationships/computers']) {
      const { document } = await estimated.get(path, 'page[size]=1');
      expect(document).toMatchObject({ meta: { count: 3, countKind: 'exact' } });
    }
  });
});
