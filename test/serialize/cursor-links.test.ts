import { describe, expect, it } from 'vitest';
import { cursorLinks } from '../../src/serialize/cursor-links.js';

describe('cursorLinks', () => {
  const page = { cursors: ['Wy1', 'Wy2'], next: { after: 'Wy2' }, prev: { before: 'Wy1' }, rangeTruncated: false };

  it('replaces the cursors and keeps every other parameter as sent, percent-encoded', () => {
    const query = 'filter[name]=J%C3%B6hn+Doe&page%5Bafter%5D=old&sort=-name&page[before]=older&page[size]=2';
    expect(cursorLinks('/persons', query, page)).toEqual({
      first: '/persons?filter%5Bname%5D=J%C3%B6hn+Doe&sort=-name&page%5Bsize%5D=2',
      prev: '/persons?filter%5Bname%5D=J%C3%B6hn+Doe&sort=-name&page%5Bsize%5D=2&page%5Bbefore%5D=Wy1',
      next: '/persons?filter%5Bname%5D=J%C3%B6hn+Doe&sort=-name&page%5Bsize%5D=2&page%5Bafter%5D=Wy2',
    });
  });

  it('gives null at the ends, a bare first link without parameters, and both cursors inside a range', () => {
    expect(cursorLinks('/persons', 'page[after]=x', { ...page, prev: null, next: null })).toEqual({
      first: '/persons',
      prev: null,
      next: null,
    });
    expect(cursorLinks('/persons', '', { ...page, next: { after: 'Wy2', before: 'Wy9' } }).next).toBe(
      '/persons?page%5Bafter%5D=Wy2&page%5Bbefore%5D=Wy9',
    );
  });

  it('drops a cursor parameter sent without a value, and keeps other names without one', () => {
    expect(cursorLinks('/persons', 'page[after]&sort&page%5Bbefore%5D&p', page).next).toBe('/persons?sort&p&page%5Bafter%5D=Wy2');
  });

  it('links decode to the parameters of the request they continue', () => {
    const query = 'filter[serial]=a%26b%3Dc&include=owner';
    const next = new URL(cursorLinks('/computers', query, page).next as string, 'http://host');
    expect(Object.fromEntries(next.searchParams)).toEqual({ 'filter[serial]': 'a&b=c', include: 'owner', 'page[after]': 'Wy2' });
  });
});
