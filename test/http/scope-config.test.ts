import { describe, expect, it, vi } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import { filterHelper } from '../../src/query-builder/filter-helper.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, ScopeError, type ScopeFilters } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';

const dataLayer = createMemoryLayer(exampleSchema, exampleData);
/** Scopes as an untyped configuration (read from a file, say) hands them over. */
const untyped = (scope: Record<string, unknown>) => scope as ScopeFilters;

describe('a fixed scope is checked when the handler is created', () => {
  it.each([
    {
      description: 'a misspelled field in the JSON form',
      scope: { person: [{ name: 'gendr', op: 'eq', val: 'f' }] },
      message: 'Invalid scope for type "person": Type "person" has no field "gendr"',
    },
    {
      description: 'a misspelled field behind a relationship in the JSON form',
      scope: { computer: [{ name: 'owner', op: 'has', val: { name: 'nmae', op: 'eq', val: 'Jane' } }] },
      message: 'Invalid scope for type "computer": Type "person" has no field "nmae"',
    },
    {
      description: 'a misspelled field in a FilterNode',
      scope: { person: { kind: 'compare', field: 'gendr', op: 'eq', value: 'f' } },
      message: 'Invalid scope for type "person": Type "person" has no field "gendr".',
    },
    {
      description: 'a FilterNode through a relationship the type does not have',
      scope: { computer: { kind: 'has', relationship: 'ownr', node: { kind: 'compare', field: 'id', op: 'eq', value: 1 } } },
      message: 'Invalid scope for type "computer": Type "computer" has no relationship "ownr".',
    },
    {
      description: 'a FilterNode using `any` on a to-one relationship',
      scope: { computer: { kind: 'any', relationship: 'owner', node: { kind: 'compare', field: 'id', op: 'eq', value: 1 } } },
      message: 'Invalid scope for type "computer": "any" does not apply to the to-one relationship "computer.owner".',
    },
    {
      description: 'a type the schema does not have',
      scope: { persons: [{ name: 'gender', op: 'eq', val: 'f' }] },
      message: 'Invalid scope for type "persons": The schema has no resource type "persons".',
    },
  ])('$description', ({ scope, message }) => {
    const create = () => createHandler({ schema: exampleSchema, dataLayer, scope: untyped(scope) });
    expect(create).toThrow(ScopeError);
    expect(create).toThrow(message);
  });

  it('an operator the layer does not evaluate', () => {
    const operators = new Set([...dataLayer.operators].filter((op) => op !== 'like'));
    const layer = { ...dataLayer, operators };
    const scope = untyped({ person: { kind: 'compare', field: 'name', op: 'like', value: 'J%' } });
    expect(() => createHandler({ schema: exampleSchema, dataLayer: layer, scope })).toThrow(
      'Invalid scope for type "person": The data layer does not support the operator "like".',
    );
  });

  it('serves a valid fixed scope, built with the typed helper', async () => {
    const person = filterHelper(exampleSchema, 'person');
    const handle = createHandler({ schema: exampleSchema, dataLayer, scope: { person: person.eq('gender', 'x') } });
    const response = await handle({ method: 'GET', path: '/persons', query: '', headers: {} });
    const ids = (JSON.parse(response.body) as { data: { id: string }[] }).data.map((resource) => resource.id);
    expect(ids).toEqual(['17', '27', '6', '9']);
  });
});

describe('a scope built per request that does not fit the schema', () => {
  it('is a logged 500 that does not reveal the configuration, with or without a filter', async () => {
    const logger = { error: vi.fn() };
    const misspelled: FilterNode = { kind: 'compare', field: 'publishd', op: 'eq', value: true };
    const handle = createHandler({
      schema: exampleSchema,
      dataLayer,
      logger,
      scope: (request) =>
        untyped(request.headers['x-form'] === 'json' ? { person: [{ name: 'publishd', op: 'eq', val: true }] } : { person: misspelled }),
    });
    for (const [form, query] of [['json', ''], ['json', 'filter[name]=Jane'], ['node', '']] as const) {
      const response = await handle({ method: 'GET', path: '/persons', query, headers: { 'x-form': form } });
      expect(response.status, `${form} ${query}`).toBe(500);
      const document = JSON.parse(response.body) as { errors: { code: string; detail: string; source?: unknown }[] };
      expect(document.errors).toEqual([{ status: '500', code: 'internal_error', title: expect.any(String), detail: 'The server failed to process the request.' }]);
      expect(response.body).not.toContain('publishd');
    }
    expect(logger.error).toHaveBeenCalledTimes(3);
    const [message, error] = logger.error.mock.calls[0] as [string, Error];
    expect(message).toBe('Request failed');
    expect(error).toBeInstanceOf(ScopeError);
    expect(error.message).toBe('Invalid scope for type "person": Type "person" has no field "publishd"');
  });
});
