/**
 * `withExplorer`: the pages for browsers, their assets from the package (the
 * reference renderer included), the page's schema; the pages under a
 * Content-Security-Policy with no inline script or style, `nosniff` on every answer,
 * an icon; nothing for other clients, nothing from `createHandler`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createExplainHandler } from '../../src/explain/index.js';
import { withExplorer } from '../../src/web-ui/index.js';
import { createHandler } from '../../src/http/handler.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';

const dataLayer = createMemoryLayer(exampleSchema, exampleData);
const options = { schema: exampleSchema, dataLayer };
const handle = withExplorer(createExplainHandler(options), options);
const get = (path: string, accept = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8') => ({
  method: 'GET',
  path,
  query: '',
  headers: { accept },
});

describe('the explorer pages', () => {
  it.each([
    ['/', 'Query explorer'],
    ['/docs', '__explorer/docs.js'],
  ])('serves %s to a browser', async (path, text) => {
    const response = await handle(get(path));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(text);
  });

  it.each(['/', '/docs'])('serves %s under a policy that allows no inline script, no framing, no sniffing', async (path) => {
    const { headers, body } = await handle(get(path));
    const policy = Object.fromEntries(
      String(headers['content-security-policy'] ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values]),
    );
    expect(policy).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'"],
      'connect-src': ["'self'"],
      'form-action': ["'self'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['vary']).toBe('Accept');
    // Nothing inline that the policy would refuse: scripts and styles are files, the icon is named.
    expect(body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(body).not.toMatch(/<style|\sstyle=|\son[a-z]+=|javascript:/i);
    expect(body).toContain('<link rel="icon" href="__explorer/favicon.svg" type="image/svg+xml">');
  });

  it('ships pages and scripts that set no inline style or handler the policy would refuse', () => {
    const folder = new URL('../../src/web-ui/static/', import.meta.url);
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.js'))) {
      const text = readFileSync(new URL(name, folder), 'utf8');
      expect(text, name).not.toMatch(/setAttribute\(\s*['"](style|on[a-z]+)['"]|innerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/);
    }
  });

  it('answers JSON:API clients at / as before', async () => {
    const response = await handle(get('/', 'application/vnd.api+json'));
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ errors: [{ code: 'not_found' }] });
  });

  it.each([
    ['/__explorer/explorer.js', 'text/javascript; charset=utf-8', 'function run('],
    ['/__explorer/explorer.css', 'text/css; charset=utf-8', '@media'],
    ['/__explorer/docs.js', 'text/javascript; charset=utf-8', "fetch(new URL('openapi.json'"],
    ['/__explorer/docs.css', 'text/css; charset=utf-8', '.op'],
    ['/__explorer/favicon.svg', 'image/svg+xml', '<svg'],
  ])('serves the asset %s from the package, not to be sniffed', async (path, type, text) => {
    const response = await handle(get(path, '*/*'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.body).toContain(text);
  });

  it('answers a browser asking for /favicon.ico with the icon, and a JSON:API client with its 404', async () => {
    const icon = await handle(get('/favicon.ico', 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'));
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['vary']).toBe('Accept');
    const api = await handle(get('/favicon.ico', 'application/vnd.api+json'));
    expect(api.status).toBe(404);
  });

  it('describes the schema with the operators the data layer evaluates', async () => {
    const response = await handle(get('/__explorer/schema.json', 'application/json'));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const schema = JSON.parse(response.body) as { types: { name: string; fields: { name: string; kind: string }[] }[]; operatorsByKind: Record<string, string[]> };
    expect(schema.types.map((type) => type.name)).toEqual(['person', 'computer']);
    expect(schema.types[0]?.fields).toContainEqual(expect.objectContaining({ name: 'birth_date', kind: 'date' }));
    expect(schema.operatorsByKind['date']).not.toContain('like');
  });

  it('is not served by createHandler', async () => {
    const plain = createHandler({ schema: exampleSchema, dataLayer });
    expect((await plain(get('/'))).status).toBe(404);
    expect((await plain(get('/__explorer/explorer.js'))).status).toBe(404);
  });
});
