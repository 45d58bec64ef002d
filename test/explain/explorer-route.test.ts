/**
 * `withExplorer`: the pages for browsers, their assets from the package (the renderer
 * included), the page's schema; nothing for other clients, nothing from `createHandler`.
 */
import { describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createExplainHandler } from '../../src/explain/index.js';
import { withExplorer } from '../../src/explorer/index.js';
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
    ['/docs', 'swagger-ui-bundle.js'],
  ])('serves %s to a browser', async (path, text) => {
    const response = await handle(get(path));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(text);
  });

  it('answers JSON:API clients at / as before', async () => {
    const response = await handle(get('/', 'application/vnd.api+json'));
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ errors: [{ code: 'not_found' }] });
  });

  it.each([
    ['/__explorer/explorer.js', 'text/javascript; charset=utf-8', 'function run('],
    ['/__explorer/explorer.css', 'text/css; charset=utf-8', '@media'],
    ['/__explorer/docs.js', 'text/javascript; charset=utf-8', 'SwaggerUIBundle'],
    ['/__explorer/swagger-ui-bundle.js', 'text/javascript; charset=utf-8', 'SwaggerUIBundle'],
    ['/__explorer/swagger-ui.css', 'text/css; charset=utf-8', '.swagger-ui'],
  ])('serves the asset %s from the package', async (path, type, text) => {
    const response = await handle(get(path, '*/*'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.body).toContain(text);
  });

  it('describes the schema with the operators the data layer evaluates', async () => {
    const response = await handle(get('/__explorer/schema.json', 'application/json'));
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
