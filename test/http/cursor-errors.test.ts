/**
 * Faults of cursor requests over HTTP: 400s with the project's code, the parameter as
 * sent and the Cursor Pagination profile's error type, in the profile's media type;
 * offset requests answer exactly as before.
 */
import { describe, expect, it } from 'vitest';
import { exampleData, exampleSchema } from '../../src/example/index.js';
import { layerCapabilities, type DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { exampleHandler, MEDIA_TYPE } from './helpers.js';

const PROFILE = 'https://jsonapi.org/profiles/ethanresnick/cursor-pagination';

interface ErrorDocument {
  readonly errors: readonly {
    readonly code: string;
    readonly source?: { readonly parameter: string };
    readonly links?: { readonly type: string };
    readonly meta?: Readonly<Record<string, unknown>>;
  }[];
}

describe('cursor request errors', () => {
  const { get } = exampleHandler();
  const cursorMode = exampleHandler({ limits: { pagination: 'cursor' } });

  it.each([
    ['garbage', '/persons', 'page[after]=not-a-cursor', 'invalid_cursor', 'page[after]', 'invalid-parameter-value'],
    ['a cursor on a related route', '/persons/1/computers', 'page[before]=%21', 'invalid_cursor', 'page[before]', 'invalid-parameter-value'],
    ['page[number] with a cursor', '/persons', 'page[after]=abc&page[number]=2', 'invalid_page_value', 'page[number]', 'invalid-parameter-value'],
    ['a page size past the maximum', '/persons', 'page[after]=abc&page[size]=1000', 'page_size_too_large', 'page[size]', 'max-size-exceeded'],
  ])('%s is a 400 with the profile error type', async (_, path, query, code, parameter, type) => {
    const response = await get(path, query);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe(`${MEDIA_TYPE}; profile="${PROFILE}"`);
    const [error] = (response.document as ErrorDocument).errors;
    expect(error).toMatchObject({ code, source: { parameter }, links: { type: `${PROFILE}/${type}` } });
  });

  it('max-size-exceeded carries meta.page.maxSize beside meta.limit', async () => {
    const response = await cursorMode.get('/persons', 'page[size]=101');
    expect((response.document as ErrorDocument).errors[0]?.meta).toEqual({ limit: 100, page: { maxSize: 100 } });
  });

  it("page[number] is a 400 in pagination: 'cursor' mode", async () => {
    const response = await cursorMode.get('/persons', 'page[number]=2');
    expect(response.status).toBe(400);
    expect((response.document as ErrorDocument).errors[0]).toMatchObject({ code: 'invalid_page_value', source: { parameter: 'page[number]' } });
  });

  it('offset requests keep the plain media type and their errors as before', async () => {
    const response = await get('/persons', 'page[size]=1000');
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe(MEDIA_TYPE);
    const [error] = (response.document as ErrorDocument).errors;
    expect(error).not.toHaveProperty('links');
    expect(error?.meta).toEqual({ limit: 100 });
    expect((await get('/persons')).headers['content-type']).toBe(MEDIA_TYPE);
  });
});

describe('a layer that cannot page by cursor on a sort', () => {
  const memory = createMemoryLayer(exampleSchema, exampleData);
  const calls: string[] = [];
  // Pages by cursor unless the sort starts with `name` (either way); `read` calls are recorded.
  const layer: DataLayer = {
    ...layerCapabilities(memory),
    canPageByCursor: (type, sort) => sort[0]?.field !== 'name',
    read: (request, context) => {
      calls.push(request.type);
      return memory.read(request, context);
    },
    readOne: (type, id, context) => memory.readOne(type, id, context),
    readRelated: (request, context) => memory.readRelated(request, context),
    readLinkage: (request, context) => memory.readLinkage(request, context),
    readIncluded: (request, context) => memory.readIncluded(request, context),
  };
  const { get } = exampleHandler({ dataLayer: layer, limits: { pagination: 'cursor' } });

  it('answers a cursor page on that sort with unsupported-sort naming sort, before reading', async () => {
    for (const query of ['sort=name', 'sort=-name,birth_date', `sort=name&page[after]=x`]) {
      calls.length = 0;
      const response = await get('/persons', query);
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toBe(`${MEDIA_TYPE}; profile="${PROFILE}"`);
      expect((response.document as ErrorDocument).errors.map((error) => error.code)).toContain(
        query.includes('after') ? 'invalid_cursor' : 'unsupported_cursor_sort',
      );
      if (!query.includes('after')) {
        expect((response.document as ErrorDocument).errors[0]).toMatchObject({
          source: { parameter: 'sort' },
          links: { type: `${PROFILE}/unsupported-sort` },
        });
      }
      expect(calls).toEqual([]);
    }
  });

  it('pages by cursor on other sorts, and by number on that sort', async () => {
    expect((await get('/persons', 'sort=birth_date')).status).toBe(200);
    expect((await get('/persons', 'sort=birth_date,name')).status).toBe(200);
    const byNumber = exampleHandler({ dataLayer: layer });
    expect((await byNumber.get('/persons', 'sort=name&page[number]=1')).status).toBe(200);
  });
});

describe("count: 'none' on pages by number", () => {
  const { get } = exampleHandler({ limits: { count: 'none' } });

  it('drops meta.count and the last link, and still links to the next page while there is one', async () => {
    const all = await get('/persons', 'sort=name&page[size]=0');
    const total = (all.document as { data: unknown[] }).data.length;
    const size = 10;
    const lastPage = Math.ceil(total / size);
    for (let number = 1; number <= lastPage; number++) {
      const response = await get('/persons', `sort=name&page[size]=${String(size)}&page[number]=${String(number)}`);
      const document = response.document as { data: unknown[]; links: Record<string, string>; meta?: unknown };
      expect(response.headers['content-type']).toBe(MEDIA_TYPE);
      expect(document.meta).toBeUndefined();
      expect(document.links).not.toHaveProperty('last');
      expect(document.links['first']).toBe(`/persons?sort=name&page%5Bsize%5D=10&page%5Bnumber%5D=1`);
      const link = (page: number) => `/persons?sort=name&page%5Bsize%5D=10&page%5Bnumber%5D=${String(page)}`;
      expect(document.links['next']).toBe(number < lastPage ? link(number + 1) : undefined);
      expect(document.links['prev']).toBe(number > 1 ? link(number - 1) : undefined);
      expect(document.data).toHaveLength(number < lastPage ? size : total - size * (lastPage - 1));
    }
  });
});
