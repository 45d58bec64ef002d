/**
 * Cursor pages asked for in `Accept` (JSON:API 1.1 profiles, docs/handler.md "Cursor
 * pagination"): on a server in offset mode, a client that names the Cursor Pagination
 * profile in `Accept` gets the first page of a cursor walk and can walk to the end;
 * the profile is a request, not a demand (`page[number]`, `page[size]=0`, a sort the
 * layer cannot page by cursor and single resources are answered as without it). Every
 * response is checked against the JSON:API schemas and the OpenAPI document.
 */
import { describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { requestedProfiles } from '../../src/http/negotiate.js';
import { layerCapabilities, type DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { exampleHandler, MEDIA_TYPE } from './helpers.js';

const PROFILE = 'https://jsonapi.org/profiles/ethanresnick/cursor-pagination';
const PROFILE_MEDIA_TYPE = `${MEDIA_TYPE}; profile="${PROFILE}"`;
const ASK = { accept: PROFILE_MEDIA_TYPE };

interface PageDocument {
  readonly data: readonly { readonly id: string; readonly meta?: { readonly page?: { readonly cursor?: string } } }[] | null;
  readonly links: Readonly<Record<string, string | null>>;
  readonly meta?: { readonly count?: number };
  readonly jsonapi: { readonly version: string; readonly profile?: readonly string[] };
  readonly errors?: readonly { readonly code: string; readonly links?: { readonly type?: string } }[];
}

type Get = ReturnType<typeof exampleHandler>['get'];

async function page(get: Get, target: string, headers: Record<string, string> = ASK) {
  const at = target.indexOf('?');
  const response = await get(at === -1 ? target : target.slice(0, at), at === -1 ? '' : target.slice(at + 1), headers);
  return { ...response, document: response.document as PageDocument };
}

/** Every page from `start` with the profile in `Accept`, following `links.next`: the ids in reading order. */
async function walk(get: Get, start: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  for (let target: string | null | undefined = start; target !== null && target !== undefined; ) {
    const { status, headers, document, body } = await page(get, target);
    expect(status, body).toBe(200);
    expect(headers['content-type']).toBe(PROFILE_MEDIA_TYPE);
    expect(headers['vary']).toBe('Accept');
    expect(document.jsonapi).toEqual({ version: '1.1', profile: [PROFILE] });
    for (const item of document.data ?? []) expect(item.meta?.page?.cursor).toMatch(/^[\w-]+$/u);
    ids.push(...(document.data ?? []).map((item) => item.id));
    target = document.links['next'];
    pages++;
    expect(pages).toBeLessThan(200);
  }
  return { ids, pages };
}

async function everyId(get: Get, path: string, query: string): Promise<string[]> {
  const { document } = await page(get, `${path}?${query}${query === '' ? '' : '&'}page[size]=0`, {});
  return (document.data ?? []).map((item) => item.id);
}

describe('requestedProfiles (the profile parameter of Accept, JSON:API 1.1)', () => {
  it.each([
    { accept: undefined, profiles: [] },
    { accept: MEDIA_TYPE, profiles: [] },
    { accept: '*/*', profiles: [] },
    { accept: `${MEDIA_TYPE}; profile="${PROFILE}"`, profiles: [PROFILE] },
    { accept: `${MEDIA_TYPE};profile=${PROFILE}`, profiles: [PROFILE] },
    { accept: `${MEDIA_TYPE}; PROFILE="https://a.test/x ${PROFILE}"`, profiles: ['https://a.test/x', PROFILE] },
    { accept: `${MEDIA_TYPE}; profile="  https://a.test/x   https://a.test/y "`, profiles: ['https://a.test/x', 'https://a.test/y'] },
    { accept: `${MEDIA_TYPE}; profile="${PROFILE}", ${MEDIA_TYPE}`, profiles: [PROFILE] },
    { accept: `${MEDIA_TYPE}, ${MEDIA_TYPE}; profile="${PROFILE}"; q=0.5`, profiles: [] },
    { accept: `${MEDIA_TYPE}; profile="${PROFILE}"; q=0`, profiles: [] },
    { accept: `${MEDIA_TYPE}; profile="${PROFILE}"; charset=utf-8, ${MEDIA_TYPE}`, profiles: [] },
    { accept: `text/html; profile="${PROFILE}"`, profiles: [] },
    { accept: `${MEDIA_TYPE};q=0.4, ${MEDIA_TYPE}; profile="${PROFILE}";q=0.8`, profiles: [PROFILE] },
  ])('$accept → $profiles', ({ accept, profiles }) => {
    expect([...requestedProfiles(accept)]).toEqual(profiles);
  });
});

describe('cursor pages asked for in Accept, on a server in offset mode', () => {
  const { get } = exampleHandler();

  it.each([
    ['/persons', ''],
    ['/persons', 'sort=-birth_date&filter[gender]=m'],
    ['/computers', 'sort=owner.name'],
    ['/persons/1/computers', 'sort=-serial'],
    ['/persons/1/relationships/computers', 'sort=serial'],
  ])('%s?%s: the walk gives every row once, in order', async (path, query) => {
    const all = await everyId(get, path, query);
    expect(all.length).toBeGreaterThan(0);
    for (const size of [1, 4, 30]) {
      const { ids, pages } = await walk(get, `${path}?${query}${query === '' ? '' : '&'}page[size]=${String(size)}`);
      expect(ids, `page size ${String(size)}`).toEqual(all);
      expect(pages).toBe(Math.max(1, Math.ceil(all.length / size)));
    }
  });

  it('without page[size] too: the default size, no count, cursor links', async () => {
    const { document } = await page(get, '/persons');
    expect(document.data).toHaveLength(30);
    expect(document.meta).toBeUndefined();
    expect(Object.keys(document.links)).toEqual(['self', 'first', 'prev', 'next']);
    expect(document.links['prev']).toBeNull();
    expect((await walk(get, '/persons')).ids).toEqual(await everyId(get, '/persons', ''));
  });

  it.each([
    ['the URI the profile page gives', 'application/vnd.api+json; profile="http://jsonapi.org/profiles/ethanresnick/cursor-pagination/"'],
    ['among other profiles', `application/vnd.api+json; profile="https://example.com/other ${PROFILE}"`],
    ['beside a plain instance', `application/vnd.api+json, application/vnd.api+json; profile="${PROFILE}"`],
    ['in a second Accept header', [`text/html`, PROFILE_MEDIA_TYPE]],
  ])('the profile is recognised %s', async (_title, accept) => {
    const response = await get('/persons', 'page[size]=2', { accept });
    expect(response.headers['content-type']).toBe(PROFILE_MEDIA_TYPE);
    expect((response.document as PageDocument).links['next']).toContain('page%5Bafter%5D=');
  });

  it.each([
    ['no profile', MEDIA_TYPE],
    ['another profile only', `${MEDIA_TYPE}; profile="https://example.com/profiles/flexible"`],
    ['a look-alike URI', `${MEDIA_TYPE}; profile="${PROFILE}/v2"`],
    ['the profile less preferred than a plain instance', `${MEDIA_TYPE}, ${PROFILE_MEDIA_TYPE}; q=0.5`],
  ])('%s: a page by number, as before', async (_title, accept) => {
    const response = await get('/persons', 'page[size]=2', { accept });
    expect(response.headers['content-type']).toBe(MEDIA_TYPE);
    expect((response.document as PageDocument).links['next']).toBe('/persons?page%5Bsize%5D=2&page%5Bnumber%5D=2');
  });

  it('page[number] wins over the profile: a page by number, plain media type', async () => {
    const { headers, document } = await page(get, '/persons?page[size]=2&page[number]=3');
    expect(headers['content-type']).toBe(MEDIA_TYPE);
    expect(document.jsonapi).toEqual({ version: '1.0' });
    expect(document.data?.map((item) => item.id)).toEqual((await everyId(get, '/persons', '')).slice(4, 6));
    expect(document.meta?.count).toBe(exampleData.person.length);
  });

  it('page[size]=0 still disables pagination', async () => {
    const { headers, document } = await page(get, '/persons?page[size]=0');
    expect(headers['content-type']).toBe(MEDIA_TYPE);
    expect(document.data).toHaveLength(exampleData.person.length);
  });

  it('single resources and to-one routes are answered as without the profile', async () => {
    for (const target of ['/persons/1', '/computers/1/owner', '/computers/1/relationships/owner', '/persons/1?page[size]=2']) {
      const asked = await page(get, target);
      const plain = await page(get, target, {});
      expect(asked.status).toBe(200);
      expect(asked.headers['content-type']).toBe(MEDIA_TYPE);
      expect(asked.body).toBe(plain.body);
    }
  });

  it('errors of such a request carry the profile error types', async () => {
    const { status, headers, document } = await page(get, '/persons?page[size]=1000');
    expect(status).toBe(400);
    expect(headers['content-type']).toBe(PROFILE_MEDIA_TYPE);
    expect(document.errors?.[0]).toMatchObject({ code: 'page_size_too_large', links: { type: `${PROFILE}/max-size-exceeded` } });
  });

  it('HEAD answers with the headers of the cursor page', async () => {
    const response = await get('/persons', 'page[size]=2', ASK, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(PROFILE_MEDIA_TYPE);
    expect(response.body).toBe('');
  });
});

describe('where the type does not allow a cursor walk', () => {
  it('a layer that cannot page by cursor on the sort gives page 1 by number, not a 400', async () => {
    const memory = createMemoryLayer(exampleSchema, exampleData);
    // Pages by cursor only on sorts without a relationship path.
    const layer: DataLayer = {
      ...layerCapabilities(memory),
      canPageByCursor: (_type, sort) => sort.every((key) => key.path.length === 0),
      read: (request, context) => memory.read(request, context),
      readOne: (type, id, context) => memory.readOne(type, id, context),
      readRelated: (request, context) => memory.readRelated(request, context),
      readLinkage: (request, context) => memory.readLinkage(request, context),
      readIncluded: (request, context) => memory.readIncluded(request, context),
    };
    const { get } = exampleHandler({ dataLayer: layer });
    const byOwner = await page(get, '/computers?sort=owner.name&page[size]=2');
    expect(byOwner.status).toBe(200);
    expect(byOwner.headers['content-type']).toBe(MEDIA_TYPE);
    expect(byOwner.document.links['next']).toBe('/computers?sort=owner.name&page%5Bsize%5D=2&page%5Bnumber%5D=2');
    const bySerial = await page(get, '/computers?sort=serial&page[size]=2');
    expect(bySerial.headers['content-type']).toBe(PROFILE_MEDIA_TYPE);
    // A cursor the client sends is a demand: refused as before.
    const cursor = bySerial.document.data?.[1]?.meta?.page?.cursor ?? '';
    const demanded = await page(get, `/computers?sort=owner.name&page[size]=2&page[after]=${cursor}`);
    expect(demanded.status).toBe(400);
  });

  it("pagination: 'cursor' types page by cursor with or without the profile; page[number] stays a 400", async () => {
    const { get } = exampleHandler({ limits: { pagination: 'cursor' } });
    expect((await page(get, '/persons?page[size]=2')).headers['content-type']).toBe(PROFILE_MEDIA_TYPE);
    expect((await page(get, '/persons?page[size]=2', {})).headers['content-type']).toBe(PROFILE_MEDIA_TYPE);
    expect((await page(get, '/persons?page[number]=2')).status).toBe(400);
  });
});
