/**
 * The README's examples, run as written, so the first code a user reads stays true.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defineSchema, parseQuery } from '../src/index.js';
import { exampleData, exampleSchema } from '../src/example/index.js';
import { createHandler } from '../src/http/index.js';
import { createMemoryLayer } from '../src/layers/memory/index.js';

describe('README', () => {
  it('schema → parseQuery → AST', () => {
    const schema = defineSchema({
      types: {
        person: {
          root: 'persons',
          attributes: {
            name: { type: 'string' },
            birth_date: { type: ['string', 'null'], format: 'date' },
          },
          relationships: { computers: { target: 'computer', to: 'many', inverse: 'owner' } },
        },
        computer: {
          root: 'computers',
          attributes: { serial: { type: 'string' } },
          relationships: { owner: { target: 'person', to: 'one', inverse: 'computers' } },
        },
      },
    });

    const ast = parseQuery('filter[computers__serial]=SN1&sort=-birth_date&page[size]=10', { schema, type: 'person' });
    expect(ast.filter).toEqual({
      kind: 'any',
      relationship: 'computers',
      node: { kind: 'compare', field: 'serial', op: 'eq', value: 'SN1' },
    });
    expect(ast.sort).toEqual([
      { path: [], field: 'birth_date', direction: 'desc' },
      { path: [], field: 'id', direction: 'asc' },
    ]);
    expect(ast.page).toEqual({ kind: 'offset', size: 10, number: 1 });
  });

  it('serves the example with the memory layer', async () => {
    const handler = createHandler({ schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) });
    const response = await handler({ method: 'GET', path: '/persons/1', query: '', headers: {} });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.api+json');
    expect(JSON.parse(response.body)).toMatchObject({ data: { type: 'person', id: '1' }, jsonapi: { version: '1.0' } });
  });

  it('its commands write only files git ignores', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const written = new Set([...readme.matchAll(/--db sqlite:(\S+)|--out (\S+)/g)].map((match) => match[1] ?? match[2] ?? ''));
    expect([...written].sort()).toEqual(['example.db', 'openapi.json']);
    // git check-ignore prints the paths it ignores (and exits 1 when it ignores none).
    const ignored = execFileSync('git', ['check-ignore', '--', ...written], { cwd: root, encoding: 'utf8' });
    expect(ignored.split('\n').filter(Boolean).sort()).toEqual([...written].sort());
  });
});
