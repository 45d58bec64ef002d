import { describe, expect, it } from 'vitest';
import { computerObject, computersOf, exampleHandler, JSONAPI, MEDIA_TYPE, ownerOf, personObject } from './helpers.js';

const { get } = exampleHandler();

const notFound = (detail: string) => ({
  errors: [{ status: '404', code: 'not_found', title: 'Not found', detail }],
  jsonapi: JSONAPI,
});

describe('the route table of the specification', () => {
  it('GET /persons: a paginated collection (all 30 example persons fit the default page)', async () => {
    const { status, headers, document } = await get('/persons');
    expect(status).toBe(200);
    expect(headers).toEqual({ 'content-type': MEDIA_TYPE, vary: 'Accept' });
    const ids = ['1', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '2', '20', '21', '22', '23', '24',
      '25', '26', '27', '28', '29', '3', '30', '4', '5', '6', '7', '8', '9'];
    expect(document).toEqual({
      data: ids.map((id) => personObject(id)),
      links: { self: '/persons', first: '/persons?page%5Bnumber%5D=1', last: '/persons?page%5Bnumber%5D=1' },
      meta: { count: 30 },
      jsonapi: JSONAPI,
    });
  });

  it('GET /computers: every type of the schema has its collection', async () => {
    const { status, document } = await get('/computers', 'page[size]=3');
    expect(status).toBe(200);
    expect(document).toEqual({
      data: ['1', '10', '11'].map((id) => computerObject(id)),
      links: {
        self: '/computers?page%5Bsize%5D=3',
        first: '/computers?page%5Bsize%5D=3&page%5Bnumber%5D=1',
        last: '/computers?page%5Bsize%5D=3&page%5Bnumber%5D=11',
        next: '/computers?page%5Bsize%5D=3&page%5Bnumber%5D=2',
      },
      meta: { count: 32 },
      jsonapi: JSONAPI,
    });
  });

  it('GET /persons/<id>: one resource', async () => {
    const { status, document } = await get('/persons/1');
    expect(status).toBe(200);
    expect(document).toEqual({ data: personObject('1'), links: { self: '/persons/1' }, jsonapi: JSONAPI });
  });

  it('GET /persons/<id>/computers: the related computers, paginated', async () => {
    const { status, document } = await get('/persons/1/computers');
    expect(status).toBe(200);
    expect(document).toEqual({
      data: ['1', '2', '25'].map((id) => computerObject(id)),
      links: {
        self: '/persons/1/computers',
        first: '/persons/1/computers?page%5Bnumber%5D=1',
        last: '/persons/1/computers?page%5Bnumber%5D=1',
      },
      meta: { count: 3 },
      jsonapi: JSONAPI,
    });
  });

  it('GET /persons/<id>/relationships/computers: the linkage', async () => {
    const { status, document } = await get('/persons/1/relationships/computers');
    expect(status).toBe(200);
    expect(document).toEqual({
      data: [
        { type: 'computer', id: '1' },
        { type: 'computer', id: '2' },
        { type: 'computer', id: '25' },
      ],
      links: {
        self: '/persons/1/relationships/computers',
        related: '/persons/1/computers',
        first: '/persons/1/relationships/computers?page%5Bnumber%5D=1',
        last: '/persons/1/relationships/computers?page%5Bnumber%5D=1',
      },
      meta: { count: 3 },
      jsonapi: JSONAPI,
    });
  });

  it('GET /computers/<id>: one computer', async () => {
    const { document } = await get('/computers/3');
    expect(document).toEqual({ data: computerObject('3'), links: { self: '/computers/3' }, jsonapi: JSONAPI });
  });

  it('GET /computers/<id>/owner: the related person', async () => {
    const { status, document } = await get('/computers/3/owner');
    expect(status).toBe(200);
    expect(document).toEqual({ data: personObject('2'), links: { self: '/computers/3/owner' }, jsonapi: JSONAPI });
  });

  it('GET /computers/<id>/owner of a computer without owner: data null', async () => {
    const { status, document } = await get('/computers/26/owner');
    expect(status).toBe(200);
    expect(document).toEqual({ data: null, links: { self: '/computers/26/owner' }, jsonapi: JSONAPI });
  });

  it('GET /computers/<id>/relationships/owner: to-one linkage, null when empty', async () => {
    expect((await get('/computers/3/relationships/owner')).document).toEqual({
      data: { type: 'person', id: '2' },
      links: { self: '/computers/3/relationships/owner', related: '/computers/3/owner' },
      jsonapi: JSONAPI,
    });
    expect((await get('/computers/28/relationships/owner')).document).toEqual({
      data: null,
      links: { self: '/computers/28/relationships/owner', related: '/computers/28/owner' },
      jsonapi: JSONAPI,
    });
  });

  it('a person without computers has an empty related collection and linkage', async () => {
    expect(computersOf('3')).toEqual([]);
    expect((await get('/persons/3/computers')).document).toMatchObject({ data: [], meta: { count: 0 } });
    expect((await get('/persons/3/relationships/computers')).document).toMatchObject({ data: [], meta: { count: 0 } });
    expect(ownerOf('31')).toBeNull();
  });

  it('decodes each path segment once', async () => {
    const { status, document } = await get('/pers%6Fns/%31');
    expect(status).toBe(200);
    expect(document).toEqual({ data: personObject('1'), links: { self: '/pers%6Fns/%31' }, jsonapi: JSONAPI });
    expect((await get('/persons/%2531')).status).toBe(404);
  });
});

