/**
 * Text values come resolved in the AST: `like`-family nodes carry the pattern's
 * tokens, `match` nodes their words, next to the value as sent (docs/ast.md).
 */
import { describe, expect, it } from 'vitest';
import { stringifyQuery } from '../../src/stringify/stringify-query.js';
import { jsonFilter, parse } from './test-schema.js';

const any = { kind: 'any' };
const one = { kind: 'one' };
const text = (value: string) => ({ kind: 'text', text: value });

describe('resolved text values', () => {
  it.each([
    ['%jo%', [any, text('jo'), any]],
    ['SN\\_100\\%', [text('SN_100%')]],
    ['a_b%', [text('a'), one, text('b'), any]],
    ['50\\%_%', [text('50%'), one, any]],
    ['trailing\\', [text('trailing\\')]],
    ['\\\\%', [text('\\'), any]],
    ['\\😀_', [text('😀'), one]],
    ['%%', [any, any]],
  ])('like %j → pattern tokens', (pattern, tokens) => {
    const filter = parse(jsonFilter([{ name: 'name', op: 'like', val: pattern }])).filter;
    expect(filter).toEqual({ kind: 'compare', field: 'name', op: 'like', value: pattern, pattern: tokens });
  });

  it.each(['ilike', 'notlike', 'notilike'] as const)('%s carries the tokens of the pattern as sent', (op) => {
    expect(parse(jsonFilter([{ name: 'name', op, val: 'A%' }])).filter).toMatchObject({
      value: 'A%',
      pattern: [text('A'), any],
    });
  });

  it.each([
    ['john smith', ['john', 'smith']],
    ['Doe, JOHN doe', ['doe', 'john']],
    ['Jean-Luc', ['jean', 'luc']],
  ])('match %j → words %j, each once', (value, words) => {
    expect(parse(jsonFilter([{ name: 'display_name', op: 'match', val: value }])).filter).toEqual({
      kind: 'compare',
      field: 'display_name',
      op: 'match',
      value,
      words,
    });
  });

  it('startswith and endswith carry no tokens: their value is literal', () => {
    expect(parse(jsonFilter([{ name: 'name', op: 'startswith', val: 'J%' }])).filter).toEqual({
      kind: 'compare',
      field: 'name',
      op: 'startswith',
      value: 'J%',
    });
  });

  it('stringify writes the value as sent, so the round trip keeps it', () => {
    const ast = parse(jsonFilter([{ name: 'name', op: 'like', val: 'a\\%b' }, { name: 'display_name', op: 'match', val: 'x X y' }]));
    expect(parse(stringifyQuery(ast))).toEqual(ast);
    expect(decodeURIComponent(stringifyQuery(ast))).toContain('"val":"a\\\\%b"');
  });
});
