import { describe, expect, it } from 'vitest';
import { paginationLinks } from '../../src/serialize/index.js';

describe('paginationLinks', () => {
  const url = '/persons';

  it.each([
    {
      description: 'first page',
      number: 1,
      expected: { first: 1, last: 4, next: 2 },
    },
    { description: 'middle page', number: 2, expected: { first: 1, last: 4, prev: 1, next: 3 } },
    { description: 'last page', number: 4, expected: { first: 1, last: 4, prev: 3 } },
    { description: 'past the end links back to the last page', number: 9, expected: { first: 1, last: 4, prev: 4 } },
  ])('$description', ({ number, expected }) => {
    const query = `sort=-name&page[number]=${String(number)}&page[size]=10&filter[gender]=f`;
    const link = (n: number): string =>
      `/persons?sort=-name&page%5Bnumber%5D=${String(n)}&page%5Bsize%5D=10&filter%5Bgender%5D=f`;
    const links = paginationLinks(url, query, { kind: 'offset', size: 10, number }, 35);
    expect(links).toEqual(
      Object.fromEntries(Object.entries(expected).map(([name, n]) => [name, link(n)])),
    );
  });

  it('keeps a percent-encoded page[number] in place and every other parameter as sent', () => {
    const query = 'filter=%5B%7B%22name%22%3A%22name%22%7D%5D&page%5Bnumber%5D=2&page%5Bsize%5D=1&x+y=a%20b';
    expect(paginationLinks(url, query, { kind: 'offset', size: 1, number: 2 }, 3)).toEqual({
      first: '/persons?filter=%5B%7B%22name%22%3A%22name%22%7D%5D&page%5Bnumber%5D=1&page%5Bsize%5D=1&x+y=a%20b',
      last: '/persons?filter=%5B%7B%22name%22%3A%22name%22%7D%5D&page%5Bnumber%5D=3&page%5Bsize%5D=1&x+y=a%20b',
      prev: '/persons?filter=%5B%7B%22name%22%3A%22name%22%7D%5D&page%5Bnumber%5D=1&page%5Bsize%5D=1&x+y=a%20b',
      next: '/persons?filter=%5B%7B%22name%22%3A%22name%22%7D%5D&page%5Bnumber%5D=3&page%5Bsize%5D=1&x+y=a%20b',
    });
  });

  it('appends page[number] when the query has none, and handles an empty query', () => {
    expect(paginationLinks(url, 'page[size]=5', { kind: 'offset', size: 5, number: 1 }, 6)).toEqual({
      first: '/persons?page%5Bsize%5D=5&page%5Bnumber%5D=1',
      last: '/persons?page%5Bsize%5D=5&page%5Bnumber%5D=2',
      next: '/persons?page%5Bsize%5D=5&page%5Bnumber%5D=2',
    });
    expect(paginationLinks(url, '', { kind: 'offset', size: 30, number: 1 }, 0)).toEqual({
      first: '/persons?page%5Bnumber%5D=1',
      last: '/persons?page%5Bnumber%5D=1',
    });
  });

  it('does not mistake a value or a longer name for page[number]', () => {
    expect(paginationLinks(url, 'filter[name]=page[number]&page[numbers]=1', { kind: 'offset', size: 30, number: 1 }, 0).first).toBe(
      '/persons?filter%5Bname%5D=page%5Bnumber%5D&page%5Bnumbers%5D=1&page%5Bnumber%5D=1',
    );
  });

  it('keeps a page[number] without a value in place at the very end too', () => {
    expect(paginationLinks(url, 'a=1&page[number]', { kind: 'offset', size: 30, number: 1 }, 0).first).toBe('/persons?a=1&page%5Bnumber%5D=1');
  });

  it('keeps a page[number] without a value in place', () => {
    expect(paginationLinks(url, 'a=1&page[number]&b=2', { kind: 'offset', size: 30, number: 1 }, 0).first).toBe(
      '/persons?a=1&page%5Bnumber%5D=1&b=2',
    );
  });

  describe("uncounted pages (count: 'none'): prev from page 2, next while the read found a row past the page", () => {
    const link = (n: number): string => `/persons?sort=name&page%5Bnumber%5D=${String(n)}&page%5Bsize%5D=10`;
    it.each([
      { number: 1, hasNext: false, expected: { first: 1 } },
      { number: 1, hasNext: true, expected: { first: 1, next: 2 } },
      { number: 2, hasNext: true, expected: { first: 1, prev: 1, next: 3 } },
      { number: 3, hasNext: false, expected: { first: 1, prev: 2 } },
      { number: 9, hasNext: false, expected: { first: 1, prev: 8 } },
    ])('page $number, hasNext $hasNext', ({ number, hasNext, expected }) => {
      const links = paginationLinks(url, `sort=name&page[number]=${String(number)}&page[size]=10`, { kind: 'offset', size: 10, number }, { hasNext });
      expect(links).toEqual(Object.fromEntries(Object.entries(expected).map(([name, n]) => [name, link(n)])));
    });
  });

  it('counted pages: last is at least page 1, rounded up, and prev never points past it', () => {
    const link = (n: number): string => `/persons?page%5Bnumber%5D=${String(n)}`;
    expect(paginationLinks(url, 'page[number]=1', { kind: 'offset', size: 10, number: 1 }, 10)).toEqual({ first: link(1), last: link(1) });
    expect(paginationLinks(url, 'page[number]=1', { kind: 'offset', size: 10, number: 1 }, 11)).toEqual({ first: link(1), last: link(2), next: link(2) });
    expect(paginationLinks(url, 'page[number]=2', { kind: 'offset', size: 10, number: 2 }, 0)).toEqual({ first: link(1), last: link(1), prev: link(1) });
    expect(paginationLinks(url, 'page[number]=3', { kind: 'offset', size: 10, number: 3 }, 25)).toEqual({ first: link(1), last: link(3), prev: link(2) });
  });
});
