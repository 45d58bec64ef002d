/**
 * The filter rules (src/rules/filter-rules.ts): a client's filter and a server's scope
 * filter that break the same rule get the same code and the same words.
 */
import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { Operator } from '../../src/ast/operators.js';
import { isQueryError } from '../../src/errors/query-error.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type ScopeFilters } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { knownField, relationshipOperator, supportedOperator } from '../../src/rules/filter-rules.js';
import { requireType, resolveSchema } from '../../src/schema/resolved-schema.js';

const dataLayer = createMemoryLayer(exampleSchema, exampleData);
const owner = requireType(resolveSchema(exampleSchema), 'computer').relationships.get('owner');

/** The parser's one error for a JSON filter on a type. */
function parserError(type: 'person' | 'computer', entries: unknown[], operators?: ReadonlySet<Operator>) {
  try {
    parseQuery(`filter=${encodeURIComponent(JSON.stringify(entries))}`, { schema: exampleSchema, type, ...(operators === undefined ? {} : { operators }) });
  } catch (error) {
    if (isQueryError(error)) return error.errors[0];
  }
  throw new Error('no error');
}

/** The message of the `ScopeError` a scope given as a FilterNode gets at start-up. */
function scopeMessage(scope: Record<string, FilterNode>, operators = dataLayer.operators): string {
  try {
    createHandler({ schema: exampleSchema, dataLayer: { ...dataLayer, operators }, scope: scope as ScopeFilters });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('no error');
}

describe('one rule, one wording, for clients and for scopes', () => {
  it('an unknown field', () => {
    const detail = knownField.message('person', 'gendr');
    expect(parserError('person', [{ name: 'gendr', op: 'eq', val: 'f' }])).toMatchObject({ code: knownField.code, detail });
    expect(scopeMessage({ person: { kind: 'compare', field: 'gendr', op: 'eq', value: 'f' } as FilterNode })).toBe(`Invalid scope for type "person": ${detail}.`);
  });

  it('the wrong relationship operator', () => {
    if (owner === undefined) throw new Error('the example schema has computer.owner');
    expect(relationshipOperator.of(owner)).toBe('has');
    const detail = relationshipOperator.message(owner, 'any');
    expect(parserError('computer', [{ name: 'owner', op: 'any', val: { name: 'id', op: 'eq', val: '1' } }])).toMatchObject({ code: relationshipOperator.code, detail });
    const scope = { kind: 'any', relationship: 'owner', node: { kind: 'compare', field: 'id', op: 'eq', value: '1' } } as FilterNode;
    expect(scopeMessage({ computer: scope })).toBe(`Invalid scope for type "computer": ${detail}.`);
  });

  it('an operator the data layer does not evaluate', () => {
    const operators = new Set([...dataLayer.operators].filter((op) => op !== 'like'));
    expect(supportedOperator.check('like', operators)).toBe(false);
    expect(supportedOperator.check('like', undefined)).toBe(true);
    const detail = supportedOperator.message('like');
    expect(parserError('person', [{ name: 'name', op: 'like', val: 'J%' }], operators)).toMatchObject({ code: supportedOperator.code, detail });
    const scope = { kind: 'compare', field: 'name', op: 'like', value: 'J%' } as FilterNode;
    expect(scopeMessage({ person: scope }, operators)).toBe(`Invalid scope for type "person": ${detail}.`);
  });
});