describe('404', () => {
  it.each([
    { path: '/robots', detail: 'No resource or route at this path.' },
    { path: '/', detail: 'No resource or route at this path.' },
    { path: '', detail: 'No resource or route at this path.' },
    { path: 'persons', detail: 'No resource or route at this path.' },
    { path: '/persons/', detail: 'No resource or route at this path.' },
    { path: '/persons/1/', detail: 'No resource or route at this path.' },
    { path: '//persons', detail: 'No resource or route at this path.' },
    { path: '/persons/1/owner', detail: 'No resource or route at this path.' },
    { path: '/persons/1/relationships', detail: 'No resource or route at this path.' },
    { path: '/persons/1/relationships/owner', detail: 'No resource or route at this path.' },
    { path: '/persons/1/links/computers', detail: 'No resource or route at this path.' },
    { path: '/persons/1/relationships/computers/1', detail: 'No resource or route at this path.' },
    { path: '/persons/%E0%A4%A', detail: 'No resource or route at this path.' },
    { path: '/persons/%zz', detail: 'No resource or route at this path.' },
    { path: '/__proto__', detail: 'No resource or route at this path.' },
    { path: '/persons/99', detail: 'No person with id "99".' },
    { path: '/persons/99/computers', detail: 'No person with id "99".' },
    { path: '/persons/99/relationships/computers', detail: 'No person with id "99".' },
    { path: '/computers/99/owner', detail: 'No computer with id "99".' },
    { path: '/persons/__proto__', detail: 'No person with id "__proto__".' },
    { path: `/persons/${'1'.repeat(65)}`, detail: 'No person with an id longer than 64 characters.' },
  ])('GET $path', async ({ path, detail }) => {
    const { status, headers, document } = await get(path);
    expect(status).toBe(404);
    expect(headers['content-type']).toBe(MEDIA_TYPE);
    expect(document).toEqual(notFound(detail));
  });

  it('an id of 64 characters is looked up', async () => {
    expect((await get(`/persons/${'1'.repeat(64)}`)).document).toEqual(notFound(`No person with id "${'1'.repeat(64)}".`));
  });

  it('the id limit is configurable per type', async () => {
    const { get: getLimited } = exampleHandler({ limits: { types: { person: { maxIdLength: 1 } } } });
    expect((await getLimited('/persons/10')).document).toEqual(
      notFound('No person with an id longer than 1 characters.'),
    );
    expect((await getLimited('/computers/10')).status).toBe(200);
  });

  it('the query is not parsed for a route that does not exist', async () => {
    expect((await get('/robots', 'sort=')).status).toBe(404);
  });
});

describe('methods', () => {
  it('HEAD answers like GET without a body', async () => {
    const { handle } = exampleHandler();
    const head = await handle({ method: 'HEAD', path: '/persons/1', query: '', headers: {} });
    const getResponse = await handle({ method: 'GET', path: '/persons/1', query: '', headers: {} });
    expect(head).toEqual({ status: 200, headers: getResponse.headers, body: '' });
    expect(await handle({ method: 'HEAD', path: '/persons/99', query: '', headers: {} })).toEqual({
      status: 404,
      headers: { 'content-type': MEDIA_TYPE, vary: 'Accept' },
      body: '',
    });
    expect((await handle({ method: 'HEAD', path: '/persons', query: 'sort=', headers: {} })).status).toBe(400);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'get', 'TRACE'])('%s is 405 with Allow', async (method) => {
    const { status, headers, document } = await get('/persons/1', '', {}, method);
    expect(status).toBe(405);
    expect(headers).toEqual({ 'content-type': MEDIA_TYPE, allow: 'GET, HEAD' });
    expect(document).toEqual({
      errors: [
        {
          status: '405',
          code: 'method_not_allowed',
          title: 'Method not allowed',
          detail: 'Only GET, HEAD are allowed on this route.',
        },
      ],
      jsonapi: JSONAPI,
    });
  });
});
