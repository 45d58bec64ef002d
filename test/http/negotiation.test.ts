import { describe, expect, it } from 'vitest';
import { exampleHandler, JSONAPI, MEDIA_TYPE } from './helpers.js';

const { get } = exampleHandler();

const notAcceptable = {
  errors: [
    {
      status: '406',
      code: 'not_acceptable',
      title: 'Not acceptable',
      detail:
        'Every application/vnd.api+json in Accept carries media type parameters (other than ext and profile) or extensions this server does not support.',
    },
  ],
  jsonapi: JSONAPI,
};

const unsupported = {
  errors: [
    {
      status: '415',
      code: 'unsupported_media_type',
      title: 'Unsupported media type',
      detail:
        'The application/vnd.api+json Content-Type carries media type parameters (other than ext and profile) or extensions this server does not support.',
    },
  ],
  jsonapi: JSONAPI,
};

describe('Accept (JSON:API 1.1)', () => {
  it.each([
    { accept: undefined, status: 200 },
    { accept: '*/*', status: 200 },
    { accept: 'application/*', status: 200 },
    { accept: MEDIA_TYPE, status: 200 },
    { accept: 'APPLICATION/VND.API+JSON', status: 200 },
    { accept: `${MEDIA_TYPE}; profile="https://example.com/profiles/flexible"`, status: 200 },
    { accept: `${MEDIA_TYPE};q=0.5`, status: 200 },
    { accept: `${MEDIA_TYPE}; q=0.9; charset=utf-8`, status: 200 },
    { accept: `${MEDIA_TYPE}; charset=utf-8, ${MEDIA_TYPE}`, status: 200 },
    { accept: 'text/html', status: 200 },
    { accept: 'text/html, application/json;q=0.9', status: 200 },
    { accept: ['text/html', MEDIA_TYPE], status: 200 },
    { accept: `${MEDIA_TYPE}; charset=utf-8`, status: 406 },
    { accept: `${MEDIA_TYPE}; version=1.1, */*`, status: 406 },
    { accept: `${MEDIA_TYPE}; ext="https://jsonapi.org/ext/atomic"`, status: 406 },
    { accept: `${MEDIA_TYPE}; charset="a,b"; x=1`, status: 406 },
    { accept: `${MEDIA_TYPE};q=0`, status: 406 },
    { accept: ['text/html', `${MEDIA_TYPE}; charset=utf-8`], status: 406 },
  ])('Accept: $accept → $status', async ({ accept, status }) => {
    const response = await get('/persons/1', '', accept === undefined ? {} : { accept });
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe(MEDIA_TYPE);
    expect(response.headers['vary']).toBe('Accept');
    if (status === 406) expect(response.document).toEqual(notAcceptable);
  });
});

describe('Vary: Accept', () => {
  it.each([
    { description: 'a collection', path: '/persons', query: '' },
    { description: 'a related route', path: '/persons/1/computers', query: 'include=owner' },
    { description: 'a relationship route', path: '/persons/1/relationships/computers', query: '' },
    { description: 'a 400', path: '/persons', query: 'sort=nmae' },
    { description: 'a 404 for an unknown owner, found by the data layer', path: '/persons/999/computers', query: '' },
    { description: 'a 414', path: '/persons', query: `filter[name]=${'x'.repeat(9_000)}` },
  ])('on $description, whose status a bad Accept would turn into a 406', async ({ path, query }) => {
    const response = await get(path, query);
    expect(response.headers['vary']).toBe('Accept');
    expect((await get(path, query, { accept: `${MEDIA_TYPE}; charset=utf-8` })).status).toBe(406);
  });

  it.each([
    { description: 'an unknown route', path: '/robots', method: 'GET', status: 404 },
    { description: 'an id that cannot exist', path: '/persons/x%00', method: 'GET', status: 404 },
    { description: 'a method not allowed', path: '/persons', method: 'POST', status: 405 },
  ])('not on $description: Accept plays no part', async ({ path, method, status }) => {
    const response = await get(path, '', { accept: `${MEDIA_TYPE}; charset=utf-8` }, method);
    expect(response.status).toBe(status);
    expect(response.headers['vary']).toBeUndefined();
  });

  it('on HEAD as on GET', async () => {
    expect((await get('/persons/1', '', {}, 'HEAD')).headers['vary']).toBe('Accept');
  });
});

describe('Content-Type', () => {
  it.each([
    { contentType: MEDIA_TYPE, status: 200 },
    { contentType: 'application/json; charset=utf-8', status: 200 },
    { contentType: `${MEDIA_TYPE}; profile="https://example.com/p"`, status: 200 },
    { contentType: `${MEDIA_TYPE}; charset=utf-8`, status: 415 },
    { contentType: `${MEDIA_TYPE}; ext="https://jsonapi.org/ext/atomic"`, status: 415 },
  ])('Content-Type: $contentType → $status', async ({ contentType, status }) => {
    const response = await get('/persons/1', '', { 'content-type': contentType });
    expect(response.status).toBe(status);
    if (status === 415) expect(response.document).toEqual(unsupported);
  });
});

it('checks the route before the method, the method before the media types', async () => {
  const bad = { accept: `${MEDIA_TYPE}; charset=utf-8`, 'content-type': `${MEDIA_TYPE}; charset=utf-8` };
  expect((await get('/robots', '', bad, 'POST')).status).toBe(404);
  expect((await get('/persons', '', bad, 'POST')).status).toBe(405);
  expect((await get('/persons', '', bad)).status).toBe(406);
  expect((await get('/persons', '', { 'content-type': bad['content-type'] })).status).toBe(415);
});
